import {
  pullResponseSchema,
  type RefreshResponse,
  refreshResponseSchema,
  type SearchCriteria,
  searchCriteriaSchema,
  searchStartedSchema,
} from '@junction/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';

/** The search calls of spec §7: start, pull what arrived since a cursor, re-price one result. */
export const searchApi = {
  start: (criteria: SearchCriteria, signal?: AbortSignal) =>
    apiClient.post('/api/v2/search', { body: criteria, schema: searchStartedSchema, signal }),
  pull: (searchId: string, cursor: number, signal?: AbortSignal) =>
    apiClient.post('/api/v2/pull', { body: { searchId, cursor }, schema: pullResponseSchema, signal }),
  refresh: (searchId: string, resultId: string): Promise<RefreshResponse> =>
    apiClient.post('/api/v2/refresh', { body: { searchId, resultId }, schema: refreshResponseSchema }),
  /** The criteria of a short route link (`/search/{routes}`); 400 or 404 when the link is not valid. */
  link: (routes: string, signal?: AbortSignal) =>
    apiClient
      .get('/api/v2/link', { query: { routes }, schema: z.object({ criteria: searchCriteriaSchema }), signal })
      .then((r) => r.criteria),
};

export const searchKeys = {
  all: ['search'] as const,
  link: (routes: string) => [...searchKeys.all, 'link', routes] as const,
  session: (criteriaKey: string, run: number) => [...searchKeys.all, 'session', criteriaKey, run] as const,
};

export const linkCriteriaQueryOptions = (routes: string) =>
  queryOptions({
    queryKey: searchKeys.link(routes),
    queryFn: ({ signal }) => searchApi.link(routes, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // An invalid link shows the no-result page; no toast or dialog for it.
    meta: { silent: true },
  });

export const useRefreshResult = () =>
  useMutation({
    mutationFn: ({ searchId, resultId }: { searchId: string; resultId: string }) =>
      searchApi.refresh(searchId, resultId),
  });
