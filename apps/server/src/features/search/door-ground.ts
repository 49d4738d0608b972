import { distanceKm, isRide, type LegPoint, type ResultLeg, type SearchResult, toRequestDate } from '@junction/domain';
import { DEFAULT_TAXI, taxi } from '@junction/planner';
import type { Refdata } from '@junction/refdata';
import { DOOR_TO_DOOR } from './inventory/door-to-door';
import type { Inventory } from './inventory/inventory';
import { groundLeg } from './results/build';
import { DOOR_EXIT_MIN } from './suppliers/door-to-door/legs/leg';
import { PlanPlaces } from './suppliers/door-to-door/places';
import type { Bound, SupplierRequest } from './suppliers/supplier';

/** A station or terminal this close to the door is walked to, at the planner's pace along streets. */
const WALK_KM = 1;
const walkSeconds = (km: number) => Math.round(((km * 1.3) / DOOR_TO_DOOR.walkKmh) * 3600);

/** The ground leg between a door and a station or airport: a walk when it is close, else a taxi at the city's tariff. */
function ground(refdata: Refdata, city: Bound['from'], from: LegPoint, to: LegPoint) {
  const km = distanceKm(from, to);
  if (km <= WALK_KM) return { kind: 'lands' as const, seconds: walkSeconds(km), priceMinor: 0 };
  const fare = refdata.taxiFares[city.cityCode];
  const ride = taxi(from, to, fare ? { ...DEFAULT_TAXI, ...fare } : DEFAULT_TAXI);
  return { kind: 'taxi' as const, seconds: ride.seconds, priceMinor: ride.price };
}

/**
 * A flight or train result of a search from or to a door, made door to door: a walk or taxi from the door
 * to the first airport or station (arriving the time to board before departure: check-in, or the station's by its size), and from the last one
 * to the door (after the minutes to leave the plane or train), with their prices, and the journey's times
 * and duration from door to door. The price stays the tickets' price: ground legs are paid on the way,
 * as the order's estimate shows. Door-to-door plans already start at the door and are returned as they are.
 */
export function fromTheDoor(
  result: SearchResult,
  request: SupplierRequest,
  inv: Inventory,
  refdata: Refdata,
): SearchResult {
  if (result.kind === 'mix') return result;
  const trip = request.trips.find((t) => toRequestDate(t.date) === result.date);
  if (!trip?.bounds.some((b) => b.fromDoor || b.toDoor)) return result;
  const places = new PlanPlaces(inv);
  const legs: ResultLeg[] = [];
  const bounds: SearchResult['bounds'] = [];
  let minutes = 0;
  for (const [i, range] of result.bounds.entries()) {
    const own = result.legs.slice(range.start, range.end);
    const bound = trip.bounds[i];
    const first = own[0];
    const last = own.at(-1);
    if (!bound || !first || !last || own.some((l) => !isRide(l))) return result;
    const start = legs.length;
    if (bound.fromDoor) {
      const door = places.door(bound.from, bound.fromDoor);
      const g = ground(refdata, bound.from, door, first.from);
      const arrival =
        Date.parse(first.departureTime) - inv.boardingSeconds(first.from, g.kind === 'taxi' ? 'taxi' : 'walk') * 1000;
      legs.push(
        groundLeg({
          kind: g.kind,
          from: door,
          to: first.from,
          departure: arrival - g.seconds * 1000,
          arrival,
          fromTz: bound.from.tz,
          toTz: bound.from.tz,
          priceMinor: g.priceMinor,
        }),
      );
    }
    legs.push(...own);
    if (bound.toDoor) {
      const door = places.door(bound.to, bound.toDoor);
      const g = ground(refdata, bound.to, last.to, door);
      const departure = Date.parse(last.arrivalTime) + DOOR_EXIT_MIN * 60_000;
      legs.push(
        groundLeg({
          kind: g.kind,
          from: last.to,
          to: door,
          departure,
          arrival: departure + g.seconds * 1000,
          fromTz: bound.to.tz,
          toTz: bound.to.tz,
          priceMinor: g.priceMinor,
        }),
      );
    }
    bounds.push({ start, end: legs.length });
    const span = legs.slice(start);
    minutes += Math.round(
      (Date.parse((span.at(-1) as ResultLeg).arrivalTime) - Date.parse((span[0] as ResultLeg).departureTime)) / 60_000,
    );
  }
  return {
    ...result,
    legs,
    bounds,
    departureTime: (legs[0] as ResultLeg).departureTime,
    arrivalTime: (legs.at(-1) as ResultLeg).arrivalTime,
    durationMinutes: minutes,
  };
}
