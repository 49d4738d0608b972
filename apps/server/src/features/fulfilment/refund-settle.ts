import {
  canTransition,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  SUB_ORDER_STATUS,
  SUB_ORDER_TRANSITIONS,
} from '@junction/domain';
import { type FulfilmentRepository, type OrderRow, statusText, type Trx } from './fulfilment.repository';
import { ticketsOf } from './refund-tickets';

/**
 * What refunds of tickets do to their sub-order and order, each step a compare-and-set of the domain's
 * tables with an event row, in the caller's transaction (the order's row locked).
 */

const O = ORDER_STATUS;
const S = SUB_ORDER_STATUS;
const txt = (s: string | number | null) => statusText(s) as string;

/** Checks a step against the domain's table before it is written. */
function step<T extends string | number | null>(table: ReadonlyMap<T, readonly T[]>, from: T, to: T): void {
  if (!canTransition(table, from, to))
    throw new Error(`${String(from)} → ${String(to)} is not a step of the status table`);
}

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
  const from = sub.status as string;
  if (!ticketsOf(sub, travellers).every((t) => held(t.position))) {
    await repo.addEvent(trx, {
      orderId: order.id,
      kind: 'ticket-refund-requested',
      from,
      to: from,
      at,
      data: { subOrderId: sub.id },
    });
    return;
  }
  step(SUB_ORDER_TRANSITIONS, Number(from) as typeof S.TICKETED, S.REFUNDING);
  if (!(await repo.moveSubOrder(trx, { subOrderId: sub.id, from, to: txt(S.REFUNDING) }))) return;
  await repo.addEvent(trx, {
    orderId: order.id,
    kind: 'refund-requested',
    from,
    to: txt(S.REFUNDING),
    at,
    data: { subOrderId: sub.id },
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
  if (!subs.every((s) => s.status === txt(S.REFUNDED) || s.status === txt(S.CANCELLED))) return;
  const from = order.status as string;
  if (!canTransition(ORDER_TRANSITIONS, Number(from) as typeof O.TICKETING, O.REFUNDED)) return;
  step(PAYMENT_TRANSITIONS, PAYMENT_STATUS.PAID, PAYMENT_STATUS.REFUNDED);
  const moved = await repo.moveOrder(trx, {
    orderId: order.id,
    from,
    to: txt(O.REFUNDED),
    paymentFrom: txt(PAYMENT_STATUS.PAID),
    paymentTo: txt(PAYMENT_STATUS.REFUNDED),
    at,
  });
  if (moved) await repo.addEvent(trx, { orderId: order.id, kind: 'refunded', from, to: txt(O.REFUNDED), at });
}
