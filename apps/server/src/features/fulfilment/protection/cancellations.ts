import {
  arriveBy,
  neededMinutes,
  type ResultLeg,
  SUB_ORDER_STATUS as S,
  type ScheduledItinerary,
  type SelfTransfer,
  selfTransfers,
  shiftIso,
  subOrderStatusCodec,
} from '@junction/domain';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import type { OrderRow, SubOrderRow, Trx } from '../fulfilment.repository';
import { ticketsOf } from '../refund-tickets';
import { stepSubOrder } from '../sub-order-step';
import { legsOf, nextOnRoute, type ProtectionDeps, rideOf, rideOn, standing } from './delays';

/** An operator's cancellation of a service on a day (its local date): it does not run. */
export type Cancellation = { service: string; date: string };

type Found = { sub: SubOrderRow; legIndex: number; leg: ResultLeg };

/**
 * A cancellation told by an operator, for one order: the ride is marked cancelled on the order (an event
 * row and a notice, e-mail and SMS, as a schedule change is). When a self-transfer follows the ticket it
 * was the only ride of, a protection case is opened for it as for a missed connection: a later departure
 * of its route that still makes the rest of the plan (or, when none does, the next one with a later
 * departure of the ride after it that it makes), or its refund in full. Any other cancelled ticket is
 * refunded in full at once, with no fee. Told again, it changes nothing.
 */
export async function recordCancellation(
  deps: ProtectionDeps,
  orderId: string,
  cancellation: Cancellation,
): Promise<'protected' | 'refunded' | 'none'> {
  const { ctx } = deps;
  const order = await ctx.repo.order(orderId);
  if (!order) return 'none';
  const found = rideOn(order, await ctx.repo.subOrders(orderId), cancellation);
  if (!found) return 'none';
  const outcome = await ctx.repo.transaction(async (trx) => {
    const locked = await ctx.repo.lockOrder(trx, orderId);
    const subs = locked ? await ctx.repo.subOrders(orderId, trx) : [];
    const sub = subs.find((s) => s.id === found.sub.id);
    if (!locked || !sub || subOrderStatusCodec.decode(sub.status) !== S.TICKETED) return undefined;
    const itinerary = locked.itinerary as ScheduledItinerary;
    if (itinerary.cancelledLegs?.includes(found.legIndex)) return undefined;
    const marked = await markCancelled(deps, trx, { order: locked, found, cancellation });
    const transfer = selfTransfers(itinerary.legs, subs.filter(standing).map(legsOf)).find(
      (t) => t.arriving === found.legIndex,
    );
    if (transfer && legsOf(sub).length === 1 && !(await deps.repo.caseOf(trx, sub.id)))
      return { order: marked, transfer };
    await refundCancelled(deps, trx, { order: locked, sub, found });
    return 'refunded' as const;
  });
  if (outcome === undefined) return 'none';
  if (outcome === 'refunded') return 'refunded';
  await openCancellationCase(deps, { ...outcome, found });
  return 'protected';
}

/** The ride marked cancelled on the order's itinerary, with its event row. */
async function markCancelled(
  deps: ProtectionDeps,
  trx: Trx,
  p: { order: OrderRow; found: Found; cancellation: Cancellation },
): Promise<OrderRow> {
  const itinerary = p.order.itinerary as ScheduledItinerary;
  const next = { ...itinerary, cancelledLegs: [...(itinerary.cancelledLegs ?? []), p.found.legIndex] };
  await deps.ctx.repo.reschedule(trx, p.order.id, {
    itinerary: next,
    departureTime: p.order.departureTime,
    departureAt: p.order.departureAt,
    arrivalTime: p.order.arrivalTime,
  });
  await orderLifecycle.subOrderEvent(trx, {
    orderId: p.order.id,
    kind: 'operator-cancelled',
    from: S.TICKETED,
    to: S.TICKETED,
    at: deps.ctx.now(),
    data: { subOrderId: p.found.sub.id, legIndex: p.found.legIndex, ...p.cancellation },
  });
  return { ...p.order, itinerary: next };
}

/**
 * Every ticket of a sub-order its operator cancelled, refunded in full (fee and service fee too) back the
 * way it was paid: 5 → 6 and its refunds. Answers the amount; nothing when the sub-order no longer stood ticketed.
 */
export async function openCancelledRefunds(
  deps: ProtectionDeps,
  trx: Trx,
  p: { order: OrderRow; sub: SubOrderRow; at: Date; data?: object },
): Promise<number | undefined> {
  const { ctx } = deps;
  const step = { orderId: p.order.id, subOrderId: p.sub.id, kind: 'operator-cancelled-refund', at: p.at, data: p.data };
  if (!(await stepSubOrder(trx, { ...step, from: S.TICKETED, to: S.REFUNDING }))) return undefined;
  let amount = 0;
  for (const ticket of ticketsOf(p.sub, await ctx.repo.travellers(p.order.id, trx))) {
    const row = await ctx.refunds.open(trx, p.order, ticket, {
      reason: 'operator-cancelled',
      fee: 0,
      serviceFee: 0,
      rule: 'supplier-failed',
      at: p.at,
    });
    amount += row.amountMinor;
  }
  return amount;
}

/** A cancelled ticket nothing protects: refunded in full at once, and the traveller told. */
async function refundCancelled(deps: ProtectionDeps, trx: Trx, p: { order: OrderRow; sub: SubOrderRow; found: Found }) {
  const at = deps.ctx.now();
  await openCancelledRefunds(deps, trx, { order: p.order, sub: p.sub, at });
  await deps.ctx.notify(trx, {
    userId: p.order.userId,
    kind: 'service-cancelled',
    orderId: p.order.id,
    params: { orderNumber: p.order.orderNumber, trip: p.found.leg.number, departureAt: p.found.leg.departureTime },
    dedupeKey: `service-cancelled:${p.sub.id}:${p.found.legIndex}`,
    at,
  });
}

/** The ride after a cancelled one, rebooked with it: its ticket, its leg as booked, and the later departure taken. */
type Onward = { sub: SubOrderRow; legIndex: number; missed: ResultLeg; next: ResultLeg };

/**
 * The way on after a cancelled ride a self-transfer follows, found outside any transaction: the first later
 * departure of its route when it arrives in time for the next ride; else that departure together with the
 * first later departure of the next ride's route it makes (the next ride the only one of a ticket that
 * stands, and the ride after it, if any, still made); else none.
 */
async function wayOn(
  deps: ProtectionDeps,
  p: { order: OrderRow; found: Found; transfer: SelfTransfer },
): Promise<{ next?: ResultLeg; onward?: Onward }> {
  const { legs } = p.order.itinerary as ScheduledItinerary;
  const travellers = (await deps.ctx.repo.travellers(p.order.id)).length;
  const cancelled = p.found.leg;
  const later = await nextOnRoute(deps.next, cancelled, shiftIso(cancelled.departureTime, 60_000), travellers);
  if (!later) return {};
  if (Date.parse(later.arrivalTime) <= Date.parse(arriveBy(legs, p.transfer))) return { next: later };
  const subs = (await deps.ctx.repo.subOrders(p.order.id)).filter(standing);
  const sub = subs.find((s) => legsOf(s).includes(p.transfer.departing));
  if (!sub || legsOf(sub).length !== 1 || subOrderStatusCodec.decode(sub.status) !== S.TICKETED) return {};
  const missed = legs[p.transfer.departing] as ResultLeg;
  const after = shiftIso(later.arrivalTime, neededMinutes(legs, p.transfer) * 60_000);
  const next = await nextOnRoute(deps.next, missed, after, travellers);
  const further = selfTransfers(legs, subs.map(legsOf)).find((t) => t.arriving === p.transfer.departing);
  if (!next || (further && Date.parse(next.arrivalTime) > Date.parse(arriveBy(legs, further)))) return {};
  return { next: later, onward: { sub, legIndex: p.transfer.departing, missed, next } };
}

/**
 * The case of a cancelled ride a self-transfer follows: its way on (`wayOn`), then written once.
 */
async function openCancellationCase(
  deps: ProtectionDeps,
  p: { order: OrderRow; found: Found; transfer: SelfTransfer },
): Promise<void> {
  const { ctx, repo } = deps;
  const { legs } = p.order.itinerary as ScheduledItinerary;
  const cancelled = p.found.leg;
  const { next, onward } = await wayOn(deps, p);
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const locked = await ctx.repo.lockOrder(trx, p.order.id);
    if (!locked || (await repo.caseOf(trx, p.found.sub.id))) return;
    const made = await repo.insertCase(trx, {
      orderId: locked.id,
      userId: locked.userId,
      delayedSubOrderId: p.found.sub.id,
      missedSubOrderId: p.found.sub.id,
      status: 'offered',
      delayedLeg: p.found.legIndex,
      missedLeg: p.found.legIndex,
      delayMinutes: 0,
      missed: JSON.stringify(rideOf(cancelled)),
      next: next ? JSON.stringify({ ...next, cabin: cancelled.cabin }) : null,
      refundMinor: p.found.sub.paidMinor ?? p.found.sub.priceMinor,
      ...(onward
        ? {
            onwardSubOrderId: onward.sub.id,
            onwardLeg: onward.legIndex,
            onward: JSON.stringify({
              missed: rideOf(onward.missed),
              next: { ...onward.next, cabin: onward.missed.cabin },
            }),
          }
        : {}),
      createdAt: at,
      updatedAt: at,
    });
    await ctx.notify(trx, {
      userId: locked.userId,
      kind: 'service-cancelled-protected',
      orderId: locked.id,
      params: {
        orderNumber: locked.orderNumber,
        trip: cancelled.number,
        missed: (legs[p.transfer.departing] as ResultLeg).number,
        departureAt: cancelled.departureTime,
      },
      dedupeKey: `service-cancelled:${made.id}`,
      at,
    });
  });
}
