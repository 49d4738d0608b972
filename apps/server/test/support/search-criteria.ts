import { type SearchCriteria, searchCriteriaSchema } from '@junction/domain';

/**
 * One adult, one way by air in economy from Beijing to `destination` on `date` (`yyyy/MM/dd`), read as the
 * search service reads criteria (every default filled in): what a price alert or a lowest price is of.
 */
export const flightsFromBeijing = (destination: string, date: string): SearchCriteria =>
  searchCriteriaSchema.parse({
    type: 1,
    mode: 'flight',
    legs: [{ departure: 'BJS', destination, departure_date: date }],
  });
