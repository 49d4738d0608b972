import { fulfilmentEndpoints } from '@junction/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const fulfilmentKeys = {
  all: ['fulfilment'] as const,
  order: (id: string) => [...fulfilmentKeys.all, 'order', id] as const,
};

/** `GET /api/order/fulfilment`: tickets, expected ticketing time and refunds; asked again while tickets are issued. */
export const orderFulfilmentQueryOptions = (id: string, issuing: boolean) =>
  queryOptions({
    queryKey: fulfilmentKeys.order(id),
    queryFn: ({ signal }) => callApi(fulfilmentEndpoints.order, { query: { id }, signal }),
    enabled: id !== '',
    refetchInterval: issuing ? 5000 : false,
  });
export const useOrderFulfilment = (id: string, issuing: boolean) => useQuery(orderFulfilmentQueryOptions(id, issuing));
