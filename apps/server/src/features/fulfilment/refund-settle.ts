import {
  canTransition,
  isTicketClosed,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  orderStatusCodec,
  PAYMENT_STATUS,
  SUB_ORDER_STATUS,
  subOrderStatusCodec,
} from '@junction/domain';
import { orderLifecycle } from '../../lib/lifecycle/order-lifecycle';
import type { FulfilmentRepository, OrderRow, Trx } from './fulfilment.repository';
import { ticketsOf } from './refund-tickets';
import { stepSubOrder } from './sub-order-step';

/**
 * What refunds of tickets do to their sub-order and order, each step a compare-and-set of the domain's
 * tables with an event row, in the caller's transaction (the order's row locked).
 */

const O = ORDER_STATUS;
const S = SUB_ORDER_STATUS;

/** Every ticket of a sub-order is being refunded or refunded: it moves from standing to 6 with an event row. */
export async function settleRequested(
  repo: FulfilmentRepository,
  trx: Trx,
  order: OrderRow,
  subOrderId: string,
  at: Date,
): Promise<void> {
  const [subs, travellers, refunds] = await Promise.all([
    repo.subOrders(order.id, trx),
    repo.travellers(order.id, trx),
    repo.refundsOfOrder(order.id, trx),
  ]);
  const sub = subs.find((s) => s.id === subOrderId);
  if (!sub) return;
  const live = refunds.filter((r) => r.subOrderId === sub.id && r.status !== 'withdrawn');
  const held = (position: number | null) =>
    live.some((r) => r.travellerPosition === null || position === null || r.travellerPosition === position);
  const from = subOrderStatusCodec.decode(sub.status);
  if (!ticketsOf(sub, travellers).every((t) => held(t.position))) {
    if (from === null) return;
    await orderLifecycle.subOrderEvent(trx, {
      orderId: order.id,
      kind: 'ticket-refund-requested',
      from,
      to: from,
      at,
      data: { subOrderId: sub.id },
    });
    return;
  }
  await stepSubOrder(trx, {
    orderId: order.id,
    subOrderId: sub.id,
    kind: 'refund-requested',
    from,
    to: S.REFUNDING,
    at,
  });
}

/** Whether every ticket of a sub-order has its refund done. */
export async function allPaidBack(
  repo: FulfilmentRepository,
  trx: Trx,
  orderId: string,
  subOrderId: string,
): Promise<boolean> {
  const [subs, travellers, refunds] = await Promise.all([
    repo.subOrders(orderId, trx),
    repo.travellers(orderId, trx),
    repo.refundsOfOrder(orderId, trx),
  ]);
  const sub = subs.find((s) => s.id === subOrderId);
  if (!sub) return false;
  const done = refunds.filter((r) => r.subOrderId === sub.id && r.status === 'done');
  return ticketsOf(sub, travellers).every((t) =>
    done.some((r) => r.travellerPosition === null || t.position === null || r.travellerPosition === t.position),
  );
}

/** Order → 3 refunded and payment 2 → 4 once every sub-order is refunded or cancelled. */
export async function closeIfAllRefunded(
  repo: FulfilmentRepository,
  trx: Trx,
  order: OrderRow,
  at: Date,
): Promise<void> {
  const subs = await repo.subOrders(order.id, trx);
  if (!subs.every((s) => isTicketClosed(subOrderStatusCodec.decode(s.status)))) return;
  const from = orderStatusCodec.decode(order.status);
  if (!canTransition(ORDER_TRANSITIONS, from, O.REFUNDED)) return;
  const moved = await orderLifecycle.moveOrder(trx, {
    orderId: order.id,
    from,
    to: O.REFUNDED,
    paymentFrom: PAYMENT_STATUS.PAID,
    paymentTo: PAYMENT_STATUS.REFUNDED,
    at,
  });
  if (moved) await orderLifecycle.orderEvent(trx, { orderId: order.id, kind: 'refunded', from, to: O.REFUNDED, at });
}
