import type { LegPoint } from '@junction/domain';
import { taxi } from '@junction/planner';
import type { DoorToDoorJourney } from '../../../inventory/door-to-door';
import { groundLeg } from '../../../results/build';
import { type Bound, DOOR_EXIT_MIN, type PlanContext, type PricedLeg, type Stop } from './leg';

/**
 * From the last station or airport to the door: by metro or airport express, on foot, or by taxi. `end`
 * is when the traveller reaches the door (epoch ms); `airline` the last flight's, for its terminal.
 */
export function egressLeg(
  ctx: PlanContext,
  j: DoorToDoorJourney,
  bound: Bound,
  door: LegPoint,
  lastStop: Stop,
  arriveStop: number,
  airline?: string,
): PricedLeg & { end: number } {
  const from = ctx.places.point(lastStop, airline);
  const { egress } = j;
  if (egress.kind === 'subway' && egress.link) {
    const link = egress.link;
    const board = arriveStop + (DOOR_EXIT_MIN + link.frequencyMinutes / 2) * 60_000;
    const end = board + link.durationMinutes * 60_000;
    const leg = groundLeg({
      kind: 'subway',
      from,
      to: { ...door, name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' },
      departure: board,
      arrival: end,
      fromTz: lastStop.tz,
      toTz: bound.to.tz,
      priceMinor: link.fareMinor,
      carrier: 'METRO',
      carrierName: { en: link.lineEn, 'zh-CN': link.lineZh },
      number: link.lineEn,
    });
    return { leg, partyMinor: link.fareMinor * ctx.seated, end };
  }
  if (egress.kind === 'walk') {
    const end = arriveStop + egress.seconds * 1000;
    const leg = groundLeg({
      kind: 'lands',
      from,
      to: door,
      departure: arriveStop,
      arrival: end,
      fromTz: lastStop.tz,
      toTz: bound.to.tz,
      priceMinor: 0,
    });
    return { leg, partyMinor: 0, end };
  }
  const start = arriveStop + DOOR_EXIT_MIN * 60_000;
  const city = ctx.inv.cityOf(bound.to);
  const end = start + taxi(lastStop, bound.toDoor ?? bound.to, ctx.inv.doorToDoor?.taxiModel(city)).seconds * 1000;
  const leg = groundLeg({
    kind: 'taxi',
    from,
    to: door,
    departure: start,
    arrival: end,
    fromTz: lastStop.tz,
    toTz: bound.to.tz,
    priceMinor: egress.price,
  });
  return { leg, partyMinor: egress.price * ctx.taxis, end };
}
