import type { SeenPrice } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { Price } from '../../../../shared/ui/price';
import { fareMonthQueryOptions } from '../../api/fare-calendar-api';
import { toMoney } from '../../lib/result-model';
import styles from './fare-calendar.module.css';
import { FareGridTable, useSeenAgo } from './fare-grid';

export type FareCalendarProps = {
  /** The route's place tokens, as searches name it. */
  from: string;
  to: string;
  /** The chosen departure and, for a round trip, return ('yyyy-mm-dd'). */
  date: string;
  returnDate?: string | undefined;
  /** Days that can be searched ('yyyy-mm-dd'). */
  min: string;
  max: string;
  /** Searches a day, or a pair of days. */
  onChoose: (date: string, returnDate?: string) => void;
  onClose: () => void;
};

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const monthOf = (iso: string) => iso.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}
function daysOf(month: string): string[] {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
const lowest = (a?: SeenPrice, b?: SeenPrice) => (!a || !b ? (a ?? b) : a.price.amount <= b.price.amount ? a : b);

/** A month of the lowest price per day for the route, filling in as prices arrive; a day searches it. */
export function FareCalendar({ from, to, date, returnDate, min, max, onChoose, onClose }: FareCalendarProps) {
  const { t } = useTranslation('search-form');
  const { language } = usePreferences();
  const seenAgo = useSeenAgo();
  const [month, setMonth] = useState(monthOf(date));
  const query = { from, to, month: month.replace('-', '/') };
  const fares = useQuery(fareMonthQueryOptions(query));
  const byDay = new Map((fares.data?.days ?? []).map((d) => [d.date.replaceAll('/', '-'), lowest(d.flight, d.train)]));
  const title = dateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  const weekday = dateTimeFormat(language, { weekday: 'narrow', timeZone: 'UTC' });
  // 2024-01-01 was a Monday: the week's columns from Monday on.
  const weekdays = WEEK.map((key, i) => ({ key, name: weekday.format(new Date(Date.UTC(2024, 0, 1 + i))) }));
  const days = daysOf(month);
  return (
    <section className={styles.panel} aria-label={t('fares.title')} data-testid="fare-calendar">
      <header className={styles.head}>
        <button
          type="button"
          onClick={() => setMonth(shiftMonth(month, -1))}
          disabled={month <= monthOf(min)}
          aria-label={t('fares.previous')}
        >
          ‹
        </button>
        <h3 data-testid="fare-month">{title}</h3>
        <button
          type="button"
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={month >= monthOf(max)}
          aria-label={t('fares.next')}
        >
          ›
        </button>
        <button type="button" className={styles.close} onClick={onClose}>
          {t('fares.close')}
        </button>
      </header>
      <p className={styles.note}>{fares.isPending ? t('fares.loading') : t('fares.note')}</p>
      <div className={styles.month} aria-busy={fares.isPending}>
        {weekdays.map((w) => (
          <span key={w.key} className={styles.weekday} aria-hidden="true">
            {w.name}
          </span>
        ))}
        {days.map((day, i) => {
          const seen = byDay.get(day);
          const outside = day < min || day > max;
          return (
            <button
              key={day}
              type="button"
              className={`${styles.day} ${day === date ? styles.chosen : ''}`}
              style={i === 0 ? { gridColumnStart: weekdayOf(day) + 1 } : undefined}
              disabled={outside}
              onClick={() => onChoose(day, returnDate && returnDate < day ? day : returnDate)}
              data-testid="fare-day"
              data-date={day}
              data-price={seen?.price.amount}
              title={seen ? t('fares.seen', { ago: seenAgo(seen.seenAt) }) : undefined}
            >
              <span className={styles.dayNumber}>{Number(day.slice(8))}</span>
              {seen ? (
                <Price money={toMoney(seen.price)} className={styles.dayPrice} />
              ) : (
                <span className={styles.none}>—</span>
              )}
              {seen ? <span className={styles.seen}>{seenAgo(seen.seenAt)}</span> : null}
            </button>
          );
        })}
      </div>
      {returnDate ? (
        <FareGridTable from={from} to={to} date={date} returnDate={returnDate} onChoose={onChoose} />
      ) : null}
    </section>
  );
}
