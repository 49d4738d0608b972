import { alertEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const alertKeys = { all: ['price-alerts'] as const };

/** The signed-in traveller's price alerts with their histories. */
export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.all,
    queryFn: ({ signal }) => callApi(alertEndpoints.list, { signal }),
  });
export const useAlerts = () => useQuery(alertsQueryOptions());

export function usePauseAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: string; paused: boolean }) => callApi(alertEndpoints.pause, { body: p }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(alertEndpoints.remove, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
