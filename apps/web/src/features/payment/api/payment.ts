import {
  fulfilmentEndpoints,
  gatewayBrowserEndpoints,
  IDEMPOTENCY_HEADER,
  orderEndpoints,
  type PaymentState,
  type PayOrderInput,
  paymentEndpoints,
  type TokenizeCardInput,
} from '@junction/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

/** The orders' query keys (the orders feature's cache is refreshed after a payment). */
const ORDERS_KEY = ['orders'] as const;
export const paymentKeys = {
  order: (id: string) => ['payment', 'order', id] as const,
  state: (orderId: string, attemptId: string) => ['payment', 'state', orderId, attemptId] as const,
};

/** The order being paid, fresh each time the page opens. */
export const payableOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.order(id),
    queryFn: ({ signal }) => callApi(orderEndpoints.get, { query: { id }, signal }),
    enabled: id !== '',
    staleTime: 0,
  });
export const usePayableOrder = (id: string) => useQuery(payableOrderQueryOptions(id));

/**
 * Card details go to the card processor's tokenisation endpoint only, never to our API: what comes
 * back is a token with the brand, last four digits and expiry.
 */
export const useTokenizeCard = () =>
  useMutation({ mutationFn: (card: TokenizeCardInput) => callApi(gatewayBrowserEndpoints.tokenize, { body: card }) });

/** `POST /api/order/pay`: one Idempotency-Key per payment the traveller confirms. */
export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PayOrderInput; key: string }) =>
      callApi(paymentEndpoints.pay, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSettled: () => client.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** Asked again while the processor's answer is pending, or while a WeChat QR code waits to be scanned. */
const settling = (s: PaymentState | undefined) =>
  s?.outcome === 'processing' || (s?.outcome === 'action' && Boolean(s.qrCode));

/** Where an attempt stands, asked again every second and a half while the processor's answer is pending. */
export const usePaymentState = (orderId: string, attemptId: string | null) =>
  useQuery({
    queryKey: paymentKeys.state(orderId, attemptId ?? ''),
    queryFn: ({ signal }) =>
      callApi(paymentEndpoints.state, { query: { orderId, attemptId: attemptId ?? '' }, signal }),
    enabled: attemptId !== null && orderId !== '',
    refetchInterval: (q) => (settling(q.state.data) ? 1500 : false),
    staleTime: 0,
  });

/** The ways of paying the site offers, in the order they are shown (Alipay first when configured). */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: ['payment', 'methods'],
    queryFn: ({ signal }) => callApi(paymentEndpoints.methods, { signal }),
    staleTime: 5 * 60_000,
  });

/** The order's change (改签) whose difference is being paid, from the order's fulfilment; null when none. */
export const useChangeBeingPaid = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['payment', 'change', orderId] as const,
    queryFn: async ({ signal }) => {
      const f = await callApi(fulfilmentEndpoints.order, { query: { id: orderId }, signal });
      return f.changes.find((c) => c.status === 'awaiting-payment') ?? null;
    },
    enabled: enabled && orderId !== '',
    staleTime: 0,
  });
