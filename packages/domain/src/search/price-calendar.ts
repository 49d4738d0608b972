import { isSoldOutTrain } from '../rail/waitlist';
import { type PriceOf, shiftRequestDate } from './result-shape';
import type { SearchResult } from './search.schema';
import { RESULT_KINDS, type ResultKind } from './search-options';

/** Days either side of the date searched that the price calendar of a search on one date shows. */
export const CALENDAR_DAYS = 3;

/** The lowest-priced result of each kind (flight, train, door to door) on one day. */
export type LowestByKind = Partial<Record<ResultKind, SearchResult>>;

export type CalendarDay = {
  date: string;
  cheapest: SearchResult | null;
  /** Each kind's cheapest that day: a 14-hour hard seat is the cheapest train, not the day's only price. */
  lowest: LowestByKind;
};

/** Each kind's cheapest result among these (one day's), leaving out trains sold out in every class. */
export function lowestByKind(results: readonly SearchResult[], priceOf: PriceOf): LowestByKind {
  const lowest: LowestByKind = {};
  for (const r of results) {
    // A sold-out train's fare is not one anybody can buy that day.
    if (isSoldOutTrain(r)) continue;
    const known = lowest[r.kind];
    if (!known || priceOf(r) < priceOf(known)) lowest[r.kind] = r;
  }
  return lowest;
}

/** The cheapest of a day's cheapest results by kind. */
function cheapestOf(lowest: LowestByKind, priceOf: PriceOf): SearchResult | null {
  let best: SearchResult | null = null;
  for (const kind of RESULT_KINDS) {
    const r = lowest[kind];
    if (r && (!best || priceOf(r) < priceOf(best))) best = r;
  }
  return best;
}

/**
 * The dates of a flexible search, `flexDays` either side of the chosen date, each with its cheapest
 * bookable result of each kind (or none). A date with results on the calendar but outside the window is
 * added at its end.
 */
export function priceCalendar(
  results: readonly SearchResult[],
  centerDate: string,
  flexDays: number,
  priceOf: PriceOf,
): CalendarDay[] {
  const byDate = new Map<string, SearchResult[]>();
  for (const r of results) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r]);
  const dates = new Set<string>();
  for (let d = -flexDays; d <= flexDays; d++) dates.add(shiftRequestDate(centerDate, d));
  for (const date of byDate.keys()) dates.add(date);
  return [...dates].sort().map((date) => calendarDay(date, byDate.get(date) ?? [], priceOf));
}

/** One day of the calendar from that day's results. */
export function calendarDay(date: string, results: readonly SearchResult[], priceOf: PriceOf): CalendarDay {
  const lowest = lowestByKind(results, priceOf);
  return { date, cheapest: cheapestOf(lowest, priceOf), lowest };
}

/**
 * The cheapest day of the calendar, for its highlight: none when no day has a price, or when two days share
 * the lowest (marking one of them would say it is cheaper than the other).
 */
export function cheapestDay(days: readonly CalendarDay[], priceOf: PriceOf): string | null {
  let best: CalendarDay | null = null;
  let shared = false;
  for (const day of days) {
    if (!day.cheapest) continue;
    const price = priceOf(day.cheapest);
    const lowest = best?.cheapest ? priceOf(best.cheapest) : Number.POSITIVE_INFINITY;
    if (price < lowest) {
      best = day;
      shared = false;
    } else if (price === lowest) shared = true;
  }
  return shared ? null : (best?.date ?? null);
}
