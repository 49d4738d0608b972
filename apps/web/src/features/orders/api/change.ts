import {
  type ChangeClassQuotesQuery,
  type ChangeQuoteQuery,
  type ConfirmChange,
  changeEndpoints,
  type SearchCriteriaInput,
  type SearchResult,
  searchEndpoints,
} from '@junction/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const changeKeys = {
  all: ['change'] as const,
  options: (id: string) => [...changeKeys.all, 'options', id] as const,
};

/** `GET /api/change/options`: which tickets of the order may be changed now, and to which days. */
export const useChangeOptions = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: changeKeys.options(orderId),
    queryFn: ({ signal }) => callApi(changeEndpoints.options, { query: { id: orderId }, signal }),
    enabled: enabled && orderId !== '',
    staleTime: 0,
  });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A search of the new day, run as the results page runs one: started, then pulled until it is done. */
export const useChangeSearch = (criteria: SearchCriteriaInput | null) =>
  useQuery({
    queryKey: [...changeKeys.all, 'search', criteria],
    enabled: criteria !== null,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<{ searchId: string; results: SearchResult[] }> => {
      const { searchId } = await callApi(searchEndpoints.start, { body: criteria as SearchCriteriaInput, signal });
      const results: SearchResult[] = [];
      let cursor = 0;
      for (;;) {
        const page = await callApi(searchEndpoints.pull, { body: { searchId, cursor }, signal });
        results.push(...page.results);
        cursor = page.cursor;
        if (page.done) return { searchId, results };
        await pause(400);
      }
    },
  });

const quoteQuery = (query: ChangeQuoteQuery) => ({
  queryKey: [...changeKeys.all, 'quote', query],
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(changeEndpoints.quote, { query, signal }),
  staleTime: 0,
  gcTime: 0,
  retry: false,
  meta: { silent: true },
});

/** `GET /api/change/quote`: both fares, the fee and the difference of the trip chosen. */
export const useChangeQuote = (query: ChangeQuoteQuery | null) =>
  useQuery({ ...quoteQuery(query as ChangeQuoteQuery), enabled: query !== null });

/**
 * `GET /api/change/classes`: the train chosen quoted in each of its seat classes with seats, as the server
 * prices them, in one request (the ticket's own class on its own train and sold-out classes are not asked).
 */
export const useChangeClassQuotes = (query: ChangeClassQuotesQuery | null) =>
  useQuery({
    queryKey: [...changeKeys.all, 'classes', query],
    queryFn: ({ signal }) => callApi(changeEndpoints.classes, { query: query as ChangeClassQuotesQuery, signal }),
    enabled: query !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });

/** `POST /api/change`: confirms the change at the quoted price; the order and its tickets are asked for again. */
export function useConfirmChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmChange) => callApi(changeEndpoints.confirm, { body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['orders'] }),
        client.invalidateQueries({ queryKey: ['fulfilment'] }),
        // Not the quote it was confirmed from: the ticket has no quote any more once its change is under way.
        client.invalidateQueries({ queryKey: [...changeKeys.all, 'options'] }),
      ]),
  });
}
