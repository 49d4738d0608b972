import { CALENDAR_DAYS, calendarDay, calendarView, cnyPriceOf, type PriceCalendarView } from '@junction/domain';
import type { SearchService } from './search.service';

/**
 * The price calendar of a search on one date: the lowest price of each kind of trip (flights, trains,
 * door to door) on its date and the days around it, each day asked of the suppliers as a search on that
 * date would ask, so choosing a day finds its answers ready.
 */
export async function nearbyCalendar(search: SearchService, searchId: string): Promise<PriceCalendarView> {
  // Every supplier prices in CNY.
  const priceOf = cnyPriceOf(undefined);
  const days = await search.resultsAround(searchId, CALENDAR_DAYS);
  return calendarView(
    days.map((d) => calendarDay(d.date, d.results, priceOf)).sort((a, b) => a.date.localeCompare(b.date)),
    priceOf,
  );
}
