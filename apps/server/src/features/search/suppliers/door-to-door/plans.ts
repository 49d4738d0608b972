import {
  daysBetween,
  isRide,
  type LocalText,
  localDate,
  localMidnight,
  type ResultLeg,
  type SearchResult,
} from '@junction/domain';
import type { DoorToDoorJourney } from '../../inventory/door-to-door';
import type { Inventory } from '../../inventory/inventory';
import { CONNECTION_RULES } from '../../inventory/itineraries';
import { assembleResult, feesFor } from '../../results/build';
import { type BoundOption, combineBounds, comboParts } from '../combine';
import type { SupplierRequest } from '../supplier';
import { accessLeg } from './legs/access';
import { egressLeg } from './legs/egress';
import { airlineOf, type Bound, instant, type PlanContext, type Ride } from './legs/leg';
import { rideLeg } from './legs/ride';
import { transferLeg } from './legs/transfer';
import { PlanPlaces } from './places';

/** The longest wait between two legs of a plan. */
const MAX_WAIT_MS = 4 * 3600_000;
/** Plans kept per journey after the near-duplicates are dropped. */
const MAX_PLANS = 24;

/**
 * Our own door-to-door plans: the planner combines flights, trains, metro and taxis from the centre of
 * one city to the centre of another; every leg is built and priced by its builder in `legs/`, and the
 * whole plan is sold as one combined fare.
 */
export class DoorToDoorPlans {
  private readonly places: PlanPlaces;

  constructor(
    private readonly inv: Inventory,
    private readonly supplier: { id: string; name: LocalText },
  ) {
    this.places = new PlanPlaces(inv);
  }

  priceTrip(trip: SupplierRequest['trips'][number], request: SupplierRequest): SearchResult[] {
    const per = trip.bounds.map((b) => this.options(b, request));
    return combineBounds(per, 60).map((combo) => {
      // The sum of its legs' prices: a train in a plan costs what the railway's result for it costs.
      const price = combo.reduce((s, o) => s + o.adultMinor, 0);
      return assembleResult({
        ...comboParts('D', combo),
        kind: 'mix',
        priceMinor: price,
        agent: 'combined',
        supplier: this.supplier,
        date: trip.date,
        fees: feesFor('mix', price, request.cabin, daysBetween(request.today, trip.date), 'combined'),
      });
    });
  }

  /** The plans of one journey on its day, near-duplicates and unreasonable detours dropped. */
  options(bound: Bound, request: SupplierRequest): BoundOption[] {
    const planner = this.inv.doorToDoor;
    if (!planner) return [];
    const { journeys, loaded } = planner.plan({
      from: bound.fromDoor ?? bound.from,
      to: bound.toDoor ?? bound.to,
      fromCity: this.inv.cityOf(bound.from),
      toCity: this.inv.cityOf(bound.to),
      // The curated airport-express links run to the city centre: from a door the metro feed and taxis go.
      fromCentre: !bound.fromDoor,
      toCentre: !bound.toDoor,
      date: bound.date,
      dayStart: localMidnight(bound.date, bound.from.tz),
    });
    const seated = request.party.adults + request.party.children;
    const ctx: PlanContext = {
      inv: this.inv,
      loaded,
      places: this.places,
      request,
      seated,
      taxis: Math.ceil(seated / 4),
    };
    const options: BoundOption[] = [];
    for (const j of journeys) {
      const option = this.option(ctx, j, bound);
      if (option && localDate(option.departure, bound.from.tz) === bound.date) options.push(option);
    }
    return nearlyPareto(withinReason(options)).slice(0, MAX_PLANS);
  }

  /** One journey of the planner as a plan of legs door to door, or undefined when it does not hold up. */
  private option(ctx: PlanContext, j: DoorToDoorJourney, bound: Bound): BoundOption | undefined {
    const { loaded, places } = ctx;
    const rides = (j.outcome.legs ?? []).filter((l): l is Ride => l.kind === 'ride');
    const firstRide = rides[0];
    if (!firstRide) return undefined;
    const firstStop = places.stop(loaded, firstRide.boardStop);
    if (!firstStop) return undefined;

    const door = places.door(bound.from, bound.fromDoor);
    const access = accessLeg(ctx, j, bound, door, firstStop, airlineOf(ctx, firstRide));
    const legs: ResultLeg[] = [access.leg];
    let total = access.partyMinor;

    let previousRide: Ride | undefined;
    const changes = ticketedChanges();
    /** Reached over the ground: when, and the time needed there before the next ride leaves. */
    let ground: { arrival: number; boarding: number } | undefined;
    const outcomeLegs = j.outcome.legs ?? [];
    for (const [k, l] of outcomeLegs.entries()) {
      if (l.kind === 'transfer') {
        const a = places.stop(loaded, l.fromStop);
        const b = places.stop(loaded, l.toStop);
        if (!a || !b || !previousRide) return undefined;
        const next = outcomeLegs[k + 1];
        const leaves = next?.kind === 'ride' ? instant(ctx, next.departure) : undefined;
        const transfer = transferLeg(ctx, l, a, b, instant(ctx, previousRide.arrival), leaves);
        legs.push(transfer.leg);
        total += transfer.partyMinor;
        ground = { arrival: transfer.end, boarding: transfer.boarding };
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
      changes.ride(ride.leg, l);
      legs.push(ride.leg);
      total += ride.partyMinor;
      previousRide = l;
    }
    if (!previousRide) return undefined;
    const lastStop = places.stop(loaded, previousRide.alightStop);
    if (!lastStop) return undefined;

    const egress = egressLeg(
      ctx,
      j,
      bound,
      places.door(bound.to, bound.toDoor),
      lastStop,
      instant(ctx, previousRide.arrival),
      airlineOf(ctx, previousRide),
    );
    legs.push(egress.leg);
    total += egress.partyMinor;

    if (hasLongWait(legs)) return undefined;
    return {
      key:
        rides.map((r) => (loaded.timetable.tripIds.at(r.trip) ?? '').replace(' ', '@')).join('+') +
        `~${j.access.kind}${j.egress.kind}`,
      legs: ticketed(legs),
      departure: Date.parse((legs[0] as ResultLeg).departureTime),
      arrival: egress.end,
      adultMinor: total,
      selfTransferMinutes: changes.shortest(),
    };
  }
}

/**
 * The shortest change between two flights or trains of a plan, in minutes, if it has two: the traveller's
 * own change between tickets. A change of metro lines, or between the metro and a train, is none.
 */
function ticketedChanges() {
  let arrival: number | undefined;
  let shortest: number | undefined;
  return {
    ride(leg: ResultLeg, ride: Ride) {
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

/** Nobody waits hours between two legs of a door-to-door plan: leaving later is the better plan. */
function hasLongWait(legs: readonly ResultLeg[]): boolean {
  for (let i = 1; i < legs.length; i++) {
    const wait = Date.parse((legs[i] as ResultLeg).departureTime) - Date.parse((legs[i - 1] as ResultLeg).arrivalTime);
    if (wait > MAX_WAIT_MS) return true;
  }
  return false;
}

/** A ride is on its own ticket when another ride follows it: that is where a self-transfer happens. */
function ticketed(legs: ResultLeg[]): ResultLeg[] {
  const rideIndexes = legs.flatMap((leg, i) => (isRide(leg) ? [i] : []));
  const last = rideIndexes.at(-1);
  return legs.map((leg, i) => (rideIndexes.includes(i) ? { ...leg, separateTicket: i !== last } : leg));
}

const rideCount = (o: BoundOption) => o.legs.filter(isRide).length;

/**
 * A plan with changes that takes far longer than the fastest one is not worth its saving: it goes,
 * unless it is a single ride (a direct overnight sleeper stays).
 */
export function withinReason(options: BoundOption[]): BoundOption[] {
  if (options.length === 0) return options;
  const duration = (o: BoundOption) => o.arrival - o.departure;
  const fastest = Math.min(...options.map(duration));
  const limit = Math.max(fastest * 2.2, fastest + 6 * 3600_000);
  return options.filter((o) => rideCount(o) === 1 || duration(o) <= limit);
}

/**
 * Drops plans another plan makes pointless: one that arrives no more than 30 minutes later, costs no
 * more than 3 % (or ¥30) more and has no more rides.
 */
export function nearlyPareto(options: BoundOption[]): BoundOption[] {
  const sorted = [...options].sort(
    (a, b) => rideCount(a) - rideCount(b) || a.adultMinor - b.adultMinor || a.arrival - b.arrival,
  );
  const kept: BoundOption[] = [];
  for (const o of sorted) {
    const pointless = kept.some(
      (k) =>
        rideCount(k) <= rideCount(o) &&
        k.arrival <= o.arrival + 30 * 60_000 &&
        k.departure >= o.departure - 30 * 60_000 &&
        k.adultMinor <= o.adultMinor + Math.max(3000, o.adultMinor * 0.03),
    );
    if (!pointless) kept.push(o);
  }
  return kept.sort((a, b) => a.departure - b.departure);
}
