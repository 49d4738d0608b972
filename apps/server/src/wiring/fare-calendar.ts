import {
  encodePlaceCode,
  parseDoorToken,
  resolvePlaceToken,
  type SearchCriteria,
  searchCriteriaSchema,
  toRequestDate,
} from '@junction/domain';
import type { Refdata } from '@junction/refdata';
import type { FareTrip } from '../features/fares/fares.repository';
import type { FaresService, PlaceKey, TripPricer } from '../features/fares/fares.service';
import { placeLookup } from '../features/search/criteria-places';
import type { FareLog } from '../features/search/fare-log';
import type { PopularPairs } from '../features/search/search.jobs';
import type { SearchService } from '../features/search/search.service';

/** The criteria a trip of the month of fares is priced with: the search defaults, one adult in economy, flights and trains. */
export function fareCriteria(trip: FareTrip): SearchCriteria {
  const leg = { departure: trip.origin, destination: trip.destination, departure_date: toRequestDate(trip.day) };
  return searchCriteriaSchema.parse({
    type: trip.returnDay ? 2 : 1,
    legs: [trip.returnDay ? { ...leg, return_date: toRequestDate(trip.returnDay) } : leg],
  });
}

/** The fares job prices a trip through search, built after it (called when the job runs, never while built). */
export const tripPricer =
  (search: () => SearchService): TripPricer =>
  (trip) =>
    search().resultsFor(fareCriteria(trip));

/** Search tells the month of fares of each search and its results, and plans ahead for the pairs it names searched most. */
export const fareLog = (fares: FaresService): FareLog & { popularPairs: PopularPairs } => ({
  searched: (criteria) => fares.searched(criteria),
  answered: (criteria, results) => fares.answered(criteria, results),
  popularPairs: (limit) => fares.popularPairs(limit),
});

/** The month of fares keys a place by its place code, read from any token as search reads it; a door as given. */
export function placeKeyOf(refdata: Refdata): PlaceKey {
  const lookup = placeLookup(refdata);
  return (token) => {
    if (parseDoorToken(token)) return token;
    const place = resolvePlaceToken(token, lookup);
    return place ? encodePlaceCode(place.id) : token;
  };
}

/** What the month of fares needs of the rest: search to price trips, and the place data to key places. */
export const fareCalendarPorts = (refdata: Refdata, search: () => SearchService) => ({
  price: tripPricer(search),
  placeKey: placeKeyOf(refdata),
});
