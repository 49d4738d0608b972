import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTimetable } from '../timetable/build-timetable';
import { linesArb, withStopCount } from './network-arbitraries.test-support';
import { StopDepartures } from './stop-departures';

const H = 3600;
const DAY = 24 * H;

/** Lines of three stops, each run a few times a few minutes to hours apart, over two days. */
const networkArb = withStopCount(2, 5, (stopCount) =>
  fc.record({
    lines: linesArb(
      stopCount,
      3,
      {
        start: fc.integer({ min: 0, max: 2 * DAY }),
        ride: fc.integer({ min: 60, max: 3 * H }),
        copies: fc.integer({ min: 1, max: 8 }),
        // Now and then closer together than the list keeps apart.
        gap: fc.oneof(fc.integer({ min: 60, max: 40 * 60 }), fc.integer({ min: 60, max: 5 * H })),
      },
      5,
    ),
    stop: fc.integer({ min: 0, max: stopCount - 1 }),
    from: fc.integer({ min: 0, max: 3 * DAY }),
    width: fc.oneof(fc.integer({ min: 0, max: 2 * H }), fc.integer({ min: 0, max: 30 * H })),
  }),
);

describe('StopDepartures', () => {
  it('gives every route that leaves a stop within a window of the day, whatever the day', () => {
    fc.assert(
      fc.property(networkArb, (n) => {
        const trips = n.lines.flatMap((l) =>
          Array.from({ length: l.copies }, (_, c) => {
            const times = l.stops.map((_, i) => l.start + c * l.gap + i * l.ride);
            return { stops: l.stops, arrivals: times, departures: times, fareAt: l.stops.map(() => 0), boardFee: 0 };
          }),
        );
        const tt = buildTimetable({ stopCount: n.stopCount, stopChangeSec: [], trips, transfers: [] });
        const departures = new StopDepartures(tt);
        const out = new Int32Array(4);
        const to = n.from + n.width;
        departures.window(n.stop, n.from, to, out);
        const given = new Set<number>();
        for (let part = 0; part < 4; part += 2)
          for (let x = out[part] as number; x < (out[part + 1] as number); x++)
            given.add(departures.entry[x] as number);
        // Each route entry at the stop with a trip leaving it, on any day, within the window's times of day.
        for (const trip of trips) {
          const i = trip.stops.indexOf(n.stop);
          if (i < 0 || i === trip.stops.length - 1) continue;
          const leaves = trip.departures[i] as number;
          const after = (((leaves - n.from) % DAY) + DAY) % DAY;
          if (after > n.width) continue;
          const entries: number[] = [];
          for (let y = tt.stopRouteStart[n.stop] as number; y < (tt.stopRouteStart[n.stop + 1] as number); y++) {
            const r = tt.stopRoutes[y] as number;
            const first = tt.routeStopStart[r] as number;
            const stops = Array.from(tt.routeStops.subarray(first, tt.routeStopStart[r + 1] as number));
            if (stops.join() === trip.stops.join() && tt.stopRoutePosition[y] === i) entries.push(y);
          }
          expect(
            entries.some((y) => given.has(y)),
            `a trip leaving stop ${n.stop} at ${leaves}`,
          ).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
