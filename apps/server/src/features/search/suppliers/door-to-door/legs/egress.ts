import { taxi } from '@junction/planner';
import type { DoorToDoorJourney } from '../../../inventory/door-to-door';
import { groundLeg } from '../../../results/build';
import { type Bound, DOOR_EXIT_MIN, linkLeg, type PlanContext, type PlannedLeg, type Stop } from './leg';

/**
 * From the last station or airport to the door: by metro or airport express, on foot, or by taxi. The
 * leg's arrival is when the traveller reaches the door (epoch ms); `airline` the last flight's, for its terminal.
 */
export function egressLeg(
  ctx: PlanContext,
  j: DoorToDoorJourney,
  bound: Bound,
  lastStop: Stop,
  arriveStop: number,
  airline?: string,
): PlannedLeg {
  const ends = () => ({
    from: ctx.places.point(lastStop, airline),
    to: ctx.places.door(bound.to, bound.toDoor),
    fromTz: lastStop.tz,
    toTz: bound.to.tz,
  });
  const { egress } = j;
  if (egress.kind === 'subway' && egress.link) {
    const link = egress.link;
    const departure = arriveStop + (DOOR_EXIT_MIN + link.frequencyMinutes / 2) * 60_000;
    return linkLeg(ctx, link, departure, () => {
      const { to, ...rest } = ends();
      return { ...rest, to: { ...to, name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' } };
    });
  }
  if (egress.kind === 'walk') {
    const arrival = arriveStop + egress.seconds * 1000;
    return {
      kind: 'lands',
      departure: arriveStop,
      arrival,
      partyMinor: () => 0,
      leg: () => groundLeg({ ...ends(), kind: 'lands', departure: arriveStop, arrival, priceMinor: 0 }),
    };
  }
  const departure = arriveStop + DOOR_EXIT_MIN * 60_000;
  const city = ctx.inv.cityOf(bound.to);
  const arrival =
    departure + taxi(lastStop, bound.toDoor ?? bound.to, ctx.inv.doorToDoor?.taxiModel(city)).seconds * 1000;
  return {
    kind: 'taxi',
    departure,
    arrival,
    partyMinor: () => egress.price * ctx.taxis,
    leg: () => groundLeg({ ...ends(), kind: 'taxi', departure, arrival, priceMinor: egress.price }),
  };
}
