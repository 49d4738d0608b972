import type { ResultLeg } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { type BoundOption, combineBounds } from './combine';
import { nearlyPareto, withinReason } from './door-to-door/plans';

const H = 3600_000;
const ride = { kind: 'land' } as ResultLeg;
const walk = { kind: 'taxi' } as ResultLeg;
const option = (key: string, departure: number, arrival: number, adultMinor: number, rides = 1): BoundOption => ({
  key,
  legs: [walk, ...Array.from({ length: rides }, () => ride), walk],
  departure: departure * H,
  arrival: arrival * H,
  adultMinor,
});

describe('combining journeys into trips', () => {
  it('pairs every outbound with every return of a round trip, never a return before arriving', () => {
    const out = [option('o1', 8, 12, 500), option('o2', 30, 34, 400)];
    const back = [option('b1', 33, 37, 450), option('b2', 80, 84, 300)];
    const trips = combineBounds([out, back]).map((t) => t.map((o) => o.key).join('+'));
    expect(trips.sort()).toEqual(['o1+b1', 'o1+b2', 'o2+b2']);
  });

  it('gives nothing when one journey has no way at all', () => {
    expect(combineBounds([[option('o', 8, 12, 500)], []])).toEqual([]);
  });

  it('builds multi-city trips in order from the cheapest options of each journey', () => {
    const legs = [0, 1, 2].map((d) => [
      option(`a${d}`, 24 * d + 8, 24 * d + 12, 500),
      option(`b${d}`, 24 * d + 9, 24 * d + 13, 300),
    ]);
    const trips = combineBounds(legs);
    expect(trips[0]?.map((o) => o.key)).toEqual(['b0', 'b1', 'b2']);
    for (const t of trips) expect(t).toHaveLength(3);
  });
});

describe('choosing door-to-door plans worth offering', () => {
  /** A plan as choosing reads it: its times in hours, its price and its flights and trains. */
  const option = (key: string, departure: number, arrival: number, adultMinor: number, rides = 1) => ({
    key,
    departure: departure * H,
    arrival: arrival * H,
    adultMinor,
    rides,
  });

  it('drops a plan with changes far slower than the fastest, but keeps a slow direct sleeper', () => {
    const fast = option('fast', 8, 12, 90_000);
    const slowChanges = option('slow', 8, 30, 30_000, 3);
    const sleeper = option('sleeper', 20, 40, 40_000);
    expect(withinReason([fast, slowChanges, sleeper]).map((o) => o.key)).toEqual(['fast', 'sleeper']);
  });

  it('drops a plan another makes pointless: no earlier, barely cheaper, more changes', () => {
    const direct = option('direct', 9, 14, 55_500);
    const change = option('change', 9, 14.2, 55_200, 2);
    const cheaper = option('cheaper', 9, 16, 40_000, 2);
    const later = option('later', 15, 20, 55_500);
    expect(nearlyPareto([direct, change, cheaper, later]).map((o) => o.key)).toEqual(['direct', 'cheaper', 'later']);
  });
});
