import { createHash } from 'node:crypto';
import type { LatLon } from '@junction/domain';
import { type LoadedTimetable, planningBytes } from '@junction/planner';
import type { RawPlace } from '@junction/refdata';
import type { DoorToDoorJourney } from './door-journey';
import { PLAN_LAYOUT } from './plan-bytes';

/** What a plan is asked: its ends, whether each is a city's centre, and its day. */
export type PlanAsked = {
  from: LatLon;
  to: LatLon;
  fromCity?: RawPlace;
  toCity?: RawPlace;
  /** False when the end is a door, not the city's centre (the default). */
  fromCentre?: boolean;
  toCentre?: boolean;
  date: string;
  /** The local midnight the day starts at, epoch ms. */
  dayStart: number;
};

/**
 * Plans made elsewhere (another thread or process, kept in the shared database): asked before a plan is
 * searched, and told of each plan searched here.
 */
export type PlanExchange = {
  /** The journeys of this plan on `loaded`'s dates, when another planner made it on a timetable of the same build. */
  given(p: PlanAsked, loaded: LoadedTimetable): DoorToDoorJourney[] | undefined;
  /** A plan this planner searched, or kept from a search of its own, on `loaded`'s dates. */
  made(p: PlanAsked, loaded: LoadedTimetable, journeys: readonly DoorToDoorJourney[]): void;
};

/**
 * The name of a plan between two places' centres among a request's plans: its day and its ends; undefined
 * for a plan from or to a door, which is not kept beyond its planner.
 */
export const centrePlanName = (
  p: Pick<PlanAsked, 'date' | 'from' | 'to' | 'fromCentre' | 'toCentre'>,
): string | undefined =>
  p.fromCentre === false || p.toCentre === false
    ? undefined
    : `${p.date}|${p.from.lat},${p.from.lon}|${p.to.lat},${p.to.lon}`;

/**
 * What a plan on a shared timetable depends on beyond its ends and day, as a digest: the timetable
 * (`planningBytes`: the same for every week of its calendar), the planner's settings (`settings`: its
 * parameters, curated links and taxi fares) and `PLAN_LAYOUT`.
 */
export function planDigest(shared: SharedArrayBuffer, settings: unknown): string {
  const hash = createHash('sha256');
  for (const part of planningBytes(shared)) hash.update(part);
  return hash
    .update(JSON.stringify([PLAN_LAYOUT, settings]))
    .digest('base64url')
    .slice(0, 22);
}
