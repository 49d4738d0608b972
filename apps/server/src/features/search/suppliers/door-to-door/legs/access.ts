import { taxi } from '@junction/planner';
import { DOOR_TO_DOOR, type DoorToDoorJourney } from '../../../inventory/door-to-door';
import { groundLeg } from '../../../results/build';
import { type Bound, linkLeg, type PlanContext, type PlannedLeg, type Stop } from './leg';
import { boardingAt } from './transfer';

/**
 * From the door to the first station or airport: by metro or airport express, on foot, or by taxi.
 * `airline`: the first flight's, for the terminal the traveller goes to.
 */
export function accessLeg(
  ctx: PlanContext,
  j: DoorToDoorJourney,
  bound: Bound,
  firstStop: Stop,
  airline?: string,
): PlannedLeg {
  const tz = bound.from.tz;
  const ends = () => ({
    from: ctx.places.door(bound.from, bound.fromDoor),
    to: ctx.places.point(firstStop, airline),
    fromTz: tz,
    toTz: firstStop.tz,
  });
  const { access } = j;
  if (access.kind === 'subway' && access.link) {
    const link = access.link;
    const departure = j.leaveAt + (DOOR_TO_DOOR.transitWalkMin + link.frequencyMinutes / 2) * 60_000;
    return linkLeg(ctx, link, departure, () => {
      const { from, ...rest } = ends();
      return {
        ...rest,
        from: { ...from, code: '', name: { en: link.toNameEn, 'zh-CN': link.toNameZh }, kind: 'metro' },
      };
    });
  }
  const departure = j.leaveAt;
  if (access.kind === 'walk') {
    // The walk alone: the time to board at a railway station, which the planner counted in, comes after it.
    const arrival = departure + (access.seconds - boardingAt(ctx, firstStop, 'walk')) * 1000;
    return {
      kind: 'lands',
      departure,
      arrival,
      partyMinor: () => 0,
      leg: () => groundLeg({ ...ends(), kind: 'lands', departure, arrival, priceMinor: 0 }),
    };
  }
  const city = ctx.inv.cityOf(bound.from);
  const seconds = taxi(bound.fromDoor ?? bound.from, firstStop, ctx.inv.doorToDoor?.taxiModel(city)).seconds;
  const arrival = departure + seconds * 1000;
  return {
    kind: 'taxi',
    departure,
    arrival,
    partyMinor: () => access.price * ctx.taxis,
    leg: () => groundLeg({ ...ends(), kind: 'taxi', departure, arrival, priceMinor: access.price }),
  };
}
