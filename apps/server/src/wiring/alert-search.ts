import type { AlertSearch } from '../features/alerts/ports';
import type { SearchService } from '../features/search/search.service';

/** A price alert's searches: the criteria checked as a search checks them, and a fresh look at the suppliers. */
export function alertSearch(search: Pick<SearchService, 'request' | 'lowestNow'>): AlertSearch {
  return {
    check: (criteria) => {
      search.request(criteria);
    },
    lowestNow: (criteria) => search.lowestNow(criteria),
  };
}
