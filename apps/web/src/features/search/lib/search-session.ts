import type { LocalText, PullResponse, ResultPage, SearchPhase, SearchResult } from '@junction/domain';
import { replaceEqualDeep } from '@tanstack/react-query';

/**
 * What the page knows of one search: its id, progress, and the page of results of the view it showed
 * last (the server sorts and filters); `results` holds what plain pulls brought, in arrival order.
 */
export type SearchSession = {
  searchId: string | null;
  phase: SearchPhase;
  answered: number;
  total: number;
  done: boolean;
  cursor: number;
  results: SearchResult[];
  /** The page of the view `pageKey` names, once one arrived. */
  page: ResultPage | null;
  pageKey: string | null;
  /** Suppliers that did not answer, by name. */
  failed: LocalText[];
  /** The server was too busy for the last call; it is being tried again. */
  isBusy: boolean;
  /** Flight offers left out for not selling the cabin searched with a seat for each traveller. */
  withoutCabin: number;
};

export const EMPTY_SESSION: SearchSession = {
  searchId: null,
  phase: 'request',
  answered: 0,
  total: 0,
  done: false,
  cursor: 0,
  results: [],
  page: null,
  pageKey: null,
  failed: [],
  isBusy: false,
  withoutCabin: 0,
};

export type SessionEvent =
  | { type: 'started'; searchId: string }
  /** A pull; `viewKey` names the view it asked for, if any. */
  | { type: 'pulled'; response: PullResponse; viewKey?: string }
  /** The server was too busy to start the search or answer a pull (419): it is asked again shortly. */
  | { type: 'busy' };

/**
 * Folds one event into the session. Results are append-only so the list can keep its order; a result
 * sent again under a known id (a supplier re-priced it) replaces the earlier one where it stands. A page
 * is taken only for the view the traveller wants now (`currentViewKey`): one asked for before they
 * changed the order or the filters never replaces the page of the new view.
 */
export function reduceSession(session: SearchSession, event: SessionEvent, currentViewKey?: string): SearchSession {
  if (event.type === 'started') return { ...EMPTY_SESSION, searchId: event.searchId };
  if (event.type === 'busy') return session.isBusy ? session : { ...session, isBusy: true };
  const { response } = event;
  const isCurrentPage =
    response.page !== undefined &&
    event.viewKey !== undefined &&
    (currentViewKey === undefined || currentViewKey === event.viewKey);
  const failed = response.failed.filter((f) => !session.failed.some((k) => k.en === f.en));
  // What a pull brings again unchanged keeps the object the page already shows, so nothing it draws from
  // is drawn again: a search's pulls every 400 ms redraw only what changed.
  const next: SearchSession = {
    ...session,
    phase: response.phase,
    answered: response.answered,
    total: response.total,
    done: response.done,
    cursor: response.cursor,
    results: mergeResults(session.results, response.results),
    page: isCurrentPage ? sharePage(session, response.page ?? null) : session.page,
    pageKey: isCurrentPage ? (event.viewKey ?? null) : session.pageKey,
    failed: failed.length > 0 ? [...session.failed, ...failed] : session.failed,
    isBusy: false,
    withoutCabin: Math.max(session.withoutCabin, response.withoutCabin ?? 0),
  };
  const keys = Object.keys(next) as (keyof SearchSession)[];
  return keys.every((key) => next[key] === session[key]) ? session : next;
}

/**
 * The page a pull sent, each of its results that the page shows already (or a pull brought) unchanged as the
 * object known before, wherever it now stands in the order.
 */
function sharePage(session: SearchSession, page: ResultPage | null): ResultPage | null {
  if (!page) return page;
  const known = new Map<string, SearchResult>(session.results.map((r) => [r.id, r]));
  for (const r of session.page?.results ?? []) known.set(r.id, r);
  const results = page.results.map((r) => {
    const seen = known.get(r.id);
    return seen ? replaceEqualDeep(seen, r) : r;
  });
  const before = session.page;
  // Compared by id above, not by place: a result that moved keeps its object.
  const same = before?.results.length === results.length && results.every((r, i) => r === before.results[i]);
  const beforeRest = before && { ...before, results: [] };
  const rest = replaceEqualDeep(beforeRest, { ...page, results: [] });
  if (before && same && rest === beforeRest) return before;
  return { ...rest, results: same && before ? before.results : results };
}

/** Results in arrival order: new ones appended, one sent again in the place of the earlier if it changed. */
function mergeResults(results: SearchResult[], arrived: readonly SearchResult[]): SearchResult[] {
  if (arrived.length === 0) return results;
  const known = new Map(results.map((r, i) => [r.id, i]));
  let merged = results;
  for (const result of arrived) {
    const at = known.get(result.id);
    const kept = at === undefined ? result : replaceEqualDeep(merged[at], result);
    if (at !== undefined && kept === merged[at]) continue;
    if (merged === results) merged = [...results];
    if (at === undefined) {
      known.set(result.id, merged.length);
      merged.push(result);
    } else merged[at] = kept;
  }
  return merged;
}

/** Swaps in a re-priced result (after Select), keeping its place in the results and on the page. */
export function replaceResult(session: SearchSession, result: SearchResult): SearchSession {
  const has = (list: SearchResult[]) => list.some((r) => r.id === result.id);
  if (!has(session.results) && !(session.page && has(session.page.results))) return session;
  const swap = (list: SearchResult[]) => list.map((r) => (r.id === result.id ? result : r));
  const page = session.page && { ...session.page, results: swap(session.page.results) };
  return { ...session, results: swap(session.results), page };
}
