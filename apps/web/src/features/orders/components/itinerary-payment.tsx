import type { Receipt } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { useFormatMoney } from '../../../shared/ui/price';
import styles from './itinerary-sheet.module.css';

/** What the order was paid with, when, and the total paid, at the foot of the printable itinerary. */
export function PaymentSummary({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const format = useFormatMoney();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('itineraryPage.payment')}</h2>
      <div className={styles.payment}>
        <div>
          {receipt.payments.map((p) => (
            <p key={`${p.paidAt}-${p.amount.amount}`} className={styles.paymentLine}>
              {p.method === 'wallet'
                ? t('receipt.wallet')
                : p.method === 'alipay' || p.method === 'wechat'
                  ? t(`receipt.${p.method}`)
                  : t('receipt.card', { brand: p.brand ? t(`receipt.brands.${p.brand}`) : '', last4: p.last4 })}
              <span className={styles.label}>
                {' '}
                · {t('receipt.paidOn')} {dateTime.format(new Date(p.paidAt))}
              </span>
            </p>
          ))}
        </div>
        <div className={styles.total}>
          <span className={styles.label}>{t('receipt.paid')}</span>
          <strong>{format({ amountMinor: receipt.paid.amount, currency: 'CNY' })}</strong>
        </div>
      </div>
    </section>
  );
}
