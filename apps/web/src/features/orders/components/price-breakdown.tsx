import { type PriceBreakdown as Breakdown, formatMoney, type Order } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';

export type PriceBreakdownProps = {
  breakdown: Breakdown;
  /** The money the order's ticket changes moved, when any did: the total becomes what was paid in all. */
  changeMoney?: Order['changeMoney'];
};

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** One line of the breakdown: what it is and its amount in CNY, shown in the display currency. */
function Row({
  label,
  amountMinor,
  minor = false,
  id,
}: {
  label: string;
  amountMinor: number;
  minor?: boolean;
  id?: string;
}) {
  return (
    <div className={minor ? `${styles.breakdownRow} ${styles.breakdownMinor}` : styles.breakdownRow} data-testid={id}>
      <dt>{label}</dt>
      <dd>
        <Price money={cny(amountMinor)} />
      </dd>
    </div>
  );
}

/** The booking's total, then each change's difference paid and what came back of changes, as their own lines. */
function ChangeRows({ bookedMinor, money }: { bookedMinor: number; money: NonNullable<Order['changeMoney']> }) {
  const { t } = useTranslation('orders');
  return (
    <>
      <Row label={t('breakdown.booked')} amountMinor={bookedMinor} />
      {money.difference.amount > 0 ? (
        <Row label={t('breakdown.changeDifference')} amountMinor={money.difference.amount} id="change-difference" />
      ) : null}
      {money.refund.amount > 0 ? (
        <Row label={t('breakdown.changeRefund')} amountMinor={-money.refund.amount} id="change-refund" />
      ) : null}
    </>
  );
}

/**
 * Fares per traveller type, taxes, extras and service fees in the display currency; the charge in CNY. After
 * a ticket change, the changes' money has its own lines and the total is what the traveller paid in all.
 */
export function PriceBreakdown({ breakdown, changeMoney = null }: PriceBreakdownProps) {
  const { t } = useTranslation('orders');
  const totalMinor = changeMoney?.total.amount ?? breakdown.totalMinor;
  const { language } = usePreferences();
  const counted = (head: 'extras' | 'serviceFees', lines: Breakdown['extras' | 'serviceFees']) =>
    lines.length > 0 ? (
      <>
        <dt className={styles.breakdownHead}>{t(`breakdown.${head}`)}</dt>
        {lines.map((e) => (
          <Row key={e.kind} label={t(`breakdown.${e.kind}`, { count: e.count })} amountMinor={e.totalMinor} />
        ))}
      </>
    ) : null;
  return (
    <dl className={styles.breakdown} data-testid="price-breakdown">
      <dt className={styles.breakdownHead}>{t('breakdown.fares')}</dt>
      {breakdown.fares.map((f) => (
        <div key={`${f.ticket}-${f.type}`} className={styles.breakdownRow} data-testid="fare-line">
          <dt>
            {t('breakdown.fareLine', {
              ticket: t(`tickets.${f.ticket}`),
              type: t(`types.${f.type}`),
              count: f.count,
            })}
          </dt>
          <dd>
            <Price money={cny(f.totalMinor)} />
          </dd>
        </div>
      ))}
      {breakdown.taxesMinor > 0 ? <Row label={t('breakdown.taxes')} amountMinor={breakdown.taxesMinor} minor /> : null}
      {counted('extras', breakdown.extras)}
      {counted('serviceFees', breakdown.serviceFees)}
      {breakdown.groundEstimateMinor > 0 ? (
        <Row label={t('breakdown.ground')} amountMinor={breakdown.groundEstimateMinor} minor />
      ) : null}
      {changeMoney ? <ChangeRows bookedMinor={breakdown.totalMinor} money={changeMoney} /> : null}
      <div className={`${styles.breakdownRow} ${styles.breakdownTotal}`}>
        <dt>{t(changeMoney ? 'breakdown.paidInAll' : 'breakdown.total')}</dt>
        <dd data-testid="order-total" data-amount={totalMinor}>
          <Price money={cny(totalMinor)} />
        </dd>
      </div>
      <p className={styles.charged}>{t('breakdown.charged', { amount: formatMoney(cny(totalMinor), language) })}</p>
    </dl>
  );
}
