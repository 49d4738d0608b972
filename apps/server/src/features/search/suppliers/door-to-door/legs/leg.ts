import type { LegPoint, ResultLeg } from '@junction/domain';
import type { LoadedTimetable } from '@junction/planner';
import type { RawPlace, TransitLink } from '@junction/refdata';
import type { DoorToDoorJourney } from '../../../inventory/door-to-door';
import type { Inventory } from '../../../inventory/inventory';
import { groundLeg } from '../../../results/build';
import type { SupplierRequest } from '../../supplier';
import type { PlanPlaces } from '../places';

export type Ride = Extract<NonNullable<DoorToDoorJourney['outcome']['legs']>[number], { kind: 'ride' }>;
export type Bound = SupplierRequest['trips'][number]['bounds'][number];

/** What every leg builder of one plan reads: the timetable it was planned on, the places and the party. */
export type PlanContext = {
  inv: Inventory;
  loaded: LoadedTimetable;
  places: PlanPlaces;
  request: SupplierRequest;
  /** Travellers with a seat, and the taxis they fill (four to a taxi). */
  seated: number;
  taxis: number;
};

/**
 * A leg of a plan before it is shown: its kind and times (epoch ms) are known at once; what it costs the
 * whole party (hundredths of CNY) and the leg itself are worked out when asked, for the plans worth it.
 */
export type PlannedLeg = {
  kind: ResultLeg['kind'];
  departure: number;
  arrival: number;
  partyMinor: () => number;
  leg: () => ResultLeg;
};

/** An instant of the timetable (seconds from its first day) as epoch milliseconds. */
export const instant = (ctx: PlanContext, seconds: number) => ctx.loaded.epochMs + seconds * 1000;

/** The airline of a ride when it is a flight (for its terminals), else undefined. */
export function airlineOf(ctx: PlanContext, ride: Ride): string | undefined {
  if (!(ctx.loaded.stopIds[ride.boardStop] ?? '').startsWith('air:')) return undefined;
  return (ctx.loaded.timetable.tripIds.at(ride.trip) ?? '').slice(0, 2);
}

/** Minutes from leaving the plane or train to the taxi rank or metro platform. */
export const DOOR_EXIT_MIN = 15;

export type Stop = RawPlace;

/** The two ends of a leg on the ground, and their time zones. */
export type GroundEnds = { from: LegPoint; to: LegPoint; fromTz: string; toTz: string };

/**
 * By airport express or metro between a door and a station or terminal, leaving at `departure`: its fare
 * for every seated traveller. `ends` gives the leg's two ends, the door's named for the link's station.
 */
export function linkLeg(ctx: PlanContext, link: TransitLink, departure: number, ends: () => GroundEnds): PlannedLeg {
  const arrival = departure + link.durationMinutes * 60_000;
  return {
    kind: 'subway',
    departure,
    arrival,
    partyMinor: () => link.fareMinor * ctx.seated,
    leg: () =>
      groundLeg({
        ...ends(),
        kind: 'subway',
        departure,
        arrival,
        priceMinor: link.fareMinor,
        carrier: 'METRO',
        carrierName: { en: link.lineEn, 'zh-CN': link.lineZh },
        number: link.lineEn,
      }),
  };
}
