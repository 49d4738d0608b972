import { fulfilmentEndpoints } from '@junction/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { readOffline, whileSaved } from './orders';

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
    refetchInterval: (q) => (issuing ? 5000 : whileSaved(q.state.data)),
    ...readOffline,
  });
export const useOrderFulfilment = (id: string, issuing: boolean) => useQuery(orderFulfilmentQueryOptions(id, issuing));

/** Which tickets of an order a refund is about: one ticket, one traveller's every ticket, or everyone's ticket. */
export type RefundTickets = { subOrderId?: string; traveller?: number };

/** `GET /api/refund/quote`: the refund of the tickets chosen, each as its fare rules price it now. */
export const useRefundQuote = (orderId: string, tickets: RefundTickets, enabled: boolean) =>
  useQuery({
    queryKey: [...fulfilmentKeys.all, 'quote', orderId, tickets.subOrderId ?? '', tickets.traveller ?? -1],
    queryFn: ({ signal }) => callApi(fulfilmentEndpoints.refundQuote, { query: { orderId, ...tickets }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });

/**
 * After a refund changes, the order, its tickets and the unread count are fetched again; not the quote
 * it was confirmed from, which the ticket no longer has once its refund is processing.
 */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: fulfilmentKeys.all, predicate: (q) => q.queryKey[1] !== 'quote' }),
      client.invalidateQueries({ queryKey: ['orders'] }),
      client.invalidateQueries({ queryKey: ['session', 'user'] }),
    ]);
}

/** `POST /api/refund`: confirms the refund of the tickets chosen at the fees the traveller saw, one refund a ticket. */
export function useRequestRefund() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RefundTickets & { orderId: string; expectedFeeMinor: number }) =>
      callApi(fulfilmentEndpoints.requestRefund, { body }),
    onSuccess: refresh,
  });
}

/** `POST /api/refund/withdraw`, after "Confirm cancel refund" (spec §8). */
export function useWithdrawRefund() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => callApi(fulfilmentEndpoints.withdrawRefund, { body: { id } }),
    onSuccess: refresh,
  });
}

/** `GET /api/refund`: one refund; asked again while it is processing. */
export const useRefund = (id: string) =>
  useQuery({
    queryKey: [...fulfilmentKeys.all, 'refund', id],
    queryFn: ({ signal }) => callApi(fulfilmentEndpoints.refund, { query: { id }, signal }),
    enabled: id !== '',
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? 5000 : false),
  });

/** `GET /api/order/protection`: the order's missed protected connections, each with its two choices. */
export const useProtection = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...fulfilmentKeys.all, 'protection', orderId],
    queryFn: ({ signal }) => callApi(fulfilmentEndpoints.protection, { query: { id: orderId }, signal }),
    enabled: enabled && orderId !== '',
  });

/** `POST /api/order/protection`: the next departure at no cost, or the unused ticket's refund. */
export function useChooseProtection() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { orderId: string; caseId: string; choice: 'rebook' | 'refund' }) =>
      callApi(fulfilmentEndpoints.chooseProtection, { body }),
    onSuccess: refresh,
  });
}
