import type { SearchCriteria, SearchResult } from '@junction/domain';

/** What the month of fares learns from searches. */
export type FareLog = {
  searched: (criteria: SearchCriteria) => Promise<void>;
  answered: (criteria: SearchCriteria, results: readonly SearchResult[]) => Promise<void>;
};

/** Sessions this process told the fare log about lately, so a search is told once, however often it is pulled. */
export const LOGGED_SESSIONS = 2_000;
