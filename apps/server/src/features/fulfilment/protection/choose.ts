import {
  AppError,
  isRide,
  type ProtectedRide,
  type ProtectionCase,
  type ProtectionChoice,
  type ResultLeg,
  SUB_ORDER_STATUS as S,
  type ScheduledItinerary,
} from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { OrderRow, SubOrderRow, Trx } from '../fulfilment.repository';
import { stepSubOrder } from '../sub-order-step';
import { openCancelledRefunds } from './cancellations';
import { type ProtectionDeps, rideOf } from './delays';
import type { CaseRow } from './protection.repository';

/** A case opened for a cancelled ride replaces that ride's own ticket; a delay's, the ticket after it. */
const isCancellation = (c: CaseRow) => c.delayedSubOrderId === c.missedSubOrderId;

/** A case as the order page shows it. */
export const caseView = (c: CaseRow, delayed: ResultLeg): ProtectionCase => ({
  id: c.id,
  status: c.status as ProtectionCase['status'],
  cause: isCancellation(c) ? 'cancellation' : 'delay',
  delayed: rideOf(delayed),
  delayMinutes: c.delayMinutes,
  missed: c.missed as ProtectedRide,
  next: c.next ? rideOf(c.next as ResultLeg) : null,
  refund: { amount: c.refundMinor, currency: 'CNY' },
});

/**
 * The traveller's choice on a missed connection, in one transaction with the order locked: the case
 * moves from `offered` (a second click, or another tab, finds it settled), and the missed ticket is
 * replaced by the next departure or refunded.
 */
export async function choose(deps: ProtectionDeps, userId: string, choice: ProtectionChoice): Promise<void> {
  const { ctx, repo } = deps;
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const order = await ctx.repo.lockOrder(trx, choice.orderId);
    if (order?.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
    const c = (await repo.cases(order.id, trx)).find((x) => x.id === choice.caseId);
    if (!c || c.status !== 'offered') throw new AppError('PROTECTION_CLOSED');
    const missed = (await ctx.repo.subOrders(order.id, trx)).find((s) => s.id === c.missedSubOrderId);
    if (!missed) throw new AppError('PROTECTION_CLOSED');
    if (choice.choice === 'rebook') await rebook(deps, trx, { order, c, missed, at });
    else await refund(deps, trx, { order, c, missed, at });
  });
}

type Step = { order: OrderRow; c: CaseRow; missed: SubOrderRow; at: Date };

/**
 * The next departure instead of the missed ride, at no cost to the traveller: the missed sub-order is
 * changed (5 → 4), a new sub-order for the new ride is paid as the old one was and issued through its
 * issuer (7 → 2 and the issue job), the itinerary takes the new ride in the missed one's place, and the
 * difference between the new fare and what was paid is recorded as ours.
 */
async function rebook(deps: ProtectionDeps, trx: Trx, { order, c, missed, at }: Step): Promise<void> {
  const { ctx, repo } = deps;
  const next = c.next as ResultLeg | null;
  if (!next) throw new AppError('PROTECTION_NO_DEPARTURE');
  const travellers = await ctx.repo.travellers(order.id, trx);
  const paid = missed.paidMinor ?? missed.priceMinor;
  const absorbedMinor = next.price.amount * travellers.length - paid;
  if (!(await repo.moveCase(trx, { id: c.id, from: 'offered', to: 'rebooked', at, set: { absorbedMinor } })))
    throw new AppError('PROTECTION_CLOSED');
  if (!(await orderLifecycle.moveSubOrder(trx, { subOrderId: missed.id, from: S.TICKETED, to: S.CHANGED })))
    throw new AppError('PROTECTION_CLOSED');
  await deps.released?.(trx, { orderId: order.id, subOrderId: missed.id, travellerPosition: null, reason: 'changed' });
  const subs = await ctx.repo.subOrders(order.id, trx);
  const fresh = await repo.insertSubOrder(trx, {
    orderId: order.id,
    position: Math.max(...subs.map((s) => s.position)) + 1,
    type: missed.type,
    status: null,
    legs: JSON.stringify(missed.legs),
    flightNumber: next.number,
    priceMinor: missed.priceMinor,
    paidMinor: paid,
    ticketing: missed.ticketing,
    serviceFeeMinor: missed.serviceFeeMinor,
    travellerPrices: missed.travellerPrices === null ? null : JSON.stringify(missed.travellerPrices),
    supplier: missed.supplier,
  });
  await orderLifecycle.moveSubOrder(trx, { subOrderId: fresh.id, from: null, to: S.PAID });
  await orderLifecycle.moveSubOrder(trx, { subOrderId: fresh.id, from: S.PAID, to: S.ISSUING });
  await orderLifecycle.subOrderEvent(trx, {
    orderId: order.id,
    kind: 'protection-rebooked',
    from: S.TICKETED,
    to: S.CHANGED,
    at,
    data: { subOrderId: missed.id, newSubOrderId: fresh.id, caseId: c.id, absorbedMinor, number: next.number },
  });
  await replaceLeg(deps, trx, order, c.missedLeg, next);
  await addJob(trx, 'fulfilment.issue', { orderId: order.id, subOrderId: fresh.id }, { jobKey: `issue:${fresh.id}` });
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'protection-rebooked',
    orderId: order.id,
    params: { orderNumber: order.orderNumber, trip: next.number, departureAt: next.departureTime },
    dedupeKey: `protection-rebooked:${c.id}`,
    at,
  });
}

/** The itinerary with the new ride in the missed one's place, and the order's arrival when it was the last. */
async function replaceLeg(deps: ProtectionDeps, trx: Trx, order: OrderRow, index: number, next: ResultLeg) {
  const itinerary = order.itinerary as ScheduledItinerary;
  const legs = itinerary.legs.map((l, i) => (i === index ? { ...next, cabin: l.cabin ?? next.cabin } : l));
  const firstRide = legs.find(isRide);
  const lastRide = [...legs].reverse().find(isRide);
  // The new ride runs: a cancellation of the one it replaces no longer marks its place.
  const cancelledLegs = itinerary.cancelledLegs?.filter((i) => i !== index);
  await deps.ctx.repo.reschedule(trx, order.id, {
    itinerary: { ...itinerary, legs, ...(cancelledLegs ? { cancelledLegs } : {}) },
    departureTime: firstRide?.departureTime ?? order.departureTime,
    departureAt: firstRide ? new Date(firstRide.departureTime) : order.departureAt,
    arrivalTime: lastRide && lastRide === legs[index] ? lastRide.arrivalTime : order.arrivalTime,
  });
}

/**
 * The unused (or cancelled) ticket refunded in full, fee and service fee too, back the way it was paid:
 * 5 → 6 and its refunds.
 */
async function refund(deps: ProtectionDeps, trx: Trx, { order, c, missed, at }: Step): Promise<void> {
  const { ctx, repo } = deps;
  if (!(await repo.moveCase(trx, { id: c.id, from: 'offered', to: 'refunded', at })))
    throw new AppError('PROTECTION_CLOSED');
  const amountMinor = isCancellation(c)
    ? await openCancelledRefunds(deps, trx, { order, sub: missed, at, data: { caseId: c.id } })
    : await refundMissed(deps, trx, { order, c, missed, at });
  if (amountMinor === undefined) throw new AppError('PROTECTION_CLOSED');
  await ctx.notify(trx, {
    userId: order.userId,
    kind: 'refund-processing',
    orderId: order.id,
    params: {
      orderNumber: order.orderNumber,
      trip: missed.flightNumber,
      amountMinor,
      before: new Date(at.getTime() + ctx.options.refundDays * 86_400_000).toISOString().slice(0, 10),
    },
    dedupeKey: `refund-processing:protection:${c.id}`,
    at,
  });
}

/** A missed ticket's refunds, as a protected connection's: 5 → 6 and every ticket of it in full. */
async function refundMissed(deps: ProtectionDeps, trx: Trx, { order, c, missed, at }: Step): Promise<number> {
  const step = { orderId: order.id, subOrderId: missed.id, kind: 'protection-refund', at, data: { caseId: c.id } };
  if (!(await stepSubOrder(trx, { ...step, from: S.TICKETED, to: S.REFUNDING })))
    throw new AppError('PROTECTION_CLOSED');
  return deps.ctx.refunds.openUnissued(trx, order, missed.id, at, 'connection-missed');
}
