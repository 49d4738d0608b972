import { InfoCircleOutlined } from '@ant-design/icons';
import { BEST_WEIGHTS, RAIL_SORTS, type ResultPage, type ResultSort, SORTS } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../../shared/lib/duration';
import { Price, useFormatCny } from '../../../../shared/ui/price';
import { Tooltip } from '../../../../shared/ui/tooltip';
import { toMoney } from '../../lib/result-model';
import { localClock } from '../../lib/time';
import { useFormatCo2 } from '../../lib/use-co2-format';
import styles from './sort-tabs.module.css';

export type SortTabsProps = {
  sort: ResultSort;
  onChange: (sort: ResultSort) => void;
  /** The railway direct view (spec §4): duration, departure time, price. */
  isRail: boolean;
  /** What leads each order among the results the filters let through, as the server found it. */
  leaders: ResultPage['leaders'];
};

/** One tab per order, each showing what leads under it: price and time, or the departure time. */
export function SortTabs({ sort, onChange, isRail, leaders }: SortTabsProps) {
  const { t } = useTranslation('results');
  const formatDuration = useFormatDuration();
  const formatCny = useFormatCny();
  const formatCo2 = useFormatCo2();
  const sorts: readonly ResultSort[] = isRail ? RAIL_SORTS : SORTS;

  const summary = (s: ResultSort) => {
    const leader = leaders[s];
    if (!leader) return <span className={styles.placeholder}>—</span>;
    if (s === 'earliest' || s === 'latest' || s === 'departure') {
      return <span className={styles.time}>{localClock(leader.departureTime)}</span>;
    }
    if (s === 'greenest' && leader.co2Grams !== undefined) {
      return (
        <>
          <span className={styles.price}>{formatCo2(leader.co2Grams)}</span>
          <Price money={toMoney(leader.price)} className={styles.duration} />
        </>
      );
    }
    return (
      <>
        <Price money={toMoney(leader.price)} className={styles.price} />
        <span className={styles.duration}>{formatDuration(leader.durationMinutes)}</span>
      </>
    );
  };

  return (
    <div className={styles.wrap}>
      {isRail ? (
        <p className={styles.railTitle}>
          <strong>{t('sort.railTitle')}</strong> <span>{t('sort.railHint')}</span>
        </p>
      ) : null}
      <div className={styles.tabsWrap}>
        <div
          className={`${styles.tabs} ${isRail ? styles.rail : ''}`}
          role="tablist"
          aria-label={t('sort.label')}
          data-testid="sort-tabs"
        >
          {sorts.map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={sort === s}
              aria-controls="search-results-list"
              className={`${styles.tab} ${sort === s ? styles.active : ''}`}
              onClick={() => onChange(s)}
              data-sort={s}
            >
              <span className={styles.label}>{t(`sort.${s}`)}</span>
              <span className={styles.summary}>{summary(s)}</span>
            </button>
          ))}
        </div>
        {/* Outside the tab list (which may hold only tabs), over the corner of the Best tab. */}
        {sorts.includes('best') ? (
          <Tooltip
            placement="bottom"
            title={t('sort.bestHint', {
              hour: formatCny(BEST_WEIGHTS.hourMinor),
              transfer: formatCny(BEST_WEIGHTS.transferMinor),
              selfTransfer: formatCny(BEST_WEIGHTS.selfTransferMinor),
            })}
          >
            <button type="button" className={styles.info} aria-label={t('sort.bestInfo')} data-testid="best-info">
              <InfoCircleOutlined />
            </button>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}
