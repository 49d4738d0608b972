import type { SearchCriteria, SearchResult } from '@junction/domain';

/** What the month of fares learns from searches. */
export type FareLog = {
  searched: (criteria: SearchCriteria) => Promise<void>;
  answered: (criteria: SearchCriteria, results: readonly SearchResult[]) => Promise<void>;
};
