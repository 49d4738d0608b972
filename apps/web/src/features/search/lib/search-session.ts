import type { LocalText, PullResponse, SearchPhase, SearchResult } from '@junction/domain';

/** What the page knows of one search: its id, progress, and every result so far in arrival order. */
export type SearchSession = {
  searchId: string | null;
  phase: SearchPhase;
  answered: number;
  total: number;
  done: boolean;
  cursor: number;
  results: SearchResult[];
  /** Suppliers that did not answer, by name. */
  failed: LocalText[];
};

export const EMPTY_SESSION: SearchSession = {
  searchId: null,
  phase: 'request',
  answered: 0,
  total: 0,
  done: false,
  cursor: 0,
  results: [],
  failed: [],
};

export type SessionEvent = { type: 'started'; searchId: string } | { type: 'pulled'; response: PullResponse };

/**
 * Folds one event into the session. Results are append-only so the list can keep its order; a result
 * sent again under a known id (a supplier re-priced it) replaces the earlier one where it stands.
 */
export function reduceSession(session: SearchSession, event: SessionEvent): SearchSession {
  if (event.type === 'started') return { ...EMPTY_SESSION, searchId: event.searchId };
  const { response } = event;
  let results = session.results;
  if (response.results.length > 0) {
    const known = new Map(results.map((r, i) => [r.id, i]));
    results = [...results];
    for (const result of response.results) {
      const at = known.get(result.id);
      if (at === undefined) {
        known.set(result.id, results.length);
        results.push(result);
      } else results[at] = result;
    }
  }
  return {
    ...session,
    phase: response.phase,
    answered: response.answered,
    total: response.total,
    done: response.done,
    cursor: response.cursor,
    results,
    failed: [...session.failed, ...response.failed.filter((f) => !session.failed.some((k) => k.en === f.en))],
  };
}

/** Swaps in a re-priced result (after Select), keeping its place. */
export function replaceResult(session: SearchSession, result: SearchResult): SearchSession {
  const at = session.results.findIndex((r) => r.id === result.id);
  if (at < 0) return session;
  const results = [...session.results];
  results[at] = result;
  return { ...session, results };
}
