import { dateTimeFormat, type TopUpRefund } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { useFormatMoney } from '../../../shared/ui/price';
import { useTopUpRefunds } from '../api/wallet';
import { cnyMoney } from '../lib/wallet-money';
import styles from '../pages/wallet-page.module.css';

const STATE_COLOURS: Record<TopUpRefund['state'], string> = { pending: 'blue', succeeded: 'green', failed: 'red' };

/**
 * Top-ups paid after they had ended, whose money goes back to the app or card that paid them: on its way,
 * back, or refused there (customer service then returns it). Shown only when there is one.
 */
export function TopUpRefunds() {
  const { t } = useTranslation('wallet');
  const { language } = usePreferences();
  const format = useFormatMoney();
  const refunds = useTopUpRefunds();
  const items = refunds.data?.items ?? [];
  if (items.length === 0) return null;
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const to = (r: TopUpRefund) =>
    r.method === 'card' ? t('lateRefunds.card', { last4: r.last4 ?? '' }) : t(`topUp.apps.${r.method}`);
  return (
    <section className={styles.section} data-testid="topup-refunds">
      <div className={styles.sectionHead}>
        <h2>{t('lateRefunds.title')}</h2>
      </div>
      <p className={styles.privacy}>{t('lateRefunds.lead')}</p>
      <table className={styles.ledger}>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-testid="topup-refund" data-state={r.state}>
              <td className={styles.when}>{dateTime.format(new Date(r.createdAt))}</td>
              <td>
                <Tag variant="filled" color={STATE_COLOURS[r.state]} data-testid="topup-refund-state">
                  {t(`lateRefunds.states.${r.state}`)}
                </Tag>
                <span className={styles.reference}>{to(r)}</span>
                {r.state === 'failed' ? (
                  <div className={styles.reference} data-testid="topup-refund-failed">
                    {t('lateRefunds.failedNote')}
                  </div>
                ) : null}
              </td>
              <td className={styles.amountCol}>{format(cnyMoney(r.amount))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
