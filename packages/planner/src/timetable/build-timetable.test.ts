import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesArb, withStopCount } from '../raptor/network-arbitraries.test-support';
import type { Leg, Query } from '../raptor/query';
import { McRaptor } from '../raptor/raptor';
import { referencePlan } from '../reference/reference-planner';
import { buildTimetable } from './build-timetable';
import { DAY_SECONDS, type TripInput } from './timetable';
import { firstDepartures } from './timetable.test-support';

const H = 3600;

/** Lines run a few times a day on some days; long runs late in the day reach into the next day and past its first trips. */
const networkArb = withStopCount(3, 6, (stopCount) =>
  fc.record({
    lines: linesArb(
      stopCount,
      4,
      {
        starts: fc.uniqueArray(fc.integer({ min: 0, max: 23 * H }), { minLength: 1, maxLength: 3 }),
        runs: fc.array(fc.integer({ min: 10 * 60, max: 14 * H }), { minLength: 3, maxLength: 3 }),
        // Later trips of a day may be slower: they can overtake nothing on their day, but next day's.
        slower: fc.integer({ min: 0, max: 6 * H }),
        fare: fc.integer({ min: 0, max: 5000 }),
        boardFee: fc.integer({ min: 0, max: 2000 }),
        days: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
      },
      5,
    ),
    change: fc.array(fc.integer({ min: 0, max: 45 * 60 }), { minLength: stopCount, maxLength: stopCount }),
    queries: fc.array(
      fc.record({
        departAt: fc.integer({ min: 0, max: 4 * DAY_SECONDS }),
        access: fc.array(
          fc.record({ stop: fc.integer({ min: 0, max: stopCount - 1 }), seconds: fc.nat(H), price: fc.nat(3000) }),
          { minLength: 1, maxLength: 2 },
        ),
        egress: fc.uniqueArray(
          fc.record({ stop: fc.integer({ min: 0, max: stopCount - 1 }), seconds: fc.nat(H), price: fc.nat(3000) }),
          { minLength: 1, maxLength: 2, selector: (e) => e.stop },
        ),
        maxTransfers: fc.integer({ min: 0, max: 2 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

type Network = typeof networkArb extends fc.Arbitrary<infer T> ? T : never;

/** A line's trips of one day, times from the start of the day. */
function dayTrips(line: Network['lines'][number], name: string): TripInput[] {
  return [...line.starts]
    .sort((a, b) => a - b)
    .map((start, c) => {
      let time = start;
      const times = line.stops.map((_, i) => {
        if (i > 0) time += (line.runs[i - 1] as number) + c * line.slower;
        return time;
      });
      return {
        id: `${name}.${c}`,
        stops: line.stops,
        arrivals: times,
        departures: times,
        fareAt: line.stops.map((_, i) => i * line.fare),
        boardFee: line.boardFee,
      };
    });
}

/** The legs of a journey as times and places, whatever the trips are numbered. */
const legsOf = (legs: Leg[] | undefined) =>
  (legs ?? []).map((l) => (l.kind === 'ride' ? { ...l, trip: 0, route: 0 } : l));

describe('a timetable of trips that repeat on their days', () => {
  it('plans as the same trips laid out one by one would, and as the reference planner on those', () => {
    fc.assert(
      fc.property(networkArb, (n) => {
        const days = (line: Network['lines'][number]) => [...line.days].sort((a, b) => a - b);
        const periodic = buildTimetable({
          stopCount: n.stopCount,
          stopChangeSec: n.change,
          trips: n.lines.flatMap((line, l) => dayTrips(line, `L${l}`).map((t) => ({ ...t, days: days(line) }))),
          transfers: [],
        });
        const expanded = buildTimetable({
          stopCount: n.stopCount,
          stopChangeSec: n.change,
          trips: n.lines.flatMap((line, l) =>
            days(line).flatMap((d) =>
              dayTrips(line, `L${l}`).map((t) => ({
                ...t,
                arrivals: t.arrivals.map((x) => x + d * DAY_SECONDS),
                departures: t.departures.map((x) => x + d * DAY_SECONDS),
              })),
            ),
          ),
          transfers: [],
        });
        // Every trip of every day is there once, leaving when it should.
        expect(firstDepartures(periodic)).toEqual(firstDepartures(expanded));
        for (const q of n.queries satisfies Query[]) {
          const a = new McRaptor(periodic).plan(q);
          const b = new McRaptor(expanded).plan(q);
          expect(a.map((o) => ({ ...o, legs: legsOf(o.legs) }))).toEqual(
            b.map((o) => ({ ...o, legs: legsOf(o.legs) })),
          );
          expect(a.map(({ legs: _, ...o }) => o)).toEqual(referencePlan(expanded, q));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('names a dated trip by its pattern trip and its day', () => {
    const trip: TripInput = {
      id: 'G19',
      stops: [0, 1],
      arrivals: [0, H],
      departures: [0, H],
      fareAt: [0, 100],
      boardFee: 0,
    };
    const tt = buildTimetable({
      stopCount: 2,
      stopChangeSec: [0, 0],
      trips: [{ ...trip, days: [0, 2] }],
      transfers: [],
      dayNames: ['20261201', '20261202', '20261203'],
    });
    expect([tt.tripIds.at(0), tt.tripIds.at(1), tt.tripIds.at(2)]).toEqual(['G19 20261201', 'G19 20261203', undefined]);
  });
});
