import {
  isRide,
  isTicketStanding,
  missedConnection,
  neededMinutes,
  type ProtectedRide,
  type ResultLeg,
  SUB_ORDER_STATUS as S,
  type ScheduledItinerary,
  shiftIso,
  subOrderStatusCodec,
} from '@junction/domain';
import type { FulfilmentContext } from '../fulfilment.context';
import type { OrderRow, SubOrderRow } from '../fulfilment.repository';
import type { NextDepartures, TicketReleased } from '../ports';
import { recordScheduleChanges } from '../schedule-changes';
import type { ProtectionRepository } from './protection.repository';

/** An operator's delay of a service on a day (its local date), in minutes behind its timetable. */
export type Delay = { service: string; date: string; minutes: number };

export type ProtectionDeps = {
  ctx: FulfilmentContext;
  repo: ProtectionRepository;
  next: NextDepartures;
  /** What was issued for a replaced ticket (its invoices) is reversed. */
  released?: TicketReleased;
};

/** The first departure of a leg's route at or after `after` with a seat for each traveller; none for a leg of unknown places. */
export async function nextOnRoute(
  next: NextDepartures,
  leg: ResultLeg,
  after: string,
  travellers: number,
): Promise<ResultLeg | undefined> {
  if (leg.from.placeId === undefined || leg.to.placeId === undefined) return undefined;
  return next({
    kind: leg.kind as 'air' | 'land',
    fromPlaceId: leg.from.placeId,
    toPlaceId: leg.to.placeId,
    fromCode: leg.from.code,
    toCode: leg.to.code,
    after,
    cabin: leg.cabin ?? '',
    travellers,
  });
}

/** A ride as a case shows it. */
export const rideOf = (leg: ResultLeg): ProtectedRide => ({
  kind: leg.kind as 'air' | 'land',
  number: leg.number,
  from: leg.from.name,
  to: leg.to.name,
  departureTime: leg.departureTime,
  arrivalTime: leg.arrivalTime,
});

export const standing = (s: SubOrderRow) => isTicketStanding(subOrderStatusCodec.decode(s.status));
export const legsOf = (s: SubOrderRow) => s.legs as number[];

/** An order's ride of an operator's service on a day: the standing sub-order and leg of it departing then. */
export function rideOn(order: OrderRow, subs: SubOrderRow[], delay: { service: string; date: string }) {
  const { legs } = order.itinerary as ScheduledItinerary;
  for (const sub of subs.filter(standing)) {
    for (const i of legsOf(sub)) {
      const leg = legs[i];
      // Its day as the operator names it: the local date of its departure.
      if (leg && isRide(leg) && leg.number === delay.service && leg.departureTime.slice(0, 10) === delay.date)
        return { sub, legIndex: i, leg };
    }
  }
  return undefined;
}

/**
 * A delay told by an operator, for one order: the ride takes its delayed times (an event row and the
 * schedule-change notice, as any change), and when a self-transfer after it can no longer be made, a
 * protection case is opened for the ticket it misses, with the next departure on its route and its
 * refund, and the traveller is told (page, e-mail and SMS). Told again, or told of a ride its operator
 * cancelled, it changes nothing.
 */
export async function recordDelay(
  deps: ProtectionDeps,
  orderId: string,
  delay: Delay,
): Promise<'missed' | 'made' | 'none'> {
  const { ctx, repo } = deps;
  const order = await ctx.repo.order(orderId);
  if (!order) return 'none';
  const subs = await ctx.repo.subOrders(orderId);
  const found = rideOn(order, subs, delay);
  if (!found) return 'none';
  const missed = await ctx.repo.transaction(async (trx) => {
    const locked = await ctx.repo.lockOrder(trx, orderId);
    // A cancelled ride stays cancelled: a delay told after it moves nothing and opens no case.
    if (!locked || (locked.itinerary as ScheduledItinerary).cancelledLegs?.includes(found.legIndex)) return null;
    const timetable = (await repo.timetableOf(trx, orderId, found.sub.id, found.legIndex)) ?? {
      previousDepartureTime: found.leg.departureTime,
      previousArrivalTime: found.leg.arrivalTime,
    };
    const ms = delay.minutes * 60_000;
    const rescheduled = await recordScheduleChanges(trx, {
      repo: ctx.repo,
      notify: ctx.notify,
      order: locked,
      subOrderId: found.sub.id,
      changes: [
        {
          legIndex: found.legIndex,
          departureTime: shiftIso(timetable.previousDepartureTime, ms),
          arrivalTime: shiftIso(timetable.previousArrivalTime, ms),
        },
      ],
      at: ctx.now(),
      seller: { changeId: `delay:${delay.service}:${delay.date}:${delay.minutes}` },
    });
    const live = (await ctx.repo.subOrders(orderId, trx)).filter(standing);
    const { legs } = rescheduled.itinerary as ScheduledItinerary;
    const miss = missedConnection(legs, live.map(legsOf));
    if (!miss || !legsOf(found.sub).includes(miss.arriving)) return undefined;
    const missedSub = live.find((s) => legsOf(s).includes(miss.departing));
    if (!missedSub || subOrderStatusCodec.decode(missedSub.status) !== S.TICKETED) return undefined;
    if (await repo.caseOf(trx, missedSub.id)) return undefined;
    const arrived = legs[miss.arriving] as ResultLeg;
    return {
      order: rescheduled,
      missedSub,
      miss,
      after: shiftIso(arrived.arrivalTime, neededMinutes(legs, miss) * 60_000),
    };
  });
  if (missed === null) return 'none';
  if (!missed) return 'made';
  await openCase(deps, { ...missed, delayedSub: found.sub, delay });
  return 'missed';
}

/** The case of a missed ticket: the next departure found first (outside any transaction), then written once. */
async function openCase(
  deps: ProtectionDeps,
  p: {
    order: OrderRow;
    missedSub: SubOrderRow;
    delayedSub: SubOrderRow;
    miss: { arriving: number; departing: number };
    after: string;
    delay: Delay;
  },
): Promise<void> {
  const { ctx, repo } = deps;
  const { legs } = p.order.itinerary as ScheduledItinerary;
  const missedLeg = legs[p.miss.departing] as ResultLeg;
  const travellers = await ctx.repo.travellers(p.order.id);
  const next = await nextOnRoute(deps.next, missedLeg, p.after, travellers.length);
  const at = ctx.now();
  await ctx.repo.transaction(async (trx) => {
    const locked = await ctx.repo.lockOrder(trx, p.order.id);
    if (!locked || (await repo.caseOf(trx, p.missedSub.id))) return;
    const made = await repo.insertCase(trx, {
      orderId: locked.id,
      userId: locked.userId,
      delayedSubOrderId: p.delayedSub.id,
      missedSubOrderId: p.missedSub.id,
      status: 'offered',
      delayedLeg: p.miss.arriving,
      missedLeg: p.miss.departing,
      delayMinutes: p.delay.minutes,
      missed: JSON.stringify(rideOf(missedLeg)),
      next: next ? JSON.stringify({ ...next, cabin: missedLeg.cabin }) : null,
      refundMinor: p.missedSub.paidMinor ?? p.missedSub.priceMinor,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.notify(trx, {
      userId: locked.userId,
      kind: 'connection-missed',
      orderId: locked.id,
      params: {
        orderNumber: locked.orderNumber,
        trip: (legs[p.miss.arriving] as ResultLeg).number,
        missed: missedLeg.number,
        minutes: p.delay.minutes,
      },
      dedupeKey: `connection-missed:${made.id}`,
      at,
    });
  });
}
