import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Co2Leg,
  flightCo2Grams,
  groundCo2Grams,
  legCo2Grams,
  railSavesMost,
  railSavingShare,
  resultCo2Grams,
} from './co2';
import { AIRCRAFT_FUEL, type AircraftClass, GROUND_G_PER_PKM } from './co2-factors';
import { sortResults } from './result-sort';
import type { SearchResult } from './search.schema';
import { CABINS } from './search-options';

const aircraft = fc.constantFrom(...(Object.keys(AIRCRAFT_FUEL) as AircraftClass[]));
const cabin = fc.constantFrom(...CABINS);
const km = fc.double({ min: 0, max: 15_000, noNaN: true });
const point = fc.record({
  lat: fc.double({ min: 18, max: 53, noNaN: true }),
  lon: fc.double({ min: 74, max: 134, noNaN: true }),
});
const leg: fc.Arbitrary<Co2Leg> = fc.record({
  kind: fc.constantFrom('air', 'land', 'lands', 'subway', 'taxi'),
  from: point,
  to: point,
  cabin: fc.constantFrom('Y', 'M', 'W', 'S', 'C', 'F', 'O', 'A9'),
  aircraftClass: aircraft,
  trainType: fc.constantFrom('G', 'D', 'C', 'K', 'T', 'Z'),
});

const BEIJING = { lat: 39.9, lon: 116.4 };
const SHANGHAI = { lat: 31.2, lon: 121.5 };

/** A result of these legs (the rest of a result does not count toward its CO₂). */
const resultOf = (id: string, legs: Co2Leg[], price = 100): SearchResult =>
  ({ id, legs, price: { amount: price, currency: 'CNY' }, durationMinutes: 60 }) as unknown as SearchResult;

describe('CO₂ per traveller', () => {
  it('grows with the distance flown, whatever the aircraft and cabin', () => {
    fc.assert(
      fc.property(km, km, aircraft, cabin, (a, b, plane, c) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        expect(flightCo2Grams(near, plane, c)).toBeLessThanOrEqual(flightCo2Grams(far, plane, c));
      }),
    );
  });

  it('grows with the distance travelled on the ground, for every factor', () => {
    const mode = fc.constantFrom(...(Object.keys(GROUND_G_PER_PKM) as (keyof typeof GROUND_G_PER_PKM)[]));
    fc.assert(
      fc.property(km, km, mode, (a, b, m) => {
        const [near, far] = a <= b ? [a, b] : [b, a];
        expect(groundCo2Grams(near, m)).toBeLessThanOrEqual(groundCo2Grams(far, m));
      }),
    );
  });

  it('charges each cabin at least as much as the one behind it: economy ≤ premium ≤ business ≤ first', () => {
    fc.assert(
      fc.property(km, aircraft, (d, plane) => {
        const [y, s, c, f] = CABINS.map((cab) => flightCo2Grams(d, plane, cab));
        expect(y).toBeLessThanOrEqual(s as number);
        expect(s).toBeLessThanOrEqual(c as number);
        expect(c).toBeLessThanOrEqual(f as number);
        expect(y).toBeLessThan(f as number);
      }),
    );
  });

  it('counts a plan as the sum of its legs', () => {
    fc.assert(
      fc.property(fc.array(leg, { maxLength: 8 }), (legs) => {
        expect(resultCo2Grams(resultOf('plan', legs))).toBe(legs.reduce((sum, l) => sum + legCo2Grams(l), 0));
      }),
    );
  });

  it('never counts less than nothing, and nothing for a walk', () => {
    fc.assert(
      fc.property(leg, (l) => {
        expect(legCo2Grams(l)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(legCo2Grams({ kind: 'lands', from: BEIJING, to: SHANGHAI })).toBe(0);
  });

  it('puts Beijing–Shanghai by air near what published calculators give, and the train far below it', () => {
    const flight = legCo2Grams({ kind: 'air', from: BEIJING, to: SHANGHAI, cabin: 'Y', aircraftClass: 'narrow-body' });
    const train = legCo2Grams({ kind: 'land', from: BEIJING, to: SHANGHAI, trainType: 'G' });
    expect(flight).toBeGreaterThan(70_000);
    expect(flight).toBeLessThan(140_000);
    expect(train).toBeGreaterThan(15_000);
    expect(train).toBeLessThan(35_000);
  });
});

describe('rail against flying', () => {
  it('badges a high-speed train for saving most of a flight, never a journey with a flight', () => {
    const train = resultOf('g', [{ kind: 'land', from: BEIJING, to: SHANGHAI, trainType: 'G' }]);
    const flight = resultOf('f', [{ kind: 'air', from: BEIJING, to: SHANGHAI, cabin: 'Y' }]);
    const share = railSavingShare(train);
    expect(railSavesMost(share)).toBe(true);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(1);
    expect(railSavingShare(flight)).toBeNull();
    expect(railSavesMost(railSavingShare(resultOf('walk', [])))).toBe(false);
  });

  it('sorts by lowest CO₂ first, ties by price', () => {
    const train = resultOf('train', [{ kind: 'land', from: BEIJING, to: SHANGHAI, trainType: 'G' }], 60_000);
    const business = resultOf(
      'business',
      [{ kind: 'air', from: BEIJING, to: SHANGHAI, cabin: 'C', aircraftClass: 'wide-body' }],
      50_000,
    );
    const economy = resultOf('economy', [{ kind: 'air', from: BEIJING, to: SHANGHAI, cabin: 'Y' }], 90_000);
    const sameAsTrain = resultOf('same', [{ kind: 'land', from: BEIJING, to: SHANGHAI, trainType: 'G' }], 40_000);
    const sorted = sortResults([business, economy, train, sameAsTrain], 'greenest', (r) => r.price.amount);
    expect(sorted.map((r) => r.id)).toEqual(['same', 'train', 'economy', 'business']);
  });
});
