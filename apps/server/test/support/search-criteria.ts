import type { SearchCriteria } from '@junction/domain';

/**
 * One adult, one way by air in economy from Beijing to `destination` on `date` (`yyyy/MM/dd`), every
 * field given as the search service holds criteria once read: what a price alert or a lowest price is of.
 */
export const flightsFromBeijing = (destination: string, date: string): SearchCriteria => ({
  type: 1,
  cabin: 'Y',
  adults: 1,
  children: 0,
  infants: 0,
  sort: 'best',
  mode: 'flight',
  flexDays: 0,
  filters: {},
  legs: [
    {
      departure: 'BJS',
      destination,
      departure_date: date,
      departure_only_airport: false,
      destination_only_airport: false,
    },
  ],
});
