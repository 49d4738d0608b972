import { isRide, localDate, type ResultLeg } from '@junction/domain';
import { DOOR_TO_DOOR, type DoorToDoorJourney } from '../../inventory/door-to-door';
import { CONNECTION_RULES } from '../../inventory/itineraries';
import type { BoundOption } from '../combine';
import { accessLeg } from './legs/access';
import { egressLeg } from './legs/egress';
import { airlineOf, type Bound, instant, type PlanContext, type PlannedLeg, type Ride } from './legs/leg';
import { rideLeg } from './legs/ride';
import { transferLeg } from './legs/transfer';

/** The longest wait between two legs of a plan. */
const MAX_WAIT_MS = DOOR_TO_DOOR.maxWaitMin * 60_000;

/**
 * A journey of the planner as a plan door to door, its legs' kinds and times known, nothing priced or
 * built yet. `departure` is the first leg's as shown (to the second), `arrival` when it reaches the door,
 * `rides` its flights and trains.
 */
export type DraftPlan = {
  journey: DoorToDoorJourney;
  legs: PlannedLeg[];
  departure: number;
  arrival: number;
  rides: number;
  selfTransferMinutes?: number;
};

/** An instant as a leg shows it: to the second. */
const shown = (ms: number) => Math.floor(ms / 1000) * 1000;

/** One journey of the planner as a plan of legs door to door, or undefined when it does not hold up. */
export function draftPlan(ctx: PlanContext, j: DoorToDoorJourney, bound: Bound): DraftPlan | undefined {
  const { loaded, places } = ctx;
  const outcomeLegs = j.outcome.legs ?? [];
  const firstRide = outcomeLegs.find((l): l is Ride => l.kind === 'ride');
  if (!firstRide) return undefined;
  const firstStop = places.stop(loaded, firstRide.boardStop);
  if (!firstStop) return undefined;
  const access = accessLeg(ctx, j, bound, firstStop, airlineOf(ctx, firstRide));
  const legs = [access];

  let previousRide: Ride | undefined;
  const changes = ticketedChanges();
  /** Reached over the ground: when, and the time needed there before the next ride leaves. */
  let ground: { arrival: number; boarding: number } | undefined;
  for (const [k, l] of outcomeLegs.entries()) {
    if (l.kind === 'transfer') {
      const a = places.stop(loaded, l.fromStop);
      const b = places.stop(loaded, l.toStop);
      if (!a || !b || !previousRide) return undefined;
      const next = outcomeLegs[k + 1];
      const leaves = next?.kind === 'ride' ? instant(ctx, next.departure) : undefined;
      const transfer = transferLeg(ctx, l, a, b, instant(ctx, previousRide.arrival), leaves);
      legs.push(transfer);
      ground = { arrival: transfer.arrival, boarding: transfer.boarding };
      continue;
    }
    const from = places.stop(loaded, l.boardStop);
    const to = places.stop(loaded, l.alightStop);
    if (!from || !to) return undefined;
    // Reaching an airport or a station over the ground, the traveller still has to board.
    if (ground && instant(ctx, l.departure) - ground.arrival < ground.boarding * 1000) return undefined;
    ground = undefined;
    if (previousRide) {
      const gap = Math.round((l.departure - previousRide.arrival) / 60);
      const bothAir = from.kind === 'airport' && (loaded.stopIds[previousRide.alightStop] ?? '').startsWith('air:');
      // Separate tickets: a missed connection is the traveller's risk, so flights need a protected buffer.
      if (bothAir && gap < CONNECTION_RULES.selfTransferMinMin) return undefined;
    }
    const ride = rideLeg(ctx, l, from, to);
    changes.ride(ride, l);
    legs.push(ride);
    previousRide = l;
  }
  if (!previousRide) return undefined;
  const lastStop = places.stop(loaded, previousRide.alightStop);
  if (!lastStop) return undefined;
  const arriveStop = instant(ctx, previousRide.arrival);
  const egress = egressLeg(ctx, j, bound, lastStop, arriveStop, airlineOf(ctx, previousRide));
  legs.push(egress);
  return {
    journey: j,
    legs,
    departure: shown(access.departure),
    arrival: egress.arrival,
    rides: legs.filter(isRide).length,
    selfTransferMinutes: changes.shortest(),
  };
}

/**
 * Whether a plan is shown for its day: it leaves the door on the day asked, and nobody waits hours between
 * two of its legs (leaving later is the better plan). Both hold of the legs as shown, to the second.
 */
export function shownOnDay(plan: DraftPlan, bound: Bound): boolean {
  if (localDate(plan.departure, bound.from.tz) !== bound.date) return false;
  for (let i = 1; i < plan.legs.length; i++) {
    const wait = shown((plan.legs[i] as PlannedLeg).departure) - shown((plan.legs[i - 1] as PlannedLeg).arrival);
    if (wait > MAX_WAIT_MS) return false;
  }
  return true;
}

/** What a plan costs the whole party, in hundredths of CNY: the sum of its legs' prices. */
export const partyMinor = (plan: DraftPlan) => plan.legs.reduce((s, l) => s + l.partyMinor(), 0);

/** A plan worth offering, its legs built. */
export function boundOption(ctx: PlanContext, plan: DraftPlan, adultMinor: number): BoundOption {
  const { journey: j } = plan;
  const rides = (j.outcome.legs ?? []).filter((l): l is Ride => l.kind === 'ride');
  return {
    key:
      rides.map((r) => (ctx.loaded.timetable.tripIds.at(r.trip) ?? '').replace(' ', '@')).join('+') +
      `~${j.access.kind}${j.egress.kind}`,
    legs: ticketed(plan.legs.map((l) => l.leg())),
    departure: plan.departure,
    arrival: plan.arrival,
    adultMinor,
    selfTransferMinutes: plan.selfTransferMinutes,
  };
}

/**
 * The shortest change between two flights or trains of a plan, in minutes, if it has two: the traveller's
 * own change between tickets. A change of metro lines, or between the metro and a train, is none.
 */
function ticketedChanges() {
  let arrival: number | undefined;
  let shortest: number | undefined;
  return {
    ride(leg: PlannedLeg, ride: Ride) {
      if (!isRide(leg)) return;
      if (arrival !== undefined) {
        const gap = Math.round((ride.departure - arrival) / 60);
        shortest = shortest === undefined ? gap : Math.min(shortest, gap);
      }
      arrival = ride.arrival;
    },
    shortest: () => shortest,
  };
}

/** A ride is on its own ticket when another ride follows it: that is where a self-transfer happens. */
function ticketed(legs: ResultLeg[]): ResultLeg[] {
  const rideIndexes = legs.flatMap((leg, i) => (isRide(leg) ? [i] : []));
  const last = rideIndexes.at(-1);
  return legs.map((leg, i) => (rideIndexes.includes(i) ? { ...leg, separateTicket: i !== last } : leg));
}
