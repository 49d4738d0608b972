import { SEARCH_TTL_MS, type SearchCriteria, type SearchResult } from '@junction/domain';
import {
  queryOptions,
  experimental_streamedQuery as streamedQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { searchApi, searchKeys } from '../api/search-api';
import { EMPTY_SESSION, reduceSession, replaceResult, type SearchSession, type SessionEvent } from './search-session';

/** Spec: keep pulling about every 400 ms until the search is done. */
export const PULL_INTERVAL_MS = 400;
/** A pull that fails on the network or with a 5xx is tried again this many times before giving up. */
const PULL_RETRIES = 2;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const isTransient = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

async function pullWithRetry(searchId: string, cursor: number, signal: AbortSignal) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await searchApi.pull(searchId, cursor, signal);
    } catch (error) {
      if (attempt >= PULL_RETRIES || !isTransient(error)) throw error;
      await sleep(PULL_INTERVAL_MS * 2 ** (attempt + 1), signal);
    }
  }
}

/** Starts a search and yields its id, then every pull, until the suppliers are done. */
export async function* streamSearch(
  criteria: SearchCriteria,
  signal: AbortSignal,
  intervalMs = PULL_INTERVAL_MS,
): AsyncGenerator<SessionEvent> {
  const { searchId } = await searchApi.start(criteria, signal);
  yield { type: 'started', searchId };
  let cursor = 0;
  for (;;) {
    const response = await pullWithRetry(searchId, cursor, signal);
    yield { type: 'pulled', response };
    if (response.done) return;
    cursor = response.cursor;
    await sleep(intervalMs, signal);
  }
}

export const criteriaKey = (criteria: SearchCriteria) => JSON.stringify(criteria);

export const searchSessionQueryOptions = (criteria: SearchCriteria, run: number) =>
  queryOptions({
    queryKey: searchKeys.session(criteriaKey(criteria), run),
    queryFn: streamedQuery<SessionEvent, SearchSession>({
      streamFn: ({ signal }) => streamSearch(criteria, signal),
      reducer: reduceSession,
      initialValue: EMPTY_SESSION,
    }),
    // Coming back from booking shows the same results while the server still holds them.
    staleTime: SEARCH_TTL_MS - 60_000,
    gcTime: SEARCH_TTL_MS,
    retry: false,
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
};

/** The search → pull loop for one set of criteria, cached by TanStack Query. */
export function useSearch(criteria: SearchCriteria): UseSearch {
  const [run, setRun] = useState(0);
  const options = useMemo(() => searchSessionQueryOptions(criteria, run), [criteria, run]);
  const query = useQuery(options);
  const queryClient = useQueryClient();
  const restart = useCallback(() => setRun((n) => n + 1), []);
  const updateResult = useCallback(
    (result: SearchResult) => queryClient.setQueryData(options.queryKey, (s) => (s ? replaceResult(s, result) : s)),
    [queryClient, options.queryKey],
  );
  return {
    session: query.data ?? EMPTY_SESSION,
    error: query.error,
    isFetching: query.isFetching,
    restart,
    updateResult,
  };
}
