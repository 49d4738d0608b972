import { applyScheduleChange, isRide, type ScheduledItinerary, SUB_ORDER_STATUS } from '@junction/domain';
import type { FulfilmentRepository, OrderRow, Trx } from './fulfilment.repository';
import type { Notifier } from './ports';
import type { ScheduleChange } from './ticketing/issuer';

/** A schedule change is an event of a ticketed sub-order: it stays ticketed. */
const TICKETED = String(SUB_ORDER_STATUS.TICKETED);

/**
 * Records the schedule changes a supplier published when it issued a sub-order, in the issuing
 * transaction: the order's itinerary takes the new times (the one place every page, file, notice and
 * job reads a departure from; see `applyScheduleChange`), its summary departure and arrival follow, and
 * each change gets its event row and its notice. Answers the order as it now is.
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
  },
): Promise<OrderRow> {
  let itinerary = p.order.itinerary as ScheduledItinerary;
  const recorded: ScheduleChange[] = [];
  for (const change of p.changes) {
    const leg = itinerary.legs[change.legIndex];
    if (!leg || !isRide(leg)) continue;
    if (leg.departureTime === change.departureTime && leg.arrivalTime === change.arrivalTime) continue;
    itinerary = applyScheduleChange(itinerary, change);
    recorded.push(change);
    await p.repo.addEvent(trx, {
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
      dedupeKey: `schedule-change:${p.subOrderId}:${change.legIndex}`,
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
