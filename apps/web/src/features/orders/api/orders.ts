import {
  type CreateOrderInput,
  IDEMPOTENCY_HEADER,
  isIssuing,
  isTicketBeingIssued,
  isWaitlisted,
  type OrderListQuery,
  orderEndpoints,
} from '@junction/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { savedCopyTime } from '../../../shared/offline/saved-copy';

export const orderKeys = {
  all: ['orders'] as const,
  list: (query: OrderListQuery) => [...orderKeys.all, 'list', query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  offer: (searchId: string, resultId: string) => ['booking-offer', searchId, resultId] as const,
};

/** The selected result re-quoted for booking. Its failures (expired, invalid plan) are the page's to show. */
export const offerQueryOptions = (searchId: string, resultId: string, enabled: boolean) =>
  queryOptions({
    queryKey: orderKeys.offer(searchId, resultId),
    queryFn: ({ signal }) => callApi(orderEndpoints.offer, { query: { searchId, resultId }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
export const useBookingOffer = (searchId: string, resultId: string, enabled: boolean) =>
  useQuery(offerQueryOptions(searchId, resultId, enabled));

/**
 * The seat maps of the booking's flights as the seller shows them now, asked when the extras step opens
 * and again each time it does (seats are taken meanwhile). A failure, like no map, is no seat choice.
 */
export const useSeatMaps = (searchId: string, resultId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['booking-seat-maps', searchId, resultId] as const,
    queryFn: ({ signal }) => callApi(orderEndpoints.seatMaps, { query: { searchId, resultId }, signal }),
    enabled,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });

/**
 * `POST /api/order`: one Idempotency-Key per attempt the traveller confirms, so a double click or a
 * retried request makes one order. Price changes (2005, 2006) are read by the page.
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderInput; key: string }) =>
      callApi(orderEndpoints.create, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      return client.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
    },
  });
}

/**
 * A trip is read without a connection too: the service worker answers its saved copy then (shared/offline),
 * and an answer of the network that equals the copy still replaces it, so the page sees it is online again.
 */
export const readOffline = { networkMode: 'offlineFirst', structuralSharing: false } as const;

/** While a trip shows as saved, it is asked for again every few seconds until the network answers. */
export const whileSaved = (data: unknown): number | false => (savedCopyTime(data) !== null ? 5000 : false);

/** `GET /api/orders` (spec §7): one page of trips under a filter. */
export const ordersQueryOptions = (query: OrderListQuery) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => callApi(orderEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    ...readOffline,
    refetchInterval: (q) => whileSaved(q.state.data),
  });
export const useOrders = (query: OrderListQuery) => useQuery(ordersQueryOptions(query));

/**
 * `GET /api/order` (spec §7); asked again every few seconds while it is paid and its tickets are issued,
 * while it waits on a waiting list for seats to come back, and while a ticket of it is on its way.
 */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => callApi(orderEndpoints.get, { query: { id }, signal }),
    enabled: id !== '',
    ...readOffline,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      // A ticket issued later (the next departure after a missed protected connection) is waited for too.
      const ticketComing = q.state.data?.subOrders.some((s) => isTicketBeingIssued(s.status)) ?? false;
      const moving = status !== undefined && (isIssuing(status) || isWaitlisted(status) || ticketComing);
      return moving ? 5000 : whileSaved(q.state.data);
    },
  });
export const useOrder = (id: string) => useQuery(orderQueryOptions(id));

/** `POST /api/order/cancel` (spec §7), after the "Confirm cancel order" dialog. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(orderEndpoints.cancel, { body: { id } }),
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.id), order);
      return client.invalidateQueries({ queryKey: [...orderKeys.all, 'list'] });
    },
  });
}
