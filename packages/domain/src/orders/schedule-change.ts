import type { ResultLeg } from '../search/search.schema';

/** A ride's new times as its operator published them: local ISO times with their offsets. */
export type PublishedChange = { legIndex: number; departureTime: string; arrivalTime: string };

/** A schedule change kept with the order: the ride's times now, and the times it was booked with. */
export type ScheduleChange = PublishedChange & { previousDepartureTime: string; previousArrivalTime: string };

/** What an order's itinerary keeps: its legs as they run now, its journeys, and the changes made to them. */
export type ScheduledItinerary = {
  legs: ResultLeg[];
  bounds: { start: number; end: number }[];
  scheduleChanges?: ScheduleChange[];
  /** The rides their operator cancelled after booking, by leg index. */
  cancelledLegs?: number[];
};

const isRideLeg = (leg: ResultLeg) => leg.kind === 'air' || leg.kind === 'land';

/** An ISO time with offset moved by `ms`, told in the same offset (`2026-12-19T06:36:00+08:00` + 25 min → `…07:01…`). */
export function shiftIso(iso: string, ms: number): string {
  const m = /(Z|[+-]\d{2}:\d{2})$/.exec(iso);
  const offset = m?.[1] ?? 'Z';
  const offsetMs =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
  const local = new Date(Date.parse(iso) + ms + offsetMs).toISOString().slice(0, 19);
  return `${local}${offset === 'Z' ? 'Z' : offset}`;
}

/**
 * The itinerary after its operator re-timed one ride: the ride takes the published times, and the
 * ground legs after it (a metro or taxi from the airport or station, up to the next ride of the same
 * journey) move by as much as its arrival moved, so the plan still follows on from the ride. The legs
 * before it are kept: leaving as planned still makes the ride. The change is kept beside the legs with
 * the times the ride was booked with (the first booking's, however often it changes). Anything that is
 * not a ride of the itinerary changes nothing.
 */
export function applyScheduleChange(itinerary: ScheduledItinerary, change: PublishedChange): ScheduledItinerary {
  const ride = itinerary.legs[change.legIndex];
  if (!ride || !isRideLeg(ride)) return itinerary;
  if (Number.isNaN(Date.parse(change.departureTime)) || Number.isNaN(Date.parse(change.arrivalTime))) return itinerary;
  const moved = Date.parse(change.arrivalTime) - Date.parse(ride.arrivalTime);
  const bound = itinerary.bounds.find((b) => change.legIndex >= b.start && change.legIndex < b.end) ?? {
    start: 0,
    end: itinerary.legs.length,
  };
  let following = true;
  const legs = itinerary.legs.map((leg, i) => {
    if (i === change.legIndex) {
      return {
        ...leg,
        departureTime: change.departureTime,
        arrivalTime: change.arrivalTime,
        durationMinutes: Math.round((Date.parse(change.arrivalTime) - Date.parse(change.departureTime)) / 60_000),
      };
    }
    if (i <= change.legIndex || i >= bound.end || !following) return leg;
    if (isRideLeg(leg)) {
      following = false;
      return leg;
    }
    return { ...leg, departureTime: shiftIso(leg.departureTime, moved), arrivalTime: shiftIso(leg.arrivalTime, moved) };
  });
  const earlier = (itinerary.scheduleChanges ?? []).find((c) => c.legIndex === change.legIndex);
  const kept: ScheduleChange = {
    ...change,
    previousDepartureTime: earlier?.previousDepartureTime ?? ride.departureTime,
    previousArrivalTime: earlier?.previousArrivalTime ?? ride.arrivalTime,
  };
  return {
    ...itinerary,
    legs,
    scheduleChanges: [...(itinerary.scheduleChanges ?? []).filter((c) => c.legIndex !== change.legIndex), kept].sort(
      (a, b) => a.legIndex - b.legIndex,
    ),
  };
}

/** The schedule change of one leg of an order, if its operator made one. */
export const scheduleChangeOf = (
  changes: readonly ScheduleChange[] | undefined,
  legIndex: number,
): ScheduleChange | undefined => changes?.find((c) => c.legIndex === legIndex);
