import { CheckCircleFilled, CreditCardOutlined, WalletOutlined } from '@ant-design/icons';
import type { Order, Receipt, ReceiptPayment } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { PAY_APP_MARKS } from '../../../shared/ui/pay-marks';
import { useFormatMoney } from '../../../shared/ui/price';
import styles from './orders.module.css';

export type ReceiptCardProps = { order: Order; receipt: Receipt };

/** How one payment was made: the card's brand and last four digits, or the wallet balance. */
function MethodOf({ payment }: { payment: ReceiptPayment }) {
  const { t } = useTranslation('orders');
  if (payment.method === 'alipay' || payment.method === 'wechat') {
    const Mark = PAY_APP_MARKS[payment.method];
    return (
      <span className={styles.receiptMethod} data-testid="receipt-method">
        <Mark size={16} /> {t(`receipt.${payment.method}`)}
      </span>
    );
  }
  if (payment.method === 'wallet') {
    return (
      <span className={styles.receiptMethod} data-testid="receipt-method">
        <WalletOutlined /> {t('receipt.wallet')}
      </span>
    );
  }
  return (
    <span className={styles.receiptMethod} data-testid="receipt-method">
      <CreditCardOutlined />{' '}
      {t('receipt.card', { brand: payment.brand ? t(`receipt.brands.${payment.brand}`) : '', last4: payment.last4 })}
    </span>
  );
}

/**
 * The order's receipt (spec §3): each payment with its method and time, the fares, taxes and fees paid,
 * and once refunds are done, what came back and the refund fees kept; amounts in CNY as charged.
 */
export function ReceiptCard({ order, receipt }: ReceiptCardProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const format = useFormatMoney();
  const cny = (amount: number) => format({ amountMinor: amount, currency: 'CNY' });
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const b = order.breakdown;
  const fares = b.fares.reduce((s, f) => s + f.totalMinor, 0);
  const extras = b.extras.reduce((s, e) => s + e.totalMinor, 0);
  const serviceFees = b.serviceFees.reduce((s, e) => s + e.totalMinor, 0);
  const difference = receipt.payments
    .filter((p) => p.purpose === 'difference')
    .reduce((s, p) => s + p.amount.amount, 0);
  const net = receipt.paid.amount - receipt.refunded.amount;
  const row = (label: string, amount: number, testId?: string, minor = false) => (
    <div className={minor ? `${styles.receiptRow} ${styles.breakdownMinor}` : styles.receiptRow} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{cny(amount)}</dd>
    </div>
  );
  return (
    <Card
      title={
        <span className={styles.receiptTitle}>
          <CheckCircleFilled className={styles.receiptTick} /> {t('receipt.title')}
        </span>
      }
      className={styles.card}
      data-testid="receipt"
    >
      <div className={styles.receiptGrid}>
        <div>
          <p className={styles.receiptLabel}>{t('receipt.number')}</p>
          <p className={styles.receiptValue}>{order.orderNumber}</p>
          <ul className={styles.receiptPayments}>
            {receipt.payments.map((p) => (
              <li key={`${p.paidAt}-${p.amount.amount}`} data-testid="receipt-payment">
                <p className={styles.receiptLabel}>
                  {t(p.purpose === 'difference' ? 'receipt.differencePaid' : 'receipt.paidOn')}{' '}
                  <span data-testid="receipt-paid-at">{dateTime.format(new Date(p.paidAt))}</span>
                </p>
                <p className={styles.receiptValue}>
                  <MethodOf payment={p} /> · {cny(p.amount.amount)}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <dl className={styles.receiptAmounts}>
          {row(t('receipt.fares'), fares - b.taxesMinor)}
          {b.taxesMinor > 0 ? row(t('receipt.taxes'), b.taxesMinor, 'receipt-taxes') : null}
          {extras > 0 ? row(t('breakdown.extras'), extras) : null}
          {serviceFees > 0 ? row(t('breakdown.serviceFees'), serviceFees, 'receipt-service-fees') : null}
          {difference > 0 ? row(t('receipt.difference'), difference) : null}
          <div className={`${styles.receiptRow} ${styles.receiptTotal}`}>
            <dt>{t('receipt.paid')}</dt>
            <dd data-testid="receipt-paid" data-amount={receipt.paid.amount}>
              {cny(receipt.paid.amount)}
            </dd>
          </div>
          {receipt.refunded.amount > 0 || receipt.refundFees.amount > 0 ? (
            <>
              {row(t('receipt.refunded'), -receipt.refunded.amount, 'receipt-refunded')}
              {row(t('receipt.refundFees'), receipt.refundFees.amount, 'receipt-refund-fees', true)}
              <div className={`${styles.receiptRow} ${styles.receiptNet}`}>
                <dt>{t('receipt.net')}</dt>
                <dd data-testid="receipt-net">{cny(net)}</dd>
              </div>
            </>
          ) : null}
          <p className={styles.charged}>{t('receipt.currency')}</p>
        </dl>
      </div>
    </Card>
  );
}
