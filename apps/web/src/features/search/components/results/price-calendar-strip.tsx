import { type PriceCalendarView, RESULT_KINDS, type ResultKind } from '@junction/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { Price } from '../../../../shared/ui/price';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden';
import { toMoney } from '../../lib/result-model';
import { formatRequestDate } from '../../lib/use-result-format';
import { ModeIcon } from '../mode-icon';
import styles from './price-calendar-strip.module.css';

export type PriceCalendarStripProps = {
  days: PriceCalendarView['days'];
  /** The date the list shows: one of a flexible search's dates, or all of them (null). */
  selected: string | null;
  cheapest: string | null;
  /** The date searched for, marked in the strip. */
  searched: string;
  /** The kinds of trip the search is for, in the order a day lists their prices. */
  kinds: readonly ResultKind[];
  onSelect: (date: string | null) => void;
  /** A flexible search's strip starts with "all dates"; a search on one date moves to the day chosen. */
  hasAllDates: boolean;
  /** The prices are on their way: each day keeps their place. */
  isLoading?: boolean;
};

const ICON: Record<ResultKind, string> = { flight: 'air', train: 'train', mix: 'door' };

/**
 * The lowest price of each kind of trip (flights, trains, door to door) per departure date, the day's
 * cheapest and the cheapest day marked: a flexible search's dates filter the list, the days around a
 * search on one date each open that day's search.
 */
export function PriceCalendarStrip(props: PriceCalendarStripProps) {
  const { days, selected, cheapest, searched, kinds, onSelect, hasAllDates, isLoading = false } = props;
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const shown = RESULT_KINDS.filter((k) => kinds.includes(k));
  const stripRef = useRef<HTMLElement>(null);
  const focus = selected ?? searched;
  useEffect(() => {
    // On a narrow screen the strip scrolls: the day shown stands in its middle (the page itself stays put).
    const strip = stripRef.current;
    if (days.length === 0) return;
    const day = strip?.querySelector<HTMLElement>(`[data-date="${focus}"]`);
    if (strip && day) strip.scrollLeft = day.offsetLeft - (strip.clientWidth - day.offsetWidth) / 2;
  }, [focus, days.length]);
  // While no day can be chosen (their prices still coming), the strip itself takes the focus, so that the
  // keyboard can scroll it as a finger does.
  const isDayChoosable = hasAllDates || days.some((day) => day.cheapest);
  return (
    <nav
      ref={stripRef}
      className={styles.strip}
      aria-label={t('calendar.label')}
      tabIndex={isDayChoosable ? undefined : 0}
      data-testid="price-calendar"
    >
      {hasAllDates ? (
        <button
          type="button"
          className={`${styles.day} ${styles.all} ${selected === null ? styles.selected : ''}`}
          aria-pressed={selected === null}
          onClick={() => onSelect(null)}
        >
          <span className={styles.date}>{t('calendar.allDates')}</span>
        </button>
      ) : null}
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
            aria-busy={isLoading}
            onClick={() => onSelect(isSelected && hasAllDates ? null : day.date)}
            data-testid="calendar-day"
            data-date={day.date}
          >
            <span className={styles.weekday}>{formatRequestDate(day.date, language, { weekday: 'short' })}</span>
            <span className={styles.date}>
              {formatRequestDate(day.date, language, { month: 'short', day: 'numeric' })}
            </span>
            {day.cheapest ? (
              <span className={styles.prices}>
                {shown.map((kind) => {
                  const price = day.lowest[kind];
                  const isLowest = !!price && price.amount === day.cheapest?.price.amount;
                  return (
                    <span
                      key={kind}
                      className={`${styles.kindPrice} ${isLowest ? styles.dayLowest : ''}`}
                      data-kind={kind}
                      data-amount={price?.amount}
                    >
                      <span className={styles.kindIcon} title={t(`kinds.${kind}`)}>
                        <ModeIcon mode={ICON[kind]} />
                      </span>
                      <VisuallyHidden>{t(`kinds.${kind}`)}</VisuallyHidden>
                      {price ? <Price money={toMoney(price)} className={styles.price} /> : <span>—</span>}
                    </span>
                  );
                })}
              </span>
            ) : isLoading ? (
              <span className={styles.prices} aria-hidden="true">
                {shown.map((kind) => (
                  <span key={kind} className={styles.kindPrice}>
                    <span className={styles.kindIcon}>
                      <ModeIcon mode={ICON[kind]} />
                    </span>
                    <span className={styles.pending} />
                  </span>
                ))}
              </span>
            ) : (
              <span className={styles.noPrice}>{t('calendar.noPrice')}</span>
            )}
            {day.date === cheapest ? <span className={styles.badge}>{t('calendar.cheapest')}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}
