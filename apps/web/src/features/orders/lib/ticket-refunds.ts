import { ORDER_STATUS, type Order, type OrderFulfilment, type Refund, SUB_ORDER_STATUS } from '@junction/domain';

/**
 * How a refund reads to its traveller: its own status, or `failed` once the money could not go back where it
 * was paid from (customer service then returns it), never as refunded.
 */
export const refundReading = (r: Pick<Refund, 'status' | 'moneyBack'>): Refund['status'] | 'failed' =>
  r.moneyBack === 'failed' ? 'failed' : r.status;

/** The refund that holds one traveller's ticket on a sub-order (processing or done), if any. */
export function refundOfTicket(refunds: readonly Refund[], subOrderId: string, position: number): Refund | undefined {
  return refunds.find(
    (r) =>
      r.subOrderId === subOrderId &&
      r.status !== 'withdrawn' &&
      (r.travellerPosition === null || r.travellerPosition === position),
  );
}

/** Whether a traveller's ticket on a sub-order may be refunded now: the order ticketed, the ticket standing, no refund holding it. */
export function canRefundTicket(
  order: Order,
  fulfilment: OrderFulfilment | undefined,
  subOrderId: string,
  position: number,
): boolean {
  const sub = order.subOrders.find((s) => s.id === subOrderId);
  // A changed ticket was replaced by another: only a ticket in hand is refunded.
  if (!fulfilment || !sub || order.status !== ORDER_STATUS.TICKETED || sub.status !== SUB_ORDER_STATUS.TICKETED)
    return false;
  const onTicket = fulfilment.tickets.some((x) => x.subOrderId === subOrderId && x.travellerPosition === position);
  return onTicket && !refundOfTicket(fulfilment.refunds, subOrderId, position);
}

/** The tickets of a traveller that may be refunded now, over the order's sub-orders. */
export const refundableOf = (order: Order, fulfilment: OrderFulfilment | undefined, position: number) =>
  order.subOrders.filter((s) => canRefundTicket(order, fulfilment, s.id, position)).map((s) => s.id);
