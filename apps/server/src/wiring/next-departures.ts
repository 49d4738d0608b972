import type { Refdata } from '@junction/refdata';
import type { NextDepartures } from '../features/fulfilment/ports';
import { nextDeparture } from '../features/search/next-departure';
import type { SearchService } from '../features/search/search.service';

/** A missed protected connection's next departure, found by asking search's suppliers of its kind. */
export const nextDepartures =
  (refdata: Refdata, search: Pick<SearchService, 'allSuppliers'>, now: () => Date): NextDepartures =>
  (ride) =>
    nextDeparture(refdata, () => search.allSuppliers(), ride, now());
