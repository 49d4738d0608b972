import { type PriceBreakdown as Breakdown, formatMoney } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';

export type PriceBreakdownProps = { breakdown: Breakdown };

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** One line of the breakdown: what it is and its amount in CNY, shown in the display currency. */
function Row({ label, amountMinor, minor = false }: { label: string; amountMinor: number; minor?: boolean }) {
  return (
    <div className={minor ? `${styles.breakdownRow} ${styles.breakdownMinor}` : styles.breakdownRow}>
      <dt>{label}</dt>
      <dd>
        <Price money={cny(amountMinor)} />
      </dd>
    </div>
  );
}

/** Fares per traveller type, taxes, extras and service fees in the display currency; the charge in CNY. */
export function PriceBreakdown({ breakdown }: PriceBreakdownProps) {
  const { t } = useTranslation('orders');
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
      <div className={`${styles.breakdownRow} ${styles.breakdownTotal}`}>
        <dt>{t('breakdown.total')}</dt>
        <dd data-testid="order-total" data-amount={breakdown.totalMinor}>
          <Price money={cny(breakdown.totalMinor)} />
        </dd>
      </div>
      <p className={styles.charged}>
        {t('breakdown.charged', { amount: formatMoney(cny(breakdown.totalMinor), language) })}
      </p>
    </dl>
  );
}
