import { accountEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const accountKeys = { otherSessions: ['account', 'other-sessions'] as const };

export const otherSessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.otherSessions,
    queryFn: ({ signal }) => callApi(accountEndpoints.otherSessions, { signal }),
  });

/** How many other devices are signed in to this account. */
export const useOtherSessions = () => useQuery(otherSessionsQueryOptions());

/** Signs every other device out; the count refreshes afterwards. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountEndpoints.signOutOthers, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.otherSessions }),
  });
}
