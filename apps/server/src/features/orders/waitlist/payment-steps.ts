import { PAYMENT_STATUS, WAITLIST_MOVES, type WaitlistMove } from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { Trx } from '../orders.repository';
import { noticeParams, type WaitlistContext } from './waitlist.context';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'orders.waitlist-check': { orderId: string };
    'orders.waitlist-cutoff': { orderId: string };
    'orders.waitlist-release': { orderId: string };
  }
}

type Paid = { orderId: string; amountMinor: number; attemptId: string; at: Date };

/**
 * The card authorised the price, in the payment's transaction: order 0 → 8, payment 1 → 5, the entry
 * waits, and the jobs that look for seats and close it at the cut-off are queued. False when the order
 * was no longer awaiting this payment.
 */
export async function markHeld(ctx: WaitlistContext, trx: Trx, p: Paid): Promise<boolean> {
  const m = WAITLIST_MOVES.hold;
  const order = await orderLifecycle.moveOrder(trx, {
    orderId: p.orderId,
    from: m.from,
    to: m.order,
    paymentFrom: m.paymentFrom,
    paymentTo: m.payment,
    at: p.at,
  });
  if (!order) return false;
  const w = await ctx.repo.move(trx, {
    orderId: p.orderId,
    from: ['awaiting_hold'],
    to: 'waiting',
    at: p.at,
    heldMinor: p.amountMinor,
  });
  if (!w) throw new Error(`order ${p.orderId} is held without its waiting list entry`);
  await orderLifecycle.orderEvent(trx, {
    orderId: p.orderId,
    kind: 'waitlist_held',
    from: m.from,
    to: m.order,
    at: p.at,
    data: { amountMinor: p.amountMinor, attemptId: p.attemptId, cutoffAt: w.cutoffAt.toISOString() },
  });
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'waitlist-joined',
    orderId: p.orderId,
    params: noticeParams(order, w),
    dedupeKey: `waitlist-joined:${p.orderId}`,
    at: p.at,
  });
  const poll = new Date(p.at.getTime() + ctx.options.pollSeconds * 1000);
  await addJob(
    trx,
    'orders.waitlist-check',
    { orderId: p.orderId },
    { runAt: poll, jobKey: `waitlist-check:${p.orderId}` },
  );
  await addJob(
    trx,
    'orders.waitlist-cutoff',
    { orderId: p.orderId },
    { runAt: w.cutoffAt, jobKey: `waitlist-cutoff:${p.orderId}` },
  );
  return true;
}

/**
 * Seats found and the card captured, in the payment's transaction: the entry filled, order 8 → 2,
 * payment 5 → 2, its sub-order paid, and the traveller told. Ticketing is queued by the payment as for
 * any paid order. False when the entry was not being filled.
 */
export async function markFilled(ctx: WaitlistContext, trx: Trx, p: Paid): Promise<boolean> {
  const w = await ctx.repo.move(trx, { orderId: p.orderId, from: ['filling'], to: 'filled', at: p.at });
  if (!w) return false;
  const m = WAITLIST_MOVES.fill;
  const order = await orderLifecycle.moveOrder(trx, {
    orderId: p.orderId,
    from: m.from,
    to: m.order,
    paymentFrom: m.paymentFrom,
    paymentTo: m.payment,
    subOrders: { from: null, to: m.subOrder },
    at: p.at,
  });
  if (!order) throw new Error(`waiting list order ${p.orderId} was filled while not waiting`);
  await orderLifecycle.recordPaid(trx, p.orderId);
  await orderLifecycle.orderEvent(trx, {
    orderId: p.orderId,
    kind: 'waitlist_filled',
    from: m.from,
    to: m.order,
    at: p.at,
    data: { amountMinor: p.amountMinor, attemptId: p.attemptId },
  });
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'waitlist-filled',
    orderId: p.orderId,
    params: noticeParams(order, w),
    dedupeKey: `waitlist-filled:${p.orderId}`,
    at: p.at,
  });
  return true;
}

/**
 * The hold voided (or refunded in full), in the payment's transaction: the entry released, the order
 * closed by the traveller (7) or expired at the cut-off (INVALID), payment 5 → 3 (4 when refunded),
 * seats held for it given back, and the traveller told. False when the entry was not being released.
 */
export async function markReleased(
  ctx: WaitlistContext,
  trx: Trx,
  p: { orderId: string; refunded: boolean; at: Date },
): Promise<boolean> {
  const w = await ctx.repo.move(trx, { orderId: p.orderId, from: ['releasing'], to: 'released', at: p.at });
  if (!w) return false;
  const move: WaitlistMove = w.reason === 'traveller' ? 'cancel' : 'release';
  const m = WAITLIST_MOVES[move];
  const order = await orderLifecycle.moveOrder(trx, {
    orderId: p.orderId,
    from: m.from,
    to: m.order,
    paymentFrom: m.paymentFrom,
    paymentTo: p.refunded ? PAYMENT_STATUS.REFUNDED : m.payment,
    subOrders: { from: null, to: m.subOrder },
    at: p.at,
  });
  if (!order) throw new Error(`waiting list order ${p.orderId} was released while not waiting`);
  const seats = await ctx.orders.releaseSeats(trx, p.orderId, p.at);
  await orderLifecycle.orderEvent(trx, {
    orderId: p.orderId,
    kind: move === 'cancel' ? 'waitlist_cancelled' : 'waitlist_released',
    from: m.from,
    to: m.order,
    at: p.at,
    data: { reason: w.reason, refunded: p.refunded, amountMinor: w.heldMinor, seatsReleased: seats },
  });
  // Voided, nothing was taken; refunded in full when the card had been charged (a capture answered late).
  const ended = move === 'cancel' ? 'waitlist-cancelled' : 'waitlist-released';
  await ctx.notify(trx, {
    userId: order.userId,
    kind: p.refunded ? `${ended}-refunded` : ended,
    orderId: p.orderId,
    params: noticeParams(order, w),
    dedupeKey: `waitlist-released:${p.orderId}`,
    at: p.at,
  });
  return true;
}
