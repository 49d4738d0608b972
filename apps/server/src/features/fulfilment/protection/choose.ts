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

/** The ride after a cancelled one that the case rebooks too, as the order page shows it. */
function onwardView(c: CaseRow): ProtectionCase['onward'] {
  const onward = onwardOf(c);
  return onward ? { missed: onward.missed, next: rideOf(onward.next) } : null;
}

/** A case as the order page shows it. */
export const caseView = (c: CaseRow, delayed: ResultLeg): ProtectionCase => ({
  id: c.id,
  status: c.status as ProtectionCase['status'],
  cause: isCancellation(c) ? 'cancellation' : 'delay',
  delayed: rideOf(delayed),
  delayMinutes: c.delayMinutes,
  missed: c.missed as ProtectedRide,
  next: c.next ? rideOf(c.next as ResultLeg) : null,
  onward: onwardView(c),
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
    if (c?.status !== 'offered') throw new AppError('PROTECTION_CLOSED');
    const missed = (await ctx.repo.subOrders(order.id, trx)).find((s) => s.id === c.missedSubOrderId);
    if (!missed) throw new AppError('PROTECTION_CLOSED');
    if (choice.choice === 'rebook') await rebook(deps, trx, { order, c, missed, at });
    else await refund(deps, trx, { order, c, missed, at });
  });
}

type Step = { order: OrderRow; c: CaseRow; missed: SubOrderRow; at: Date };

type Onward = { subOrderId: string; leg: number; missed: ProtectedRide; next: ResultLeg };

/** The ride after a cancelled one that the case rebooks too, if it does. */
function onwardOf(c: CaseRow): Onward | undefined {
  if (!c.onward || c.onwardSubOrderId === null || c.onwardLeg === null) return undefined;
  const { missed, next } = c.onward as { missed: ProtectedRide; next: ResultLeg };
  return { subOrderId: c.onwardSubOrderId, leg: c.onwardLeg, missed, next };
}

const paidOf = (s: SubOrderRow) => s.paidMinor ?? s.priceMinor;

/**
 * The next departure instead of the missed ride (after a cancellation, with the later departure of the ride
 * after it when the case offers one), at no cost to the traveller: each replaced sub-order is changed
 * (5 → 4), a new sub-order for each new ride is paid as the old one was and issued through its issuer
 * (7 → 2 and the issue job), the itinerary takes the new rides in the old ones' places, and the difference
 * between the new fares and what was paid is recorded as ours.
 */
async function rebook(deps: ProtectionDeps, trx: Trx, { order, c, missed, at }: Step): Promise<void> {
  const { ctx, repo } = deps;
  const next = c.next as ResultLeg | null;
  if (!next) throw new AppError('PROTECTION_NO_DEPARTURE');
  const onward = onwardOf(c);
  const after = onward && (await ctx.repo.subOrders(order.id, trx)).find((s) => s.id === onward.subOrderId);
  if (onward && !after) throw new AppError('PROTECTION_CLOSED');
  const travellers = (await ctx.repo.travellers(order.id, trx)).length;
  const fares = next.price.amount + (onward ? onward.next.price.amount : 0);
  const absorbedMinor = fares * travellers - paidOf(missed) - (after ? paidOf(after) : 0);
  if (!(await repo.moveCase(trx, { id: c.id, from: 'offered', to: 'rebooked', at, set: { absorbedMinor } })))
    throw new AppError('PROTECTION_CLOSED');
  const rides = new Map([[c.missedLeg, next]]);
  await replaceTicket(deps, trx, { order, c, old: missed, ride: next, at, onward: false, absorbedMinor });
  if (onward && after) {
    await replaceTicket(deps, trx, { order, c, old: after, ride: onward.next, at, onward: true, absorbedMinor: 0 });
    rides.set(onward.leg, onward.next);
  }
  await replaceLegs(deps, trx, order, rides);
  await tellRebooked(deps, trx, { order, c, at }, next, onward?.next);
}

/**
 * One notice (and its e-mail and SMS) for a rebooking, naming every new ride with its departure: the next
 * departure, and the later second ride when the case moved that too.
 */
async function tellRebooked(
  deps: ProtectionDeps,
  trx: Trx,
  { order, c, at }: Pick<Step, 'order' | 'c' | 'at'>,
  next: ResultLeg,
  onward: ResultLeg | undefined,
): Promise<void> {
  const params = { orderNumber: order.orderNumber, trip: next.number, departureAt: next.departureTime };
  await deps.ctx.notify(trx, {
    userId: order.userId,
    kind: onward ? 'protection-rebooked-onward' : 'protection-rebooked',
    orderId: order.id,
    params: onward ? { ...params, onwardTrip: onward.number, onwardDepartureAt: onward.departureTime } : params,
    dedupeKey: `protection-rebooked:${c.id}`,
    at,
  });
}

/**
 * One ticket of a rebooking replaced: the old sub-order changed (5 → 4, what was issued for it reversed), a
 * new one for the ride paid as it was and sent to its issuer, and the event row.
 */
async function replaceTicket(
  deps: ProtectionDeps,
  trx: Trx,
  p: {
    order: OrderRow;
    c: CaseRow;
    old: SubOrderRow;
    ride: ResultLeg;
    at: Date;
    onward: boolean;
    absorbedMinor: number;
  },
): Promise<void> {
  const { ctx, repo } = deps;
  const { order, old, ride, at } = p;
  if (!(await orderLifecycle.moveSubOrder(trx, { subOrderId: old.id, from: S.TICKETED, to: S.CHANGED })))
    throw new AppError('PROTECTION_CLOSED');
  await deps.released?.(trx, { orderId: order.id, subOrderId: old.id, travellerPosition: null, reason: 'changed' });
  const subs = await ctx.repo.subOrders(order.id, trx);
  const fresh = await repo.insertSubOrder(trx, {
    orderId: order.id,
    position: Math.max(...subs.map((s) => s.position)) + 1,
    type: old.type,
    status: null,
    legs: JSON.stringify(old.legs),
    flightNumber: ride.number,
    priceMinor: old.priceMinor,
    paidMinor: paidOf(old),
    ticketing: old.ticketing,
    serviceFeeMinor: old.serviceFeeMinor,
    travellerPrices: old.travellerPrices === null ? null : JSON.stringify(old.travellerPrices),
    supplier: old.supplier,
  });
  await orderLifecycle.moveSubOrder(trx, { subOrderId: fresh.id, from: null, to: S.PAID });
  await orderLifecycle.moveSubOrder(trx, { subOrderId: fresh.id, from: S.PAID, to: S.ISSUING });
  await orderLifecycle.subOrderEvent(trx, {
    orderId: order.id,
    kind: p.onward ? 'protection-rebooked-onward' : 'protection-rebooked',
    from: S.TICKETED,
    to: S.CHANGED,
    at,
    data: {
      subOrderId: old.id,
      newSubOrderId: fresh.id,
      caseId: p.c.id,
      absorbedMinor: p.absorbedMinor,
      number: ride.number,
    },
  });
  await addJob(trx, 'fulfilment.issue', { orderId: order.id, subOrderId: fresh.id }, { jobKey: `issue:${fresh.id}` });
}

/** The itinerary with the new rides in the replaced ones' places, and the order's arrival when the last was one. */
async function replaceLegs(deps: ProtectionDeps, trx: Trx, order: OrderRow, rides: Map<number, ResultLeg>) {
  const itinerary = order.itinerary as ScheduledItinerary;
  const legs = itinerary.legs.map((l, i) => {
    const ride = rides.get(i);
    return ride ? { ...ride, cabin: l.cabin ?? ride.cabin } : l;
  });
  const firstRide = legs.find(isRide);
  const lastIndex = legs.findLastIndex(isRide);
  // The new rides run: a cancellation of the ones they replace no longer marks their places.
  const cancelledLegs = itinerary.cancelledLegs?.filter((i) => !rides.has(i));
  await deps.ctx.repo.reschedule(trx, order.id, {
    itinerary: { ...itinerary, legs, ...(cancelledLegs ? { cancelledLegs } : {}) },
    departureTime: firstRide?.departureTime ?? order.departureTime,
    departureAt: firstRide ? new Date(firstRide.departureTime) : order.departureAt,
    arrivalTime: rides.has(lastIndex) ? (legs[lastIndex] as ResultLeg).arrivalTime : order.arrivalTime,
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
