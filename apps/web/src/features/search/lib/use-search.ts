import {
  type ResultView,
  SEARCH_TTL_MS,
  type SearchCriteria,
  type SearchResult,
  waitUnlessAborted,
} from '@junction/domain';
import {
  queryOptions,
  experimental_streamedQuery as streamedQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, isBusy } from '../../../shared/api/api-error';
import { busyDelayMs, busyRetries } from '../../../shared/api/busy-retry';
import { searchApi, searchKeys } from '../api/search-api';
import { EMPTY_SESSION, reduceSession, replaceResult, type SearchSession, type SessionEvent } from './search-session';

/** Spec: keep pulling about every 400 ms until the search is done. */
export const PULL_INTERVAL_MS = 400;
/** The pause before the next pull after one that brought something new. */
const NEWS_PAUSE_MS = 100;
/** A pull that fails on the network or with a 5xx is tried again this many times before giving up. */
const PULL_RETRIES = 2;

const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

async function pullWithRetry(searchId: string, cursor: number, signal: AbortSignal, view?: ResultView, waitMs = 0) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await searchApi.pull(searchId, cursor, signal, view, waitMs);
    } catch (error) {
      if (attempt >= PULL_RETRIES || !isTransient(error)) throw error;
      await waitUnlessAborted(PULL_INTERVAL_MS * 2 ** (attempt + 1), signal);
    }
  }
}

/**
 * Makes a call of the search, and again with growing waits while the server is too busy for it (419),
 * telling the page so each time (a `busy` event) rather than failing at once.
 */
async function* whileBusy<T>(call: () => Promise<T>, signal: AbortSignal): AsyncGenerator<SessionEvent, T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isBusy(error) || attempt >= busyRetries()) throw error;
      yield { type: 'busy' };
      await waitUnlessAborted(busyDelayMs(attempt, error), signal);
    }
  }
}

/** The key a view's page is known by: two views with the same key show the same page. */
export const viewKeyOf = (view: ResultView) => JSON.stringify(view);

/**
 * Starts a search and yields its id, then every pull, until the suppliers are done. Each pull asks for
 * one page of the view the traveller wants at that moment (`currentView`). A pull lets the server wait up
 * to `intervalMs` for something new, so results show the moment they are stored: the next pull follows
 * `intervalMs` after the one before at the latest, and 100 ms after one that brought something new.
 */
export async function* streamSearch(
  criteria: SearchCriteria,
  signal: AbortSignal,
  currentView: () => ResultView,
  intervalMs = PULL_INTERVAL_MS,
): AsyncGenerator<SessionEvent> {
  const { searchId } = yield* whileBusy(() => searchApi.start(criteria, signal), signal);
  yield { type: 'started', searchId };
  let cursor = 0;
  let answered = 0;
  for (;;) {
    const view = currentView();
    const asked = Date.now();
    const response = yield* whileBusy(() => pullWithRetry(searchId, cursor, signal, view, intervalMs), signal);
    yield { type: 'pulled', response, viewKey: viewKeyOf(view) };
    if (response.done) return;
    const news = response.cursor > cursor || response.answered > answered;
    cursor = response.cursor;
    answered = response.answered;
    // After news, a short pause gathers the answers arriving together into one pull.
    const next = news ? NEWS_PAUSE_MS : asked + intervalMs - Date.now();
    await waitUnlessAborted(Math.max(0, Math.min(next, intervalMs)), signal);
  }
}

export const criteriaKey = (criteria: SearchCriteria) => JSON.stringify(criteria);

export const searchSessionQueryOptions = (criteria: SearchCriteria, run: number, currentView: () => ResultView) =>
  queryOptions({
    queryKey: searchKeys.session(criteriaKey(criteria), run),
    queryFn: streamedQuery<SessionEvent, SearchSession>({
      streamFn: ({ signal }) => streamSearch(criteria, signal, currentView),
      reducer: (session, event) => reduceSession(session, event, viewKeyOf(currentView())),
      initialValue: EMPTY_SESSION,
    }),
    // Coming back from booking shows the same results while the server still holds them.
    staleTime: SEARCH_TTL_MS - 60_000,
    gcTime: SEARCH_TTL_MS,
    retry: false,
    // The page says itself that the server is busy, and asks again (`whileBusy`).
    meta: { handlesBusy: true },
    structuralSharing: false,
    // A search cut short by leaving the page starts again; a finished one is kept while fresh.
    refetchOnMount: (query) => (query.state.data?.done ? true : 'always'),
  });

export type UseSearch = {
  session: SearchSession;
  error: unknown;
  isFetching: boolean;
  /** Runs the search again: with new criteria (the page's URL changes) or the same. */
  restart: () => void;
  /** Puts a re-priced result in place of the old one. */
  updateResult: (result: SearchResult) => void;
  /** The page shown is of another view than the one asked for, whose page is on its way. */
  isPagePending: boolean;
};

/**
 * The search → pull loop for one set of criteria, cached by TanStack Query, each pull bringing the page of
 * `view`. A change of view is asked for at once rather than at the next pull, and after the search is done.
 */
export function useSearch(criteria: SearchCriteria, view: ResultView): UseSearch {
  const [run, setRun] = useState(0);
  const viewRef = useRef(view);
  viewRef.current = view;
  const options = useMemo(() => searchSessionQueryOptions(criteria, run, () => viewRef.current), [criteria, run]);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  const searchId = query.data?.searchId ?? null;
  const pageKey = query.data?.pageKey ?? null;
  const viewKey = viewKeyOf(view);
  // A view asked for on its own that failed (the results expired, say): shown as the search's error.
  const [viewFailure, setViewFailure] = useState<{ key: string; error: unknown } | null>(null);
  const failureKey = `${searchId}\n${viewKey}`;
  useEffect(() => {
    // Until the first page arrives, the search's own pulls ask for the view as it is then.
    if (!searchId || pageKey === null || pageKey === viewKey) return;
    const controller = new AbortController();
    const asked = viewRef.current;
    searchApi
      .pull(searchId, 0, controller.signal, asked)
      .then((response) =>
        queryClient.setQueryData(options.queryKey, (s) =>
          s ? reduceSession(s, { type: 'pulled', response, viewKey: viewKeyOf(asked) }, viewKeyOf(viewRef.current)) : s,
        ),
      )
      // A search still running asks again at its next pull; one that has ended says why it cannot.
      .catch((error: unknown) => {
        if (controller.signal.aborted || !queryClient.getQueryData(options.queryKey)?.done) return;
        setViewFailure({ key: `${searchId}\n${viewKeyOf(asked)}`, error });
      });
    return () => controller.abort();
  }, [searchId, pageKey, viewKey, queryClient, options.queryKey]);
  const restart = useCallback(() => setRun((n) => n + 1), []);
  const updateResult = useCallback(
    (result: SearchResult) => queryClient.setQueryData(options.queryKey, (s) => (s ? replaceResult(s, result) : s)),
    [queryClient, options.queryKey],
  );
  return {
    session: query.data ?? EMPTY_SESSION,
    error: query.error ?? (viewFailure?.key === failureKey ? viewFailure.error : null),
    isFetching: query.isFetching,
    restart,
    updateResult,
    isPagePending: pageKey !== null && pageKey !== viewKey,
  };
}
