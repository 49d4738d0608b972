import type { Refdata } from '@junction/refdata';
import type { OfferSource } from '../features/orders/ports';
import type { PassengersService } from '../features/passengers/passengers.service';
import type { RailTicketsInProgress, SavedTravellers } from '../features/rail/ports';
import type { RailService } from '../features/rail/rail.service';
import type { SearchService } from '../features/search/search.service';

/** The rail account saves the travellers it brings from 12306 among the user's saved travellers. */
export function savedTravellers(passengers: Pick<PassengersService, 'findByDocument' | 'save'>): SavedTravellers {
  return {
    findByDocument: (userId, type, number) => passengers.findByDocument(userId, type, number),
    save: (userId, input) => passengers.save(userId, input),
  };
}

/**
 * How many of a user's train tickets are being issued, counted by the orders.
 *
 * Rail and orders need each other: a booking asks the rail account how its trains can be ticketed, and
 * the rail account will not be unlinked while tickets are being issued in it. Rail is built first; it
 * reaches the orders' records through `orders()` when it counts, never while it is built.
 */
export function railTicketsInProgress(
  orders: () => { railTicketsInProgress(userId: string): Promise<number> } | undefined,
): RailTicketsInProgress {
  return {
    count: async (userId) => {
      const records = orders();
      if (!records) throw new Error('the rail account counted tickets before the orders were built');
      return records.railTicketsInProgress(userId);
    },
  };
}

/** What a booking sells, quoted again: the search's answer, the railway's seats and rail's fees and link. */
export function bookingOffers(
  search: { service: Pick<SearchService, 'quoteForBooking'>; railRemaining: OfferSource['railCapacity'] },
  rail: Pick<RailService, 'linkStatus' | 'fees'>,
  refdata: Pick<Refdata, 'trainServiceFees'>,
): OfferSource {
  return {
    quote: (searchId, resultId) => search.service.quoteForBooking(searchId, resultId),
    railCapacity: search.railRemaining,
    railServiceFeeMinor: refdata.trainServiceFees.offline.perTicketMinor,
    railTicketing: async (userId) => ({ link: await rail.linkStatus(userId), fees: rail.fees }),
  };
}
