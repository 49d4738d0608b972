import { type Currency, convertMoney, type Order, type PaymentState } from '@junction/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencyTable } from '../../../shared/api/reference';
import { usePreferences } from '../../../shared/lib/preferences';
import { brandName } from '../../../shared/ui/card/brand-mark';
import { useFormatMoney } from '../../../shared/ui/price';
import { TravelDates } from '../../../shared/ui/travel-dates';
import { useChangeBeingPaid } from '../api/payment';
import { ChangeSummary } from './change-summary';
import styles from './payment.module.css';

/** Where the payment stands, for the words around its amount. */
export type SummaryStage = 'due' | 'paid' | 'held';

/** The charge in CNY (what is taken), with the display currency beside it, rounded up (spec §9). */
export function Charge({ amountMinor, testId = 'charge-cny' }: { amountMinor: number; testId?: string }) {
  const { currency } = usePreferences();
  const table = useCurrencyTable().data;
  const format = useFormatMoney();
  const cny = { amountMinor, currency: 'CNY' as const };
  const shown = currency !== 'CNY' && table ? convertMoney(cny, currency as Currency, table.rates.rates) : undefined;
  return (
    <span className={styles.charge}>
      <strong data-testid={testId}>{format(cny)}</strong>
      {shown ? (
        <span className={styles.converted} data-testid="charge-display">
          ≈ {format(shown)}
        </span>
      ) : null}
    </span>
  );
}

/** The words above the amount: to pay, the price difference to pay, paid, or held on the card. */
export function useAmountLabel(stage: SummaryStage, isDifference: boolean): string {
  const { t } = useTranslation('payment');
  if (stage === 'paid') return t('amountPaid');
  if (stage === 'held') return t('amountHeld');
  return isDifference ? t('difference') : t('total');
}

/**
 * The order's side card on the payment page: route, number, the amount with what it is (to pay, paid,
 * held), how it is charged for the chosen method, and the time left to pay.
 */
export function PaymentSummary(p: {
  order: Order;
  amountMinor: number;
  isDifference: boolean;
  stage: SummaryStage;
  method: 'alipay' | 'wechat' | 'card' | 'wallet' | 'saved' | null;
  state: PaymentState | null;
  countdown: string | null;
}) {
  const { t } = useTranslation('payment');
  const { language } = usePreferences();
  const label = useAmountLabel(p.stage, p.isDifference);
  const card = p.state?.card ? `${brandName(p.state.card.brand)} •••• ${p.state.card.last4}` : null;
  const how = {
    paid: card
      ? t('paidWithCard', { card })
      : p.state?.app
        ? t('paidWithApp', { app: t(`method.${p.state.app}`) })
        : t('paidFromWallet'),
    held: card ? t('heldOnCard', { card }) : null,
    due:
      p.method === 'wallet'
        ? t('walletInCny')
        : p.method === null || p.method === 'alipay' || p.method === 'wechat'
          ? t('inCny')
          : t('chargedInCny'),
  }[p.stage];
  const change = useChangeBeingPaid(p.order.id, p.isDifference).data;
  return (
    <Card className={styles.summary}>
      {change ? (
        <ChangeSummary change={change} />
      ) : (
        <>
          <div className={styles.route}>
            {p.order.places.from[language]} → {p.order.places.to[language]}
          </div>
          <div className={styles.muted}>
            <TravelDates departure={p.order.departureTime} arrival={p.order.arrivalTime} />
          </div>
        </>
      )}
      <div className={styles.muted}>
        {t('orderNumber')} {p.order.orderNumber}
      </div>
      <div className={styles.amountLabel} data-testid="amount-label">
        {label}
      </div>
      <Charge amountMinor={p.amountMinor} />
      {how ? (
        <div className={styles.muted} data-testid="charge-how">
          {how}
        </div>
      ) : null}
      {p.countdown ? (
        <div className={styles.timer}>
          <span className={styles.muted}>{t('payWithin')}</span>
          <strong className={styles.countdown} data-testid="payment-countdown">
            {p.countdown}
          </strong>
        </div>
      ) : null}
    </Card>
  );
}
