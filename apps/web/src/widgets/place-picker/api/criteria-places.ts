import { searchEndpoints } from '@junction/domain';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { retryOnlyWhenBusy } from '../../../shared/api/busy-retry';

/** The places criteria name by token, in both languages (null where a token names none). */
export const criteriaPlacesQueryOptions = (tokens: readonly string[]) =>
  queryOptions({
    queryKey: ['criteria-places', ...tokens] as const,
    queryFn: ({ signal }) =>
      callApi(searchEndpoints.places, { query: { tokens: tokens.join(',') }, signal }).then((r) => r.places),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnlyWhenBusy,
    // Without them the page names places as the criteria do; nothing to tell the traveller.
    meta: { silent: true },
  });
