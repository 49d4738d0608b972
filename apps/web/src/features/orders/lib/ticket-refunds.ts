import { ORDER_STATUS, type Order, type OrderFulfilment, type Refund, SUB_ORDER_STATUS } from '@junction/domain';

/** The channel of a refund customer service paid back another way, after the processor refused it. */
export const PAID_BY_DESK = 'desk';

/**
 * How a refund reads to its traveller: its own status, or `failed` while the money could not go back where it
 * was paid from (`owed`: customer service returns it), never as refunded until customer service paid it back.
 */
export const refundReading = (
  r: Pick<Refund, 'status' | 'moneyBack' | 'channel'>,
): Exclude<Refund['status'], 'owed'> | 'failed' => {
  if (r.status === 'owed') return 'failed';
  if (r.status === 'done' && r.channel === PAID_BY_DESK) return 'done';
  return r.moneyBack === 'failed' ? 'failed' : r.status;
};

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
