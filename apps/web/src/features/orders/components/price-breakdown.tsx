import { type PriceBreakdown as Breakdown, formatMoney } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';

export type PriceBreakdownProps = { breakdown: Breakdown };

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** Fares per traveller type, taxes, extras and service fees in the display currency; the charge in CNY. */
export function PriceBreakdown({ breakdown }: PriceBreakdownProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
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
      {breakdown.taxesMinor > 0 ? (
        <div className={`${styles.breakdownRow} ${styles.breakdownMinor}`}>
          <dt>{t('breakdown.taxes')}</dt>
          <dd>
            <Price money={cny(breakdown.taxesMinor)} />
          </dd>
        </div>
      ) : null}
      {breakdown.extras.length > 0 ? <dt className={styles.breakdownHead}>{t('breakdown.extras')}</dt> : null}
      {breakdown.extras.map((e) => (
        <div key={e.kind} className={styles.breakdownRow}>
          <dt>{t(`breakdown.${e.kind}`, { count: e.count })}</dt>
          <dd>
            <Price money={cny(e.totalMinor)} />
          </dd>
        </div>
      ))}
      {breakdown.serviceFees.length > 0 ? <dt className={styles.breakdownHead}>{t('breakdown.serviceFees')}</dt> : null}
      {breakdown.serviceFees.map((e) => (
        <div key={e.kind} className={styles.breakdownRow}>
          <dt>{t(`breakdown.${e.kind}`, { count: e.count })}</dt>
          <dd>
            <Price money={cny(e.totalMinor)} />
          </dd>
        </div>
      ))}
      {breakdown.groundEstimateMinor > 0 ? (
        <div className={`${styles.breakdownRow} ${styles.breakdownMinor}`}>
          <dt>{t('breakdown.ground')}</dt>
          <dd>
            <Price money={cny(breakdown.groundEstimateMinor)} />
          </dd>
        </div>
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
