import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadedTimetable } from '../gtfs/gtfs-timetable';
import { linesArb, transfersArb, withStopCount } from '../raptor/network-arbitraries.test-support';
import type { Query } from '../raptor/query';
import { McRaptor } from '../raptor/raptor';
import { buildTimetable } from './build-timetable';
import { type SharedStrings, sharedTimetable, shareTimetable } from './shared';
import type { TripInput } from './timetable';

const H = 3600;
const M = 60;

const endArb = (stopCount: number) =>
  fc.record({
    stop: fc.integer({ min: 0, max: stopCount - 1 }),
    seconds: fc.integer({ min: 0, max: 90 * M }),
    price: fc.integer({ min: 0, max: 4000 }),
  });

const networkArb = withStopCount(3, 8, (stopCount) =>
  fc.record({
    trips: linesArb(
      stopCount,
      5,
      {
        start: fc.integer({ min: 0, max: 12 * H }),
        leg: fc.integer({ min: 5 * M, max: 3 * H }),
        fare: fc.integer({ min: 0, max: 5000 }),
        boardFee: fc.integer({ min: 0, max: 2000 }),
        copies: fc.integer({ min: 1, max: 3 }),
        gap: fc.integer({ min: 10 * M, max: 2 * H }),
        // Trip ids in any script: the shared form keeps them as UTF-8.
        name: fc.string({ maxLength: 8, unit: 'grapheme' }),
        // Some lines run on several days.
        days: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 })),
      },
      8,
    ),
    transfers: transfersArb(stopCount, 5),
    change: fc.array(fc.integer({ min: 0, max: 45 * M }), { minLength: stopCount, maxLength: stopCount }),
    queries: fc.array(
      fc.record({
        departAt: fc.integer({ min: 0, max: 10 * H }),
        access: fc.array(endArb(stopCount), { minLength: 1, maxLength: 3 }),
        egress: fc.uniqueArray(endArb(stopCount), { minLength: 1, maxLength: 3, selector: (e) => e.stop }),
        maxTransfers: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    epochMs: fc.integer({ min: 0, max: 2 ** 42 }),
    dated: fc.boolean(),
  }),
);

type Network = typeof networkArb extends fc.Arbitrary<infer T> ? T : never;

function loadedOf(n: Network): LoadedTimetable {
  const trips: TripInput[] = n.trips.flatMap((t) =>
    Array.from({ length: t.copies }, (_, c) => {
      const times = t.stops.map((_, i) => t.start + c * t.gap + i * t.leg);
      return {
        id: `${t.name} ${c}`,
        stops: t.stops,
        arrivals: times,
        departures: times.map((x, i) => (i === 0 ? x : x + 60)),
        fareAt: t.stops.map((_, i) => i * t.fare),
        boardFee: t.boardFee,
        ...(t.days ? { days: [...t.days].sort((a, b) => a - b) } : {}),
      };
    }),
  );
  const timetable = buildTimetable({
    stopCount: n.stopCount,
    stopChangeSec: n.change,
    trips,
    transfers: n.transfers.filter((tr) => tr.from !== tr.to),
    ...(n.dated ? { dayNames: ['20261201', '20261202', '20261203', '20261204'] } : {}),
  });
  const stopIds = Array.from({ length: n.stopCount }, (_, s) => `rail:站${s}`);
  return {
    timetable,
    stopIds,
    stopPoints: stopIds.map((_, s) => ({ lat: 30 + s / 7, lon: 116 - s / 3 })),
    stopIndex: new Map(stopIds.map((id, s) => [id, s])),
    epochMs: n.epochMs,
  };
}

describe('a timetable in shared memory', () => {
  it('plans exactly as the timetable it was made from: the same journeys, legs, trip and stop ids', () => {
    fc.assert(
      fc.property(networkArb, (n) => {
        const loaded = loadedOf(n);
        const shared = sharedTimetable(shareTimetable(loaded));
        expect(shared.timetable.tripIds.length).toBe(loaded.timetable.tripIds.length);
        for (let t = 0; t < loaded.timetable.tripIds.length; t++)
          expect(shared.timetable.tripIds.at(t)).toBe(loaded.timetable.tripIds.at(t));
        expect(shared.stopIds).toEqual(loaded.stopIds);
        expect(shared.stopPoints).toEqual(loaded.stopPoints);
        expect([...shared.stopIndex]).toEqual([...loaded.stopIndex]);
        expect(shared.epochMs).toBe(loaded.epochMs);
        const inThread = new McRaptor(loaded.timetable);
        const onShared = new McRaptor(shared.timetable);
        for (const q of n.queries satisfies Query[]) {
          expect(onShared.plan(q)).toEqual(inThread.plan(q));
          expect(onShared.planFlexible(q, 1)).toEqual(inThread.planFlexible(q, 1));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is one SharedArrayBuffer whose arrays are views on it, readable from any thread', () => {
    const loaded = loadedOf(fc.sample(networkArb, { numRuns: 1, seed: 7 })[0] as Network);
    const buffer = shareTimetable(loaded);
    expect(buffer).toBeInstanceOf(SharedArrayBuffer);
    const shared = sharedTimetable(buffer);
    for (const column of [
      shared.timetable.arrival,
      shared.timetable.routeStops,
      shared.timetable.routeDays,
      shared.timetable.routeRuns,
    ])
      expect(column?.buffer).toBe(buffer);
    expect(() => sharedTimetable(new SharedArrayBuffer(256))).toThrow(/not a shared timetable/);
  });

  it('names strings by index, negative from the end, undefined outside', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 20 }), (list) => {
        const loaded = loadedOf(fc.sample(networkArb, { numRuns: 1, seed: 3 })[0] as Network);
        const buffer = shareTimetable({ ...loaded, timetable: { ...loaded.timetable, dayNames: list } });
        const names = sharedTimetable(buffer).timetable.dayNames as SharedStrings;
        expect(names.toArray()).toEqual(list);
        expect(names.at(-1)).toBe(list.at(-1));
        expect(names.at(list.length)).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
