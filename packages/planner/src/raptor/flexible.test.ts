import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referencePlan } from '../reference/reference-planner';
import { buildTimetable } from '../timetable/build-timetable';
import type { TripInput } from '../timetable/timetable';
import { faresArb, linesArb, transfersArb, withStopCount } from './network-arbitraries.test-support';
import type { Outcome, Query } from './query';
import { McRaptor } from './raptor';

const H = 3600;
const M = 60;
const DAY = 24 * H;

const criteria = (o: Outcome | undefined) => o && { arrival: o.arrival, price: o.price, transfers: o.transfers };

/** The two ends of a Pareto set: cheapest (then earliest, then fewest changes) and earliest (then cheapest). */
function ends(outcomes: Outcome[]) {
  const by = (key: (o: Outcome) => number[]) =>
    [...outcomes].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
      return 0;
    })[0];
  return {
    cheapest: criteria(by((o) => [o.price, o.arrival, o.transfers])),
    earliest: criteria(by((o) => [o.arrival, o.price, o.transfers])),
  };
}

/** A trip through `stops` leaving at `start`, `ride` seconds between stops, `fare` per stop passed. */
function trip(stops: number[], start: number, ride: number, fare: number): TripInput {
  const times = stops.map((_, i) => start + i * ride);
  return { stops, arrivals: times, departures: times, fareAt: stops.map((_, i) => i * fare), boardFee: 0 };
}

describe('planFlexible', () => {
  it('gives each departure day its own cheapest and earliest journey', () => {
    // Day 0: only the fast dear flight; day 1: the flight and a slow cheap train; day 2: nothing.
    const trips = [
      trip([0, 1], DAY + 9 * H, 2 * H, 90000),
      trip([0, 1], 3 * DAY + 9 * H, 2 * H, 90000),
      trip([0, 1], 2 * DAY + 9 * H, 2 * H, 90000),
      trip([0, 2, 1], 2 * DAY + 7 * H, 4 * H, 15000),
    ];
    const tt = buildTimetable({ stopCount: 3, stopChangeSec: [0, 0, 0], trips, transfers: [] });
    const days = new McRaptor(tt).planFlexible(
      {
        departAt: 2 * DAY,
        access: [{ stop: 0, seconds: 0, price: 0 }],
        egress: [{ stop: 1, seconds: 0, price: 0 }],
        maxTransfers: 1,
      },
      1,
    );
    expect(days.map((d) => [d.day, criteria(d.cheapest), criteria(d.earliest)])).toEqual([
      [
        -1,
        { arrival: DAY + 11 * H, price: 90000, transfers: 0 },
        { arrival: DAY + 11 * H, price: 90000, transfers: 0 },
      ],
      [
        0,
        { arrival: 2 * DAY + 15 * H, price: 30000, transfers: 0 },
        { arrival: 2 * DAY + 11 * H, price: 90000, transfers: 0 },
      ],
      [
        1,
        { arrival: 3 * DAY + 11 * H, price: 90000, transfers: 0 },
        { arrival: 3 * DAY + 11 * H, price: 90000, transfers: 0 },
      ],
    ]);
  });

  it('leaves a day without journeys empty, even when a later day has some', () => {
    const tt = buildTimetable({
      stopCount: 2,
      stopChangeSec: [0, 0],
      trips: [trip([0, 1], 2 * DAY + 9 * H, H, 100)],
      transfers: [],
    });
    const days = new McRaptor(tt).planFlexible(
      {
        departAt: DAY,
        access: [{ stop: 0, seconds: 0, price: 0 }],
        egress: [{ stop: 1, seconds: 0, price: 0 }],
        maxTransfers: 0,
      },
      1,
    );
    expect(days.map((d) => d.cheapest?.price)).toEqual([undefined, undefined, 100]);
    expect(days[2]?.cheapest?.legs?.[0]).toMatchObject({ kind: 'ride', boardStop: 0, alightStop: 1 });
  });

  const networkArb = withStopCount(3, 6, (stopCount) =>
    fc.record({
      lines: linesArb(
        stopCount,
        4,
        {
          start: fc.integer({ min: 0, max: 20 * H }),
          legs: fc.array(fc.integer({ min: 10 * M, max: 6 * H }), { minLength: 3, maxLength: 3 }),
          fares: faresArb(),
          boardFee: fc.integer({ min: 0, max: 2000 }),
          // Which of the 5 service days the line runs on.
          days: fc.integer({ min: 1, max: 31 }),
        },
        8,
      ),
      transfers: transfersArb(stopCount, 3),
      change: fc.array(fc.integer({ min: 0, max: 2 * H }), { minLength: stopCount, maxLength: stopCount }),
      origin: fc.integer({ min: 0, max: stopCount - 1 }),
      destination: fc.integer({ min: 0, max: stopCount - 1 }),
      accessSeconds: fc.integer({ min: 0, max: 2 * H }),
      hour: fc.integer({ min: 0, max: 23 }),
      window: fc.option(fc.integer({ min: 0, max: DAY - 1 })),
      maxTransfers: fc.integer({ min: 0, max: 2 }),
    }),
  );

  it('equals a separate plan for each day, and the reference planner', () => {
    fc.assert(
      fc.property(networkArb, (n) => {
        const trips: TripInput[] = [];
        for (const line of n.lines) {
          for (let d = 0; d < 5; d++) {
            if (!(line.days & (1 << d))) continue;
            let time = d * DAY + line.start;
            let fare = 0;
            const arrivals: number[] = [];
            const departures: number[] = [];
            const fareAt: number[] = [];
            line.stops.forEach((_, i) => {
              if (i > 0) {
                time += line.legs[i - 1] as number;
                fare += line.fares[i - 1] as number;
              }
              arrivals.push(time);
              departures.push(i === 0 ? time : time + 300);
              if (i > 0) time += 300;
              fareAt.push(fare);
            });
            trips.push({ stops: line.stops, arrivals, departures, fareAt, boardFee: line.boardFee });
          }
        }
        const transfers = n.transfers.filter((t) => t.from !== t.to);
        const tt = buildTimetable({ stopCount: n.stopCount, stopChangeSec: n.change, trips, transfers });
        const q: Query = {
          departAt: 2 * DAY + n.hour * H,
          access: [{ stop: n.origin, seconds: n.accessSeconds, price: 1000 }],
          egress: [{ stop: n.destination, seconds: 30 * M, price: 500 }],
          maxTransfers: n.maxTransfers,
          ...(n.window === null ? {} : { lastDeparture: 2 * DAY + n.hour * H + n.window }),
        };
        const engine = new McRaptor(tt);
        const flexible = engine.planFlexible(q, 2);
        expect(flexible.map((d) => d.day)).toEqual([-2, -1, 0, 1, 2]);
        for (const day of flexible) {
          const dayQuery = {
            ...q,
            departAt: q.departAt + day.day * DAY,
            lastDeparture: (q.lastDeparture ?? q.departAt + DAY - 1) + day.day * DAY,
          };
          const single = ends(engine.plan(dayQuery));
          expect({ cheapest: criteria(day.cheapest), earliest: criteria(day.earliest) }).toEqual(single);
          expect(single).toEqual(ends(referencePlan(tt, dayQuery)));
          if (day.cheapest) expect(day.cheapest.legs?.at(0)).toMatchObject({ kind: 'ride', boardStop: n.origin });
        }
      }),
      { numRuns: 300 },
    );
  });
});
