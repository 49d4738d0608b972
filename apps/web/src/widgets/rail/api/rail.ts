import { type EndpointBody, railEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { ApiError } from '../../../shared/api/api-error';

export const railKeys = {
  all: ['rail'] as const,
  account: () => [...railKeys.all, 'account'] as const,
  passengers: () => [...railKeys.all, 'passengers'] as const,
};

/** `GET /api/rail/account`: the linked national rail account and its state, or none. */
export const railAccountQueryOptions = () =>
  queryOptions({
    queryKey: railKeys.account(),
    queryFn: ({ signal }) => callApi(railEndpoints.account, { signal }),
  });

export const useRailAccount = (enabled = true) => useQuery({ ...railAccountQueryOptions(), enabled });

/** `GET /api/rail/ticketing`: how trains are ticketed for this visitor or traveller, with the fee table. */
export const useRailTicketingInfo = () =>
  useQuery({
    queryKey: [...railKeys.all, 'ticketing'],
    queryFn: ({ signal }) => callApi(railEndpoints.ticketing, { signal }),
    staleTime: 60_000,
  });

/** `GET /api/rail/passengers`: the linked account's passengers with their verification status. */
export const useRailPassengers = (enabled: boolean) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: railKeys.passengers(),
    queryFn: async ({ signal }) => {
      try {
        return await callApi(railEndpoints.passengers, { signal });
      } catch (e) {
        // The rail session ended (6001): the account card shows it expired.
        if (e instanceof ApiError && e.errorCode === 6001)
          void client.invalidateQueries({ queryKey: railKeys.account() });
        throw e;
      }
    },
    enabled,
    retry: false,
  });
};

/** `POST /api/rail/code`: 12306 texts a login code (result 0, 6 or 11). */
export const useRailCode = () =>
  useMutation({ mutationFn: (body: EndpointBody<typeof railEndpoints.code>) => callApi(railEndpoints.code, { body }) });

/** `POST /api/rail/login`: links the account. */
export function useRailLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof railEndpoints.login>) => callApi(railEndpoints.login, { body }),
    onSuccess: (status) => {
      client.setQueryData(railKeys.account(), status);
      void client.invalidateQueries({ queryKey: railKeys.all });
    },
  });
}

/** `POST /api/rail/logout`: unlinks the account (refused with 6204 while tickets are being issued). */
export function useRailLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(railEndpoints.logout, {}),
    onSettled: () => client.invalidateQueries({ queryKey: railKeys.all }),
  });
}

/** `POST /api/rail/passengers/import`: saves chosen passengers as travellers. */
export function useImportRailPassengers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callApi(railEndpoints.importPassengers, { body: { ids } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['passengers'] });
      void client.invalidateQueries({ queryKey: railKeys.passengers() });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errorCode === 6001)
        void client.invalidateQueries({ queryKey: railKeys.account() });
    },
  });
}
