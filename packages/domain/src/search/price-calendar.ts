import { isSoldOutTrain } from '../rail/waitlist';
import { type PriceOf, shiftRequestDate } from './result-shape';
import type { SearchResult } from './search.schema';

export type CalendarDay = { date: string; cheapest: SearchResult | null };

/**
 * The dates of a flexible search, `flexDays` either side of the chosen date, each with its cheapest
 * bookable result (or none). A date with results on the calendar but outside the window is added at its end.
 */
export function priceCalendar(
  results: readonly SearchResult[],
  centerDate: string,
  flexDays: number,
  priceOf: PriceOf,
): CalendarDay[] {
  const cheapest = new Map<string, SearchResult>();
  for (const r of results) {
    // A sold-out train's fare is not one anybody can buy that day.
    if (isSoldOutTrain(r)) continue;
    const known = cheapest.get(r.date);
    if (!known || priceOf(r) < priceOf(known)) cheapest.set(r.date, r);
  }
  const dates = new Set<string>();
  for (let d = -flexDays; d <= flexDays; d++) dates.add(shiftRequestDate(centerDate, d));
  for (const date of cheapest.keys()) dates.add(date);
  return [...dates].sort().map((date) => ({ date, cheapest: cheapest.get(date) ?? null }));
}

/** The cheapest day of the calendar, for its highlight; none when no day has a price. */
export function cheapestDay(days: readonly CalendarDay[], priceOf: PriceOf): string | null {
  let best: CalendarDay | null = null;
  for (const day of days) {
    if (day.cheapest && (!best?.cheapest || priceOf(day.cheapest) < priceOf(best.cheapest))) best = day;
  }
  return best?.date ?? null;
}
