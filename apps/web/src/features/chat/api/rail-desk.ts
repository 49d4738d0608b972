import { type EndpointBody, railDeskEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const railDeskKey = ['service', 'rail-desk'] as const;

/** The requests waiting at the agents' offline ticketing desk, the longest waiting first. */
export const railDeskQueryOptions = () =>
  queryOptions({
    queryKey: railDeskKey,
    queryFn: ({ signal }) => callApi(railDeskEndpoints.queue, { signal }),
    meta: { silent: true },
    refetchInterval: 30_000,
  });

/** Completing with the railway's tickets and refusing for a reason; the desk's list is read again after each. */
export function useRailDeskActions() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: railDeskKey });
  return {
    complete: useMutation({
      mutationFn: (body: EndpointBody<typeof railDeskEndpoints.complete>) =>
        callApi(railDeskEndpoints.complete, { body }),
      meta: { silent: true },
      onSettled: done,
    }),
    refuse: useMutation({
      mutationFn: (body: EndpointBody<typeof railDeskEndpoints.refuse>) => callApi(railDeskEndpoints.refuse, { body }),
      meta: { silent: true },
      onSettled: done,
    }),
  };
}
