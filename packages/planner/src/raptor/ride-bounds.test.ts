import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referencePlan } from '../reference/reference-planner';
import { buildTimetable } from '../timetable/build-timetable';
import type { TripInput } from '../timetable/timetable';
import { faresArb, linesArb, transfersArb, withStopCount } from './network-arbitraries.test-support';
import { type Bound, RideBounds, routeRunTimes, UNREACHABLE } from './ride-bounds';

const H = 3600;

/** Lines over a few stops, each run a few times, with dwell times, fares and boarding fees. */
const networkArb = withStopCount(3, 6, (stopCount) =>
  fc.record({
    lines: linesArb(
      stopCount,
      4,
      {
        start: fc.integer({ min: 0, max: 10 * H }),
        runs: fc.array(fc.integer({ min: 300, max: 3 * H }), { minLength: 3, maxLength: 3 }),
        dwell: fc.integer({ min: 0, max: 600 }),
        fares: faresArb(),
        boardFee: fc.integer({ min: 0, max: 2000 }),
        copies: fc.integer({ min: 1, max: 3 }),
        gap: fc.integer({ min: 600, max: 2 * H }),
        slower: fc.integer({ min: 0, max: 900 }),
      },
      6,
    ),
    transfers: transfersArb(stopCount, 4),
    change: fc.array(fc.integer({ min: 0, max: 45 * 60 }), { minLength: stopCount, maxLength: stopCount }),
    egress: fc.uniqueArray(
      fc.record({
        stop: fc.integer({ min: 0, max: stopCount - 1 }),
        seconds: fc.integer({ min: 0, max: H }),
        price: fc.integer({ min: 0, max: 4000 }),
      }),
      { minLength: 1, maxLength: 3, selector: (e) => e.stop },
    ),
    rides: fc.integer({ min: 1, max: 4 }),
  }),
);

type Network = typeof networkArb extends fc.Arbitrary<infer T> ? T : never;

/** A network, and the egress of a query to other stops on it. */
const networkAndElsewhere = networkArb.chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.uniqueArray(
      fc.record({
        stop: fc.integer({ min: 0, max: n.stopCount - 1 }),
        seconds: fc.integer({ min: 0, max: H }),
        price: fc.integer({ min: 0, max: 4000 }),
      }),
      { minLength: 1, maxLength: 3, selector: (e) => e.stop },
    ),
  ),
);

/** Each line's copies run `gap` apart, each later copy a little slower between stops than the one before. */
function tripsOf(n: Network): TripInput[] {
  return n.lines.flatMap((line) =>
    Array.from({ length: line.copies }, (_, c) => {
      let time = line.start + c * line.gap;
      let fare = 0;
      const arrivals: number[] = [];
      const departures: number[] = [];
      const fareAt: number[] = [];
      line.stops.forEach((_, i) => {
        if (i > 0) {
          time += (line.runs[i - 1] as number) + c * line.slower;
          fare += line.fares[i - 1] as number;
        }
        arrivals.push(time);
        if (i > 0 && i < line.stops.length - 1) time += line.dwell;
        departures.push(time);
        fareAt.push(fare);
      });
      return { stops: line.stops, arrivals, departures, fareAt, boardFee: line.boardFee };
    }),
  );
}

describe('ride bounds', () => {
  it('count the runs, fares, boarding fees, connection times, ground transfers and egress of a hand-checked network', () => {
    // 0 → 1 by line A (one hour, 1000), a ground transfer 1 → 2 (10 min, 500), 2 → 3 by line B (30 min,
    // 2000 and a boarding fee of 100); line C 1 → 3 straight (2 hours, 800). Changing at 1 takes 20 min;
    // the destination is 5 min and 300 from 3.
    const ride = (stops: number[], start: number, run: number, fare: number, boardFee = 0): TripInput => ({
      stops,
      arrivals: [start, start + run],
      departures: [start, start + run],
      fareAt: [0, fare],
      boardFee,
    });
    const tt = buildTimetable({
      stopCount: 4,
      stopChangeSec: [0, 20 * 60, 0, 0],
      trips: [ride([0, 1], 8 * H, H, 1000), ride([2, 3], 10 * H, 30 * 60, 2000, 100), ride([1, 3], 9 * H, 2 * H, 800)],
      transfers: [{ from: 1, to: 2, seconds: 10 * 60, price: 500 }],
    });
    const bounds = new RideBounds(tt, routeRunTimes(tt));
    bounds.compute(Int32Array.from([-1, -1, -1, 5 * 60]), Int32Array.from([0, 0, 0, 300]), 3);
    const at = (b: { time: Int32Array; price: Int32Array }, s: number) => [b.time[s], b.price[s]];
    // Straight to the destination: from 2 on line B, from 1 on line C; from 0 no single ride gets there.
    expect(at(bounds.direct, 2)).toEqual([35 * 60, 2400]);
    expect(at(bounds.direct, 1)).toEqual([2 * H + 5 * 60, 1100]);
    expect(bounds.direct.time[0]).toBe(UNREACHABLE);
    // From 0 with two rides: line A, then line B after the ground transfer is the quickest (no change time
    // at 2: the transfer is the change), line A then C after the change at 1 the cheapest.
    expect(at(bounds.onwardFrom(2), 0)).toEqual([H + 10 * 60 + 35 * 60, 1000 + 1100]);
    expect(at(bounds.onwardFrom(3), 0)).toEqual([H + 10 * 60 + 35 * 60, 1000 + 1100]);
    expect(bounds.onwardFrom(1).time[0]).toBe(UNREACHABLE);
    // Off a ride at 1 with one ride left: change to C, or walk over to B.
    expect(at(bounds.onwardOffAt(1), 1)).toEqual([10 * 60 + 35 * 60, 1100]);
  });

  it('never ask more time or money than a journey with that many rides takes, straight on or with changes', () => {
    fc.assert(
      fc.property(networkArb, fc.integer({ min: 0, max: 12 * H }), (n, departAt) => {
        const tt = buildTimetable({
          stopCount: n.stopCount,
          stopChangeSec: n.change,
          trips: tripsOf(n),
          transfers: n.transfers.filter((t) => t.from !== t.to),
        });
        const egressSec = new Int32Array(n.stopCount).fill(-1);
        const egressPrice = new Int32Array(n.stopCount);
        for (const e of n.egress) {
          egressSec[e.stop] = e.seconds;
          egressPrice[e.stop] = e.price;
        }
        const bounds = new RideBounds(tt, routeRunTimes(tt));
        bounds.compute(egressSec, egressPrice, n.rides);
        for (let m = 1; m <= n.rides; m++) {
          const onward = bounds.onwardFrom(m);
          for (let s = 0; s < n.stopCount; s++) {
            const journeys = referencePlan(tt, {
              departAt,
              access: [{ stop: s, seconds: 0, price: 0 }],
              egress: n.egress,
              maxTransfers: m - 1,
            });
            for (const j of journeys) {
              // One ride: the direct bound; more: the onward bound with m rides left.
              const bound = j.transfers === 0 ? bounds.direct : onward;
              expect(bound.time[s], `time from ${s} with ${m} rides`).not.toBe(UNREACHABLE);
              expect(j.arrival - departAt).toBeGreaterThanOrEqual(bound.time[s] as number);
              expect(j.price).toBeGreaterThanOrEqual(bound.price[s] as number);
            }
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('are the same worked out on the routes where a ride can end as on every route, after a query to elsewhere too', () => {
    fc.assert(
      fc.property(networkAndElsewhere, ([n, elsewhere]) => {
        const tt = buildTimetable({
          stopCount: n.stopCount,
          stopChangeSec: n.change,
          trips: tripsOf(n),
          transfers: n.transfers.filter((t) => t.from !== t.to),
        });
        const egressOf = (egress: Network['egress']) => {
          const sec = new Int32Array(n.stopCount).fill(-1);
          const price = new Int32Array(n.stopCount);
          for (const e of egress) {
            sec[e.stop] = e.seconds;
            price[e.stop] = e.price;
          }
          return [sec, price] as const;
        };
        const [sec, price] = egressOf(n.egress);
        const reached = new RideBounds(tt, routeRunTimes(tt));
        // The scratch of a query to other stops with more rides is no help, nor harm.
        reached.compute(...egressOf(elsewhere), 4);
        reached.compute(sec, price, n.rides);
        const every = new RideBounds(tt, routeRunTimes(tt), { everyRoute: true });
        every.compute(sec, price, n.rides);
        // A price is a bound only where its time is.
        const same = (a: Bound, b: Bound, what: string) => {
          expect(Array.from(a.time), what).toEqual(Array.from(b.time));
          a.time.forEach((t, i) => {
            if (t !== UNREACHABLE) expect(a.price[i], `${what} at ${i}`).toBe(b.price[i]);
          });
        };
        same(reached.direct, every.direct, 'direct');
        same(reached.routeDirect, every.routeDirect, 'direct from a route position');
        for (let m = 1; m <= n.rides; m++) {
          same(reached.onwardFrom(m), every.onwardFrom(m), `onward with ${m} rides`);
          same(reached.routeOnwardFrom(m), every.routeOnwardFrom(m), `onward from a route position with ${m} rides`);
          same(reached.onwardOffAt(m - 1), every.onwardOffAt(m - 1), `off a ride with ${m - 1} left`);
          expect(Array.from(reached.lastAlightings(m))).toEqual(Array.from(every.lastAlightings(m)));
        }
      }),
      { numRuns: 300 },
    );
  });
});
