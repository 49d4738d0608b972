import type { LegPoint } from '@junction/domain';
import { taxi } from '@junction/planner';
import { DOOR_TO_DOOR, type DoorToDoorJourney } from '../../../inventory/door-to-door';
import { groundLeg } from '../../../results/build';
import type { Bound, PlanContext, PricedLeg, Stop } from './leg';

/**
 * From the door to the first station or airport: by metro or airport express, on foot, or by taxi.
 * `airline`: the first flight's, for the terminal the traveller goes to.
 */
export function accessLeg(
  ctx: PlanContext,
  j: DoorToDoorJourney,
  bound: Bound,
  door: LegPoint,
  firstStop: Stop,
  airline?: string,
): PricedLeg {
  const tz = bound.from.tz;
  const to = ctx.places.point(firstStop, airline);
  const { access } = j;
  if (access.kind === 'subway' && access.link) {
    const link = access.link;
    const boardAt = j.leaveAt + (DOOR_TO_DOOR.transitWalkMin + link.frequencyMinutes / 2) * 60_000;
    const leg = groundLeg({
      kind: 'subway',
      from: { ...door, code: '', name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' },
      to,
      departure: boardAt,
      arrival: boardAt + link.durationMinutes * 60_000,
      fromTz: tz,
      toTz: firstStop.tz,
      priceMinor: link.fareMinor,
      carrier: 'METRO',
      carrierName: { en: link.lineEn, 'zh-CN': link.lineZh },
      number: link.lineEn,
    });
    return { leg, partyMinor: link.fareMinor * ctx.seated };
  }
  if (access.kind === 'walk') {
    const leg = groundLeg({
      kind: 'lands',
      from: door,
      to,
      departure: j.leaveAt,
      arrival: j.leaveAt + access.seconds * 1000,
      fromTz: tz,
      toTz: firstStop.tz,
      priceMinor: 0,
    });
    return { leg, partyMinor: 0 };
  }
  const city = ctx.inv.cityOf(bound.from);
  const seconds = taxi(bound.fromDoor ?? bound.from, firstStop, ctx.inv.doorToDoor?.taxiModel(city)).seconds;
  const leg = groundLeg({
    kind: 'taxi',
    from: door,
    to,
    departure: j.leaveAt,
    arrival: j.leaveAt + seconds * 1000,
    fromTz: tz,
    toTz: firstStop.tz,
    priceMinor: access.price,
  });
  return { leg, partyMinor: access.price * ctx.taxis };
}
