import type { ResultPage } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { Price } from '../../../../shared/ui/price';
import { toMoney } from '../../lib/result-model';
import { formatRequestDate } from '../../lib/use-result-format';
import styles from './price-calendar-strip.module.css';

export type PriceCalendarStripProps = {
  days: NonNullable<ResultPage['calendar']>['days'];
  selected: string | null;
  cheapest: string | null;
  /** The date searched for, marked in the strip. */
  searched: string;
  onSelect: (date: string | null) => void;
};

/** A flexible search's cheapest price per departure date; a date filters the list to it. */
export function PriceCalendarStrip({ days, selected, cheapest, searched, onSelect }: PriceCalendarStripProps) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  return (
    <nav className={styles.strip} aria-label={t('calendar.label')} data-testid="price-calendar">
      <button
        type="button"
        className={`${styles.day} ${styles.all} ${selected === null ? styles.selected : ''}`}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        <span className={styles.date}>{t('calendar.allDates')}</span>
      </button>
      {days.map((day) => {
        const isSelected = selected === day.date;
        return (
          <button
            key={day.date}
            type="button"
            className={[
              styles.day,
              isSelected ? styles.selected : '',
              day.date === cheapest ? styles.cheapest : '',
              day.date === searched ? styles.searched : '',
            ].join(' ')}
            aria-pressed={isSelected}
            disabled={!day.cheapest}
            onClick={() => onSelect(isSelected ? null : day.date)}
            data-date={day.date}
          >
            <span className={styles.weekday}>{formatRequestDate(day.date, language, { weekday: 'short' })}</span>
            <span className={styles.date}>
              {formatRequestDate(day.date, language, { month: 'short', day: 'numeric' })}
            </span>
            <span className={styles.price}>
              {day.cheapest ? <Price money={toMoney(day.cheapest.price)} /> : t('calendar.noPrice')}
            </span>
            {day.date === cheapest ? <span className={styles.badge}>{t('calendar.cheapest')}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}
