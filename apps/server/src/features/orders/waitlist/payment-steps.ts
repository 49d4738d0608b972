import {
  type NoticeKind,
  PAYMENT_STATUS,
  type PaymentStatus,
  WAITLIST_MOVES,
  type WaitlistMove,
} from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { OrderRow, Trx, WaitlistRow } from '../orders.repository';
import { noticeParams, type WaitlistContext } from './waitlist.context';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'orders.waitlist-check': { orderId: string };
    'orders.waitlist-cutoff': { orderId: string };
    'orders.waitlist-release': { orderId: string };
  }
}

type Paid = { orderId: string; amountMinor: number; attemptId: string; at: Date };

/** The order's step of a waiting-list move, with its payment (to `paymentTo` when it differs from the table's). */
function moveOrder(trx: Trx, orderId: string, move: WaitlistMove, at: Date, paymentTo?: PaymentStatus) {
  const m = WAITLIST_MOVES[move];
  return orderLifecycle.moveOrder(trx, {
    orderId,
    from: m.from,
    to: m.order,
    paymentFrom: m.paymentFrom,
    paymentTo: paymentTo ?? m.payment,
    ...(m.subOrder === null ? {} : { subOrders: { from: null, to: m.subOrder } }),
    at,
  });
}

/** The move's order event, then the traveller's notice of it, in the payment's transaction. */
async function recordAndTell(
  ctx: WaitlistContext,
  trx: Trx,
  p: { move: WaitlistMove; order: OrderRow; w: WaitlistRow; at: Date; event: string; data: Record<string, unknown> },
  notice: { kind: NoticeKind; dedupeKey: string },
): Promise<void> {
  const m = WAITLIST_MOVES[p.move];
  const orderId = p.order.id;
  await orderLifecycle.orderEvent(trx, { orderId, kind: p.event, from: m.from, to: m.order, at: p.at, data: p.data });
  await ctx.notify(trx, { userId: p.order.userId, orderId, params: noticeParams(p.order, p.w), at: p.at, ...notice });
}

/**
 * The card authorised the price, in the payment's transaction: order 0 → 8, payment 1 → 5, the entry
 * waits, and the jobs that look for seats and close it at the cut-off are queued. False when the order
 * was no longer awaiting this payment.
 */
export async function markHeld(ctx: WaitlistContext, trx: Trx, p: Paid): Promise<boolean> {
  const order = await moveOrder(trx, p.orderId, 'hold', p.at);
  if (!order) return false;
  const w = await ctx.repo.move(trx, {
    orderId: p.orderId,
    from: ['awaiting_hold'],
    to: 'waiting',
    at: p.at,
    heldMinor: p.amountMinor,
  });
  if (!w) throw new Error(`order ${p.orderId} is held without its waiting list entry`);
  await recordAndTell(
    ctx,
    trx,
    {
      move: 'hold',
      order,
      w,
      at: p.at,
      event: 'waitlist_held',
      data: { amountMinor: p.amountMinor, attemptId: p.attemptId, cutoffAt: w.cutoffAt.toISOString() },
    },
    { kind: 'waitlist-joined', dedupeKey: `waitlist-joined:${p.orderId}` },
  );
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
  const order = await moveOrder(trx, p.orderId, 'fill', p.at);
  if (!order) throw new Error(`waiting list order ${p.orderId} was filled while not waiting`);
  await orderLifecycle.recordPaid(trx, p.orderId);
  await recordAndTell(
    ctx,
    trx,
    {
      move: 'fill',
      order,
      w,
      at: p.at,
      event: 'waitlist_filled',
      data: { amountMinor: p.amountMinor, attemptId: p.attemptId },
    },
    { kind: 'waitlist-filled', dedupeKey: `waitlist-filled:${p.orderId}` },
  );
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
  const order = await moveOrder(trx, p.orderId, move, p.at, p.refunded ? PAYMENT_STATUS.REFUNDED : undefined);
  if (!order) throw new Error(`waiting list order ${p.orderId} was released while not waiting`);
  const seats = await ctx.orders.releaseSeats(trx, p.orderId, p.at);
  // Voided, nothing was taken; refunded in full when the card had been charged (a capture answered late).
  const ended = move === 'cancel' ? 'waitlist-cancelled' : 'waitlist-released';
  await recordAndTell(
    ctx,
    trx,
    {
      move,
      order,
      w,
      at: p.at,
      event: move === 'cancel' ? 'waitlist_cancelled' : 'waitlist_released',
      data: { reason: w.reason, refunded: p.refunded, amountMinor: w.heldMinor, seatsReleased: seats },
    },
    { kind: p.refunded ? `${ended}-refunded` : ended, dedupeKey: `waitlist-released:${p.orderId}` },
  );
  return true;
}
