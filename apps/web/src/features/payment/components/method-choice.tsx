import type { SavedCard } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { brandName } from '../../../shared/ui/card/brand-mark';
import { PAY_APP_MARKS } from '../../../shared/ui/pay-marks';
import { useFormatMoney } from '../../../shared/ui/price';
import styles from './payment.module.css';

const APPS = Object.keys(PAY_APP_MARKS) as (keyof typeof PAY_APP_MARKS)[];

/** Alipay, a new card, the wallet's balance, or one of the wallet's saved cards (`saved:<id>`). */
export type Method = 'alipay' | 'wechat' | 'card' | 'wallet' | `saved:${string}`;

/**
 * The ways to pay an order, in the order Chinese travellers expect them: Alipay and WeChat Pay (those the site offers),
 * the wallet's saved cards, a new card, and the wallet's balance. A saved card locked after three wrong
 * security codes is offered but off, saying until when.
 */
export function MethodChoice(p: {
  /** The wallet apps the site offers (`/api/payment/methods`). */
  apps: readonly ('alipay' | 'wechat')[];
  value: Method | null;
  onChange: (method: Method) => void;
  savedCards: SavedCard[];
  walletBalance: number | undefined;
  /** A waiting-list order is held on a card: the wallet is offered but off. */
  walletOff: boolean;
}) {
  const { t } = useTranslation('payment');
  const formatMoney = useFormatMoney();
  const { language } = usePreferences();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Radio.Group
      value={p.value}
      onChange={(e) => p.onChange(e.target.value as Method)}
      className={styles.methods}
      data-testid="payment-methods"
    >
      {APPS.filter((a) => p.apps.includes(a)).map((a) => {
        const Mark = PAY_APP_MARKS[a];
        return (
          <Radio.Button key={a} value={a} className={styles.method} disabled={p.walletOff} data-testid={`method-${a}`}>
            <span className={styles.methodName}>
              <Mark size={20} /> {t(`method.${a}`)}
            </span>
            <span className={styles.methodHint}>{p.walletOff ? t('waitlist.appOff') : t(`method.${a}Hint`)}</span>
          </Radio.Button>
        );
      })}
      {p.savedCards.map((c) => (
        <Radio.Button
          key={c.id}
          value={`saved:${c.id}`}
          className={styles.method}
          disabled={c.lockedUntil !== null}
          data-testid="method-saved-card"
          data-locked={c.lockedUntil !== null}
        >
          <span className={styles.methodName}>
            {brandName(c.brand)} •••• {c.last4}
          </span>
          <span className={styles.methodHint}>
            {[
              c.description,
              c.lockedUntil
                ? t('saved.locked', { time: dateTime.format(new Date(c.lockedUntil)) })
                : t('saved.expires', { date: `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}` }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </Radio.Button>
      ))}
      <Radio.Button value="card" className={styles.method} data-testid="method-card">
        <span className={styles.methodName}>{t('method.card')}</span>
        <span className={styles.methodHint}>{t('method.cardHint')}</span>
      </Radio.Button>
      <Radio.Button value="wallet" className={styles.method} disabled={p.walletOff} data-testid="method-wallet">
        <span className={styles.methodName}>{t('method.wallet')}</span>
        <span className={styles.methodHint} data-testid="wallet-available">
          {p.walletOff
            ? t('waitlist.walletOff')
            : p.walletBalance !== undefined
              ? t('method.walletHint', { balance: formatMoney({ amountMinor: p.walletBalance, currency: 'CNY' }) })
              : ''}
        </span>
      </Radio.Button>
    </Radio.Group>
  );
}
