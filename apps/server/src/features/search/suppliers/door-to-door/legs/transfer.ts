import { distanceKm, type GroundArrival } from '@junction/domain';
import { groundLeg } from '../../../results/build';
import type { PlanContext, PlannedLeg, Stop } from './leg';

/** Walks between stops closer than this, when walking still leaves the time to board; beyond it a taxi. */
const WALK_KM = 1.5;
const WALK_KMH = 4.5;
const walkSecondsFor = (km: number) => Math.round(((km * 1.3) / WALK_KMH) * 3600 + 300);
/** The longest change on foot between two stops, in seconds. */
export const LONGEST_TRANSFER_WALK_SEC = walkSecondsFor(WALK_KM);

/** Seconds a traveller arriving at a stop over the ground needs there before the next ride (none at a metro station). */
export function boardingAt(ctx: PlanContext, stop: Stop, arrival: GroundArrival): number {
  return ctx.inv.boardingSeconds(
    { kind: stop.id === -1 ? 'metro' : stop.kind === 'airport' ? 'airport' : 'station', code: stop.code },
    arrival,
  );
}

/**
 * Between two rides: the planner's free walks (a metro station and the station or terminal it serves),
 * a walk between nearby stops, or a taxi across town. `start` is when the previous ride arrives, the
 * leg's arrival when the traveller reaches the next stop (epoch ms), and `boarding` the time needed there
 * before the next ride leaves (the planner counted it in the transfer's time). `departure` is when that
 * ride leaves.
 */
export function transferLeg(
  ctx: PlanContext,
  transfer: { seconds: number; price: number },
  a: Stop,
  b: Stop,
  start: number,
  departure?: number,
): PlannedLeg & { boarding: number } {
  const km = distanceKm(a, b);
  const planned = transfer.price === 0 ? 'subway' : 'taxi';
  const moving = transfer.seconds - boardingAt(ctx, b, planned);
  const walkSeconds = walkSecondsFor(km);
  const canWalk =
    transfer.price > 0 &&
    km < WALK_KM &&
    (departure === undefined || start + (walkSeconds + boardingAt(ctx, b, 'walk')) * 1000 <= departure);
  const isWalk = transfer.price === 0 || canWalk;
  const kind = isWalk ? 'lands' : 'taxi';
  const arrival = start + (canWalk ? walkSeconds : moving) * 1000;
  const priceMinor = isWalk ? 0 : transfer.price;
  return {
    kind,
    departure: start,
    arrival,
    partyMinor: () => priceMinor * ctx.taxis,
    leg: () =>
      groundLeg({
        kind,
        from: ctx.places.point(a),
        to: ctx.places.point(b),
        departure: start,
        arrival,
        fromTz: a.tz,
        toTz: b.tz,
        priceMinor,
      }),
    boarding: boardingAt(ctx, b, canWalk ? 'walk' : planned),
  };
}
