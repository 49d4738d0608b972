import type { SearchCriteria, SearchResult } from '@junction/domain';
import type { Answer } from './search-store';

/** What the month of fares learns from searches. */
export type FareLog = {
  searched: (criteria: SearchCriteria) => Promise<void>;
  answered: (criteria: SearchCriteria, results: readonly SearchResult[]) => Promise<void>;
};

/**
 * Tells the month of fares of a search as it starts, and of its answers' results once every ask has settled
 * (`asks` settle with an answer's id, or undefined for a failure; `answers` finds them, held or stored): the
 * lowest prices are those of the session's results, sellers of one trip merged or not. A by-product: the
 * search never waits for it nor fails with it.
 */
export function tellFareLog(
  log: FareLog,
  criteria: SearchCriteria,
  asks: readonly Promise<string | undefined>[],
  answers: (ids: string[]) => Promise<Map<string, Answer>>,
): void {
  log.searched(criteria).catch(() => {});
  void Promise.all(asks)
    .then((ids) => answers(ids.flatMap((a) => a ?? [])))
    .then((found) =>
      log.answered(
        criteria,
        [...found.values()].flatMap((a) => a.results),
      ),
    )
    .catch(() => {});
}
