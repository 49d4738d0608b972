import { distanceKm } from '@junction/domain';
import { groundLeg } from '../../../results/build';
import type { PlanContext, PricedLeg, Stop } from './leg';

/** Walks between stops closer than this; beyond it a taxi. */
const WALK_KM = 1.5;
const WALK_KMH = 4.5;

/**
 * Between two rides: the planner's free walks (a metro station and the station or terminal it serves),
 * a walk between nearby stops, or a taxi across town. `start` is when the previous ride arrives and `end`
 * when the traveller reaches the next stop (epoch ms).
 */
export function transferLeg(
  ctx: PlanContext,
  transfer: { seconds: number; price: number },
  a: Stop,
  b: Stop,
  start: number,
): PricedLeg & { end: number } {
  const km = distanceKm(a, b);
  const isWalk = km < WALK_KM || transfer.price === 0;
  const seconds =
    transfer.price === 0
      ? transfer.seconds
      : isWalk
        ? Math.round(((km * 1.3) / WALK_KMH) * 3600 + 300)
        : transfer.seconds;
  const leg = groundLeg({
    kind: isWalk ? 'lands' : 'taxi',
    from: ctx.places.point(a),
    to: ctx.places.point(b),
    departure: start,
    arrival: start + seconds * 1000,
    fromTz: a.tz,
    toTz: b.tz,
    priceMinor: isWalk ? 0 : transfer.price,
  });
  return { leg, partyMinor: isWalk ? 0 : transfer.price * ctx.taxis, end: start + seconds * 1000 };
}
