import { daysBetween, type LocalText, localMidnight, type SearchResult } from '@junction/domain';
import type { DoorToDoorJourney } from '../../inventory/door-to-door';
import type { Inventory } from '../../inventory/inventory';
import { assembleResult, feesFor } from '../../results/build';
import { type BoundOption, combineBounds, comboParts } from '../combine';
import type { SupplierRequest } from '../supplier';
import { boundOption, type DraftPlan, draftPlan, partyMinor, shownOnDay } from './draft';
import type { Bound, PlanContext } from './legs/leg';
import { PlanPlaces } from './places';

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
    const planned = this.journeys(bound, request);
    return planned ? chooseOptions(planned.ctx, planned.journeys, bound) : [];
  }

  /** The planner's journeys for one journey of the request, and what building their legs reads. */
  journeys(bound: Bound, request: SupplierRequest): { ctx: PlanContext; journeys: DoorToDoorJourney[] } | undefined {
    const planner = this.inv.doorToDoor;
    if (!planner) return undefined;
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
    return { ctx, journeys };
  }
}

/**
 * The plans worth offering of the planner's journeys: what can be told without a price (a plan that holds
 * up, leaves on its day, has no wait of hours and no unreasonable detour) is told first, so that only
 * those plans are priced, and only the ones kept after the near-duplicates go are built.
 */
export function chooseOptions(ctx: PlanContext, journeys: DoorToDoorJourney[], bound: Bound): BoundOption[] {
  const drafts: DraftPlan[] = [];
  for (const j of journeys) {
    const plan = draftPlan(ctx, j, bound);
    if (plan && shownOnDay(plan, bound)) drafts.push(plan);
  }
  const priced = withinReason(drafts).map((plan) => ({
    plan,
    departure: plan.departure,
    arrival: plan.arrival,
    rides: plan.rides,
    adultMinor: partyMinor(plan),
  }));
  return nearlyPareto(priced)
    .slice(0, MAX_PLANS)
    .map(({ plan, adultMinor }) => boundOption(ctx, plan, adultMinor));
}

/** What choosing between plans reads: when a plan leaves and arrives, and its flights and trains. */
type Timed = { departure: number; arrival: number; rides: number };

/**
 * A plan with changes that takes far longer than the fastest one is not worth its saving: it goes,
 * unless it is a single ride (a direct overnight sleeper stays).
 */
export function withinReason<T extends Timed>(options: T[]): T[] {
  if (options.length === 0) return options;
  const duration = (o: T) => o.arrival - o.departure;
  const fastest = Math.min(...options.map(duration));
  const limit = Math.max(fastest * 2.2, fastest + 6 * 3600_000);
  return options.filter((o) => o.rides === 1 || duration(o) <= limit);
}

/**
 * Drops plans another plan makes pointless: one that arrives no more than 30 minutes later, costs no
 * more than 3 % (or ¥30) more and has no more rides.
 */
export function nearlyPareto<T extends Timed & { adultMinor: number }>(options: T[]): T[] {
  const sorted = [...options].sort((a, b) => a.rides - b.rides || a.adultMinor - b.adultMinor || a.arrival - b.arrival);
  const kept: T[] = [];
  for (const o of sorted) {
    const pointless = kept.some(
      (k) =>
        k.rides <= o.rides &&
        k.arrival <= o.arrival + 30 * 60_000 &&
        k.departure >= o.departure - 30 * 60_000 &&
        k.adultMinor <= o.adultMinor + Math.max(3000, o.adultMinor * 0.03),
    );
    if (!pointless) kept.push(o);
  }
  return kept.sort((a, b) => a.departure - b.departure);
}
