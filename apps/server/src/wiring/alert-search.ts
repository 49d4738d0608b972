import type { AlertSearch } from '../features/alerts/ports';
import type { FaresService } from '../features/fares/fares.service';
import { routeNames } from '../features/search/route-names';
import type { SearchService } from '../features/search/search.service';

/**
 * A price alert's searches: the criteria checked as a search checks them, a fresh look at the suppliers,
 * the route's names, and the prices the month of fares holds for the days of an alert over a month.
 */
export function alertSearch(
  search: Pick<SearchService, 'request' | 'lowestNow'>,
  fares: Pick<FaresService, 'seenOn'>,
): AlertSearch {
  return {
    check: (criteria) => {
      search.request(criteria);
    },
    lowestNow: (criteria) => search.lowestNow(criteria),
    route: (criteria) => routeNames(search.request(criteria)),
    calendar: (criteria, days) => fares.seenOn(criteria, days),
  };
}
