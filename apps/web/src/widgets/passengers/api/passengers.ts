import { type EndpointBody, type PassengerListQuery, type PassengerPage, passengerEndpoints } from '@junction/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const passengerKeys = {
  all: ['passengers'] as const,
  list: (query: Partial<PassengerListQuery>) => [...passengerKeys.all, 'list', query] as const,
};

/** Some traveller still waits for China Railway's answer: the list looks again shortly. */
const checking = (page: PassengerPage | undefined) => page?.items.some((p) => p.railStatus === null) ?? false;

/** `GET /api/passengers` (spec §7): the signed-in user's travellers, documents masked. */
export const passengersQueryOptions = (query: Partial<PassengerListQuery>) =>
  queryOptions({
    queryKey: passengerKeys.list(query),
    queryFn: ({ signal }) => callApi(passengerEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (checking(q.state.data) ? 2000 : false),
  });

export const useSavedPassengers = (query: Partial<PassengerListQuery>) => useQuery(passengersQueryOptions(query));

export type SavePassengerBody = EndpointBody<typeof passengerEndpoints.save>;

/** `POST /api/passenger`: creates a traveller, or updates the one named by `id`. */
export function useSavePassenger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePassengerBody) => callApi(passengerEndpoints.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: passengerKeys.all }),
  });
}

/** `POST /api/passenger/remove`. */
export function useRemovePassenger() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(passengerEndpoints.remove, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: passengerKeys.all }),
  });
}
