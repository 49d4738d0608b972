import {
  applyScheduleChange,
  isRide,
  type ResultLeg,
  type ScheduledItinerary,
  SUB_ORDER_STATUS,
} from '@junction/domain';
import { orderLifecycle } from '../../lib/lifecycle/order-lifecycle';
import type { FulfilmentRepository, OrderRow, SubOrderRow, Trx } from './fulfilment.repository';
import type { Notifier } from './ports';
import type { ScheduleChange } from './ticketing/issuer';

/** A schedule change is an event of a ticketed sub-order: it stays ticketed. */
const TICKETED = SUB_ORDER_STATUS.TICKETED;

/** A flight as its seller now tells it: airports and local times without offset (Duffel's `2026-12-01T08:05:00`). */
export type SellerFlight = { from: string; to: string; departingAt: string; arrivingAt: string };

/** A change a seller told of (Duffel's airline-initiated change): its id, when it was detected, the flights it moved. */
export type SellerChange = { id: string; detectedAt?: string; flights: SellerFlight[] };

/**
 * Records the schedule changes a supplier published when it issued a sub-order, in the issuing
 * transaction, or a seller told of later (`seller`: its change, whose id keys the notice so a later
 * change of the same flight is told again): the order's itinerary takes the new times (the one place
 * every page, file, notice and job reads a departure from; see `applyScheduleChange`), its summary
 * departure and arrival follow, and each change gets its event row and its notice. A ride its operator
 * cancelled keeps its place and times, and nobody is told. Answers the order as it now is.
 */
export async function recordScheduleChanges(
  trx: Trx,
  p: {
    repo: FulfilmentRepository;
    notify: Notifier;
    order: OrderRow;
    subOrderId: string;
    changes: ScheduleChange[];
    at: Date;
    seller?: { changeId: string; detectedAt?: string };
  },
): Promise<OrderRow> {
  const key = p.seller ? `:${p.seller.changeId}` : '';
  let itinerary = p.order.itinerary as ScheduledItinerary;
  const recorded: ScheduleChange[] = [];
  for (const change of p.changes) {
    const leg = itinerary.legs[change.legIndex];
    if (!leg || !isRide(leg)) continue;
    // A ride its operator cancelled stays cancelled: a later time told for it changes nothing.
    if (itinerary.cancelledLegs?.includes(change.legIndex)) continue;
    if (leg.departureTime === change.departureTime && leg.arrivalTime === change.arrivalTime) continue;
    itinerary = applyScheduleChange(itinerary, change);
    recorded.push(change);
    await orderLifecycle.subOrderEvent(trx, {
      orderId: p.order.id,
      kind: 'schedule-change',
      from: TICKETED,
      to: TICKETED,
      at: p.at,
      data: {
        subOrderId: p.subOrderId,
        legIndex: change.legIndex,
        departureTime: change.departureTime,
        arrivalTime: change.arrivalTime,
        previousDepartureTime: leg.departureTime,
        previousArrivalTime: leg.arrivalTime,
        ...p.seller,
      },
    });
    await p.notify(trx, {
      userId: p.order.userId,
      kind: 'schedule-change',
      orderId: p.order.id,
      params: {
        orderNumber: p.order.orderNumber,
        trip: leg.number,
        departureAt: leg.departureTime,
        changedAt: change.departureTime,
      },
      dedupeKey: `schedule-change:${p.subOrderId}:${change.legIndex}${key}`,
      at: p.at,
    });
  }
  if (recorded.length === 0) return p.order;
  const firstRide = itinerary.legs.find(isRide);
  const last = itinerary.legs.at(-1);
  const before = (p.order.itinerary as ScheduledItinerary).legs.at(-1);
  const summary = {
    itinerary,
    departureTime: firstRide?.departureTime ?? p.order.departureTime,
    departureAt: firstRide ? new Date(firstRide.departureTime) : p.order.departureAt,
    // The order's arrival is its last leg's: it follows when that leg moved.
    arrivalTime: last && before && last.arrivalTime !== before.arrivalTime ? last.arrivalTime : p.order.arrivalTime,
  };
  await p.repo.reschedule(trx, p.order.id, summary);
  return { ...p.order, ...summary };
}

/** Local wall-clock time in ms, whatever its offset: flights of one route depart from one airport. */
const wallClock = (iso: string) => Date.parse(`${iso.slice(0, 19)}Z`);

/** The sub-order's leg between the flight's airports that departs nearest it (a route flown twice is told apart by its day). */
function legOf(legs: ResultLeg[], open: Set<number>, flight: SellerFlight): number | undefined {
  let found: number | undefined;
  let gap = Number.POSITIVE_INFINITY;
  for (const i of open) {
    const leg = legs[i];
    if (!leg || !isRide(leg) || leg.from.code !== flight.from || leg.to.code !== flight.to) continue;
    const d = Math.abs(wallClock(leg.departureTime) - wallClock(flight.departingAt));
    if (d < gap) [found, gap] = [i, d];
  }
  return found;
}

/**
 * The flights of a sub-order whose departure moved: each flight the seller tells (all of them, or only
 * those a change added, in any order) against the sub-order's leg between the same airports as it now
 * runs, each change with the airport's offset as bought.
 */
export function movedFlights(legs: ResultLeg[], subLegs: number[], flights: SellerFlight[]): ScheduleChange[] {
  const open = new Set(subLegs);
  const changes: ScheduleChange[] = [];
  for (const now of flights) {
    const legIndex = legOf(legs, open, now);
    const leg = legIndex === undefined ? undefined : legs[legIndex];
    if (legIndex === undefined || !leg) continue;
    open.delete(legIndex);
    if (now.departingAt.slice(0, 16) === leg.departureTime.slice(0, 16)) continue;
    changes.push({
      legIndex,
      departureTime: `${now.departingAt.slice(0, 19)}${leg.departureTime.slice(19)}`,
      arrivalTime: `${now.arrivingAt.slice(0, 19)}${leg.arrivalTime.slice(19)}`,
    });
  }
  return changes;
}

/**
 * A change a seller told of a ticketed sub-order's flights, in the caller's transaction: the flights
 * that moved re-time the order's itinerary as a change published at ticketing does. A seller delivers
 * its events at least once and in no set order (Duffel does), so a change recorded already changes
 * nothing again, nor does a flight's change detected before one recorded of the same flight.
 */
export async function recordSellerChange(
  trx: Trx,
  p: {
    repo: FulfilmentRepository;
    notify: Notifier;
    order: OrderRow;
    sub: SubOrderRow;
    change: SellerChange;
    at: Date;
  },
): Promise<OrderRow> {
  const recorded = await p.repo.sellerChanges(trx, p.order.id, p.sub.id);
  if (recorded.some((r) => r.changeId === p.change.id)) return p.order;
  const detected = p.change.detectedAt ? Date.parse(p.change.detectedAt) : Number.NaN;
  const superseded = (legIndex: number) =>
    recorded.some((r) => r.legIndex === legIndex && Date.parse(r.detectedAt) >= detected);
  const { legs } = p.order.itinerary as ScheduledItinerary;
  const changes = movedFlights(legs, p.sub.legs as number[], p.change.flights).filter((c) => !superseded(c.legIndex));
  return recordScheduleChanges(trx, {
    repo: p.repo,
    notify: p.notify,
    order: p.order,
    subOrderId: p.sub.id,
    changes,
    at: p.at,
    seller: { changeId: p.change.id, ...(p.change.detectedAt ? { detectedAt: p.change.detectedAt } : {}) },
  });
}
