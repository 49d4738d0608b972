import { addDays, isRide, localDate, type ResultLeg } from '@junction/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBound, testRefdata } from '../../../../../test/harness';
import { DOOR_TO_DOOR, networkKey } from '../../inventory/door-to-door';
import { Inventory } from '../../inventory/inventory';
import type { BoundOption } from '../combine';
import type { Bound, SupplierRequest } from '../supplier';
import { boundOption, draftPlan, partyMinor } from './draft';
import type { PlanContext } from './legs/leg';
import { LONGEST_TRANSFER_WALK_SEC } from './legs/transfer';
import { chooseOptions, DoorToDoorPlans, nearlyPareto, withinReason } from './plans';

const SUPPLIER = { id: 'junction-door-to-door', name: { en: 'Junction door to door', 'zh-CN': '联程门到门' } };
const FIRST_DATE = '2026-12-07';
/** The days planned on one timetable (one is built a week). */
const DAYS = [0, 1, 2, 3, 4, 5, 6]
  .map((d) => addDays(FIRST_DATE, d))
  .filter((d) => networkKey(d) === networkKey(FIRST_DATE));
/** The cities of the door-to-door benchmark. */
const CITIES = ['BJS', 'SHA', 'CAN', 'SZX', 'CTU', 'XIY', 'HGH', 'WUH', 'CKG', 'NKG', 'TSN', 'CSX'];
const MAX_WAIT_MS = 4 * 3600_000;

/** The inventory and door-to-door plans the tests of a block share, loaded once before them. */
function sharedPlans(): { inv: Inventory; plans: DoorToDoorPlans } {
  const shared = {} as { inv: Inventory; plans: DoorToDoorPlans };
  beforeAll(() => {
    shared.inv = Inventory.load(testRefdata());
    shared.plans = new DoorToDoorPlans(shared.inv, SUPPLIER);
  }, 120_000);
  return shared;
}

/** A request for one bound and one adult in economy. */
const oneAdult = (bound: Bound): SupplierRequest => ({
  cabin: 'Y',
  party: { adults: 1, children: 0, infants: 0 },
  today: '2026-11-26',
  trips: [{ date: bound.date, bounds: [bound] }],
});

/** Whether a plan, as shown, has a wait of more than four hours between two of its legs. */
function hasLongWait(legs: readonly ResultLeg[]): boolean {
  return legs.some(
    (leg, i) =>
      i > 0 && Date.parse(leg.departureTime) - Date.parse((legs[i - 1] as ResultLeg).arrivalTime) > MAX_WAIT_MS,
  );
}

/**
 * Every journey of the planner built whole and priced, and only then the product's filters, on the plans
 * as shown: the way plans were chosen before the filters that need no price came first.
 */
function builtThenFiltered(ctx: PlanContext, journeys: Parameters<typeof chooseOptions>[1], bound: Bound) {
  const built: (BoundOption & { rides: number })[] = [];
  for (const j of journeys) {
    const plan = draftPlan(ctx, j, bound);
    if (!plan) continue;
    const option = boundOption(ctx, plan, partyMinor(plan));
    const departure = Date.parse((option.legs[0] as ResultLeg).departureTime);
    if (localDate(departure, bound.from.tz) !== bound.date || hasLongWait(option.legs)) continue;
    built.push({ ...option, departure, rides: option.legs.filter(isRide).length });
  }
  return nearlyPareto(withinReason(built))
    .slice(0, 24)
    .map(({ rides: _, ...option }) => option);
}

describe('choosing door-to-door plans before pricing them', () => {
  let inv: Inventory;
  let plans: DoorToDoorPlans;
  const request = (bound: Bound, adults: number, children: number, cabin: 'Y' | 'C'): SupplierRequest => ({
    cabin,
    party: { adults, children, infants: 0 },
    today: '2026-11-26',
    trips: [{ date: bound.date, bounds: [bound] }],
  });
  /** The plans chosen both ways, and how many journeys the planner gave. */
  const bothWays = (bound: Bound, r: SupplierRequest) => {
    const planned = plans.journeys(bound, r);
    if (!planned) throw new Error('no door-to-door planner');
    return {
      journeys: planned.journeys.length,
      chosen: chooseOptions(planned.ctx, planned.journeys, bound),
      before: builtThenFiltered(planned.ctx, planned.journeys, bound),
    };
  };

  beforeAll(() => {
    inv = Inventory.load(testRefdata());
    plans = new DoorToDoorPlans(inv, SUPPLIER);
  }, 120_000);

  it('keeps exactly the plans building and pricing every journey kept, for any cities, doors, day and party', () => {
    let journeys = 0;
    let kept = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...CITIES),
        fc.constantFrom(...CITIES),
        fc.constantFrom(...DAYS),
        fc.option(
          fc.record({ dLat: fc.double({ min: -0.08, max: 0.08 }), dLon: fc.double({ min: -0.08, max: 0.08 }) }),
        ),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('Y' as const, 'C' as const),
        (from, to, date, nudge, adults, children, cabin) => {
          fc.pre(from !== to);
          const centre = testBound(inv, from, to, date);
          const fromDoor = nudge
            ? {
                lat: centre.from.lat + nudge.dLat,
                lon: centre.from.lon + nudge.dLon,
                name: { en: 'A door', 'zh-CN': '一扇门' },
              }
            : undefined;
          const bound = testBound(inv, from, to, date, fromDoor ? { fromDoor } : {});
          const both = bothWays(bound, request(bound, adults, children, cabin));
          expect(both.chosen).toEqual(both.before);
          journeys += both.journeys;
          kept += both.chosen.length;
        },
      ),
      { numRuns: 10, seed: 20261130 },
    );
    // The planner's journeys were many more than the plans kept: the filters had plenty to drop.
    expect(kept).toBeGreaterThan(0);
    expect(journeys).toBeGreaterThan(3 * kept);
  }, 300_000);

  it('keeps exactly the same plans for the pairs of the benchmark’s first four cities, centre to centre', () => {
    const cities = CITIES.slice(0, 4);
    for (const from of cities) {
      for (const to of cities.filter((c) => c !== from)) {
        const bound = testBound(inv, from, to, FIRST_DATE);
        const both = bothWays(bound, request(bound, 1, 0, 'Y'));
        expect(both.chosen, `${from}-${to}`).toEqual(both.before);
        expect(both.chosen.length, `${from}-${to}`).toBeGreaterThan(0);
      }
    }
  }, 300_000);
});

describe('the planner searching no journey with a wait of hours', () => {
  const shared = sharedPlans();

  /** The planner's journeys and the plans chosen of them, the planner searching with its wait limit or with none. */
  const planned = (bound: Bound, limit: boolean) => {
    const planner = shared.inv.doorToDoor;
    if (!planner) throw new Error('no door-to-door planner');
    const slack = DOOR_TO_DOOR.walkTransferSlackMin;
    planner.forgetPlans();
    if (!limit) DOOR_TO_DOOR.walkTransferSlackMin = Number.POSITIVE_INFINITY;
    try {
      const r: SupplierRequest = {
        cabin: 'Y',
        party: { adults: 2, children: 1, infants: 0 },
        today: '2026-11-26',
        trips: [{ date: bound.date, bounds: [bound] }],
      };
      const found = shared.plans.journeys(bound, r);
      if (!found) throw new Error('no journeys');
      return { journeys: found.journeys.length, chosen: chooseOptions(found.ctx, found.journeys, bound) };
    } finally {
      DOOR_TO_DOOR.walkTransferSlackMin = slack;
      planner.forgetPlans();
    }
  };

  it('waits for the next ride at most the longest wait shown and the longest change on foot', () => {
    expect(DOOR_TO_DOOR.walkTransferSlackMin * 60).toBeGreaterThanOrEqual(LONGEST_TRANSFER_WALK_SEC);
  });

  it('shows exactly the plans a search without the limit shows, from fewer journeys', () => {
    let limited = 0;
    let unlimited = 0;
    const cities = CITIES.slice(0, 4);
    for (const from of cities) {
      for (const to of cities.filter((c) => c !== from)) {
        for (const date of DAYS.slice(0, 2)) {
          const bound = testBound(shared.inv, from, to, date);
          const withLimit = planned(bound, true);
          const without = planned(bound, false);
          expect(withLimit.chosen, `${from}-${to} ${date}`).toEqual(without.chosen);
          limited += withLimit.journeys;
          unlimited += without.journeys;
        }
      }
    }
    expect(limited).toBeLessThan(unlimited);
  }, 300_000);
});

describe('a door next to a railway station', () => {
  const shared = sharedPlans();

  const chosen = (from: string, to: string) => {
    const bound = testBound(shared.inv, from, to, FIRST_DATE);
    return { bound, options: shared.plans.options(bound, oneAdult(bound)) };
  };
  const minutes = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

  // Changsha's centre is its railway station's square.
  it('is reached on foot out of the station after the last train, not by a metro ride back to it', () => {
    const { bound, options } = chosen('CKG', 'CSX');
    const atStation = options.filter((o) => {
      const rides = o.legs.filter(isRide);
      const last = rides[rides.length - 1];
      return last?.kind === 'land' && last.to.code === 'CSQ';
    });
    expect(atStation.length).toBeGreaterThan(0);
    for (const o of atStation) {
      const i = o.legs.findLastIndex(isRide);
      const train = o.legs[i] as ResultLeg;
      const after = o.legs.slice(i + 1);
      expect(
        after.map((l) => l.kind),
        o.key,
      ).toEqual(['lands']);
      const walk = after[0] as ResultLeg;
      // Out through the station's exit and on to the centre on foot, free.
      expect(walk.departureTime).toBe(train.arrivalTime);
      expect(minutes(walk.departureTime, walk.arrivalTime)).toBeLessThanOrEqual(DOOR_TO_DOOR.stationWalkMin + 2);
      expect(walk.price.amount).toBe(0);
      expect(walk.to.name.en).toBe(`${bound.to.nameEn} city centre`);
    }
  }, 120_000);

  it('never rides the metro away from a station and back to it, between any two of twelve cities', () => {
    const CITY_PAIRS = CITIES.flatMap((a) => CITIES.filter((b) => b !== a).map((b) => [a, b] as const));
    const back: string[] = [];
    for (const [from, to] of CITY_PAIRS) {
      for (const o of chosen(from, to).options) {
        const ground = o.legs.filter((l) => !isRide(l));
        for (const [i, leg] of ground.entries()) {
          const later = ground.slice(i + 1);
          if (later.some((l) => l.to.name.en === leg.from.name.en && l.kind === 'subway')) back.push(o.key);
        }
      }
    }
    expect(back).toEqual([]);
  }, 300_000);

  it('is left on foot for a train from that station, with the time to board before it', () => {
    const { options } = chosen('CSX', 'WUH');
    const fromStation = options.filter((o) => {
      const first = o.legs.find(isRide);
      return first?.kind === 'land' && first.from.code === 'CSQ';
    });
    expect(fromStation.length).toBeGreaterThan(0);
    for (const o of fromStation) {
      const first = o.legs[0] as ResultLeg;
      const train = o.legs.find(isRide) as ResultLeg;
      expect(o.legs.indexOf(train), o.key).toBe(1);
      expect(first.kind).toBe('lands');
      expect(first.price.amount).toBe(0);
      expect(minutes(first.departureTime, first.arrivalTime)).toBeLessThanOrEqual(DOOR_TO_DOOR.stationWalkMin + 2);
      // At the station long enough for the entrance checks before the ticket check closes.
      expect(minutes(first.arrivalTime, train.departureTime)).toBeGreaterThanOrEqual(20);
    }
  }, 120_000);
});
