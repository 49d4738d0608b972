import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referencePlan } from '../reference/reference-planner';
import { buildTimetable } from '../timetable/build-timetable';
import type { TransferInput, TripInput } from '../timetable/timetable';
import { faresArb, linesArb, transfersArb, withStopCount } from './network-arbitraries.test-support';
import type { Leg, Outcome, Query } from './query';
import { McRaptor, shapeOf } from './raptor';

const H = 3600;
const M = 60;

/** A trip through the given stops, leaving the first at `start`, `ride` seconds between stops. */
function trip(stops: number[], start: number, ride: number, farePerLeg: number, boardFee = 0): TripInput {
  const times = stops.map((_, i) => start + i * ride);
  return { stops, arrivals: times, departures: times, fareAt: stops.map((_, i) => i * farePerLeg), boardFee };
}

const criteria = (outcomes: Outcome[]) =>
  outcomes.map(({ arrival, price, transfers }) => ({ arrival, price, transfers }));

/** Every journey's legs add up to its criteria and follow one another in time and place. */
function checkLegs(o: Outcome, q: Query, change: (stop: number) => number): void {
  const legs = o.legs ?? [];
  const rides = legs.filter((l): l is Extract<Leg, { kind: 'ride' }> => l.kind === 'ride');
  expect(rides.length).toBe(o.transfers + 1);
  const first = rides[0] as Extract<Leg, { kind: 'ride' }>;
  expect(first.departure).toBeLessThanOrEqual(q.lastDeparture ?? Number.POSITIVE_INFINITY);
  for (const leg of legs) {
    const reached = leg.kind === 'ride' ? [leg.boardStop, leg.alightStop] : [leg.fromStop, leg.toStop];
    for (const stop of reached) expect(q.closed?.[stop] ?? 0, `stop ${stop} is closed`).toBe(0);
  }
  // Of several ways to the first stop, one must fit: reached in time, and adding up to the price.
  const fits = q.access
    .filter((a) => a.stop === first.boardStop)
    .some((access) => {
      let ready = q.departAt + access.seconds;
      let price = access.price;
      let at = first.boardStop;
      for (const leg of legs) {
        if (leg.kind === 'ride') {
          if (leg.boardStop !== at || leg.departure < ready) return false;
          ready = leg.arrival + change(leg.alightStop);
          at = leg.alightStop;
        } else {
          if (leg.fromStop !== at) return false;
          ready = ready - change(at) + leg.seconds;
          at = leg.toStop;
        }
        price += leg.price;
      }
      const egress = q.egress.find((e) => e.stop === at);
      return egress !== undefined && price + egress.price === o.price;
    });
  expect(fits).toBe(true);
  const last = rides[rides.length - 1] as Extract<Leg, { kind: 'ride' }>;
  const egress = q.egress.find((e) => e.stop === last.alightStop);
  expect(legs[legs.length - 1]?.kind).toBe('ride');
  expect(last.arrival + (egress?.seconds ?? 0)).toBe(o.arrival);
}

function plan(stopCount: number, trips: TripInput[], q: Query, change = 0, transfers: TransferInput[] = []) {
  const tt = buildTimetable({ stopCount, stopChangeSec: new Array(stopCount).fill(change), trips, transfers });
  const fast = new McRaptor(tt).plan(q);
  expect(criteria(fast), 'agrees with the reference planner').toEqual(referencePlan(tt, q));
  for (const o of fast) checkLegs(o, q, () => change);
  return criteria(fast);
}

const from = (stop: number) => [{ stop, seconds: 0, price: 0 }];

describe('McRaptor on hand-checked networks', () => {
  it('rides one trip from its first stop to a later one', () => {
    const out = plan(3, [trip([0, 1, 2], 8 * H, 30 * M, 10000)], {
      departAt: 7 * H,
      access: from(0),
      egress: from(2),
      maxTransfers: 2,
    });
    expect(out).toEqual([{ arrival: 8 * H + 2 * 30 * M, price: 20000, transfers: 0 }]);
  });

  it('misses a connection shorter than the minimum connection time and takes the next one', () => {
    const trips = [
      trip([0, 1], 9 * H, 60 * M, 50000), // arrives at 1 at 10:00
      trip([1, 2], 10 * H + 20 * M, 30 * M, 30000), // too soon with 30 min to change
      trip([1, 2], 10 * H + 45 * M, 30 * M, 30000),
    ];
    const out = plan(3, trips, { departAt: 8 * H, access: from(0), egress: from(2), maxTransfers: 1 }, 30 * M);
    expect(out).toEqual([{ arrival: 10 * H + 45 * M + 30 * M, price: 80000, transfers: 1 }]);
  });

  it('keeps both a fast expensive ride and a slow cheap one', () => {
    const trips = [trip([0, 1], 9 * H, 2 * H, 150000), trip([0, 1], 9 * H, 5 * H, 30000)];
    const out = plan(2, trips, { departAt: 8 * H, access: from(0), egress: from(1), maxTransfers: 0 });
    expect(out).toEqual([
      { arrival: 11 * H, price: 150000, transfers: 0 },
      { arrival: 14 * H, price: 30000, transfers: 0 },
    ]);
  });

  it('keeps a direct ride beside a faster one with a change', () => {
    const trips = [
      trip([0, 2], 9 * H, 6 * H, 40000),
      trip([0, 1], 9 * H, 1 * H, 20000),
      trip([1, 2], 10 * H + 30 * M, 1 * H, 20000),
    ];
    const out = plan(3, trips, { departAt: 8 * H, access: from(0), egress: from(2), maxTransfers: 1 }, 20 * M);
    expect(out).toEqual([
      { arrival: 11 * H + 30 * M, price: 40000, transfers: 1 },
      { arrival: 15 * H, price: 40000, transfers: 0 },
    ]);
    const direct = plan(3, trips, { departAt: 8 * H, access: from(0), egress: from(2), maxTransfers: 0 }, 20 * M);
    expect(direct).toEqual([{ arrival: 15 * H, price: 40000, transfers: 0 }]);
  });

  it('changes stations by taxi, paying for it, and counts the change', () => {
    const trips = [trip([0, 1], 9 * H, 2 * H, 60000), trip([2, 3], 12 * H, 4 * H + 30 * M, 55300)];
    const taxi = [{ from: 1, to: 2, seconds: 50 * M, price: 9000 }];
    const out = plan(4, trips, { departAt: 8 * H, access: from(0), egress: from(3), maxTransfers: 2 }, 10 * M, taxi);
    expect(out).toEqual([{ arrival: 16 * H + 30 * M, price: 60000 + 9000 + 55300, transfers: 1 }]);
    const tooSlow = [{ from: 1, to: 2, seconds: 70 * M, price: 9000 }];
    expect(
      plan(4, trips, { departAt: 8 * H, access: from(0), egress: from(3), maxTransfers: 2 }, 10 * M, tooSlow),
    ).toEqual([]);
  });

  it('travels overnight and across service days', () => {
    const trips = [trip([0, 1], 22 * H, 9 * H, 70000), trip([1, 2], 24 * H + 8 * H, 2 * H, 10000)];
    const out = plan(3, trips, { departAt: 20 * H, access: from(0), egress: from(2), maxTransfers: 1 }, 30 * M);
    expect(out).toEqual([{ arrival: 24 * H + 10 * H, price: 80000, transfers: 1 }]);
  });

  it('adds the access and egress legs to time and price', () => {
    const out = plan(2, [trip([0, 1], 9 * H, 1 * H, 10000)], {
      departAt: 8 * H,
      access: [{ stop: 0, seconds: 40 * M, price: 5000 }],
      egress: [{ stop: 1, seconds: 25 * M, price: 3000 }],
      maxTransfers: 0,
    });
    expect(out).toEqual([{ arrival: 10 * H + 25 * M, price: 18000, transfers: 0 }]);
  });
});

/** A way to or from a stop: on foot (free, no time) or by taxi. */
const endArb = (stopCount: number) =>
  fc.record({
    stop: fc.integer({ min: 0, max: stopCount - 1 }),
    seconds: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 90 * M })),
    price: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 4000 })),
  });

const networkArb = withStopCount(3, 6, (stopCount) =>
  fc.record({
    trips: linesArb(
      stopCount,
      4,
      {
        start: fc.integer({ min: 0, max: 12 * H }),
        legs: fc.array(fc.integer({ min: 5 * M, max: 3 * H }), { minLength: 3, maxLength: 3 }),
        fares: faresArb(),
        boardFee: fc.integer({ min: 0, max: 2000 }),
        copies: fc.integer({ min: 1, max: 3 }),
        gap: fc.integer({ min: 10 * M, max: 2 * H }),
      },
      7,
    ),
    transfers: transfersArb(stopCount, 4),
    change: fc.array(fc.integer({ min: 0, max: 45 * M }), { minLength: stopCount, maxLength: stopCount }),
    access: fc.array(endArb(stopCount), { minLength: 1, maxLength: 3 }),
    // The engine takes one way out per stop (the caller keeps the quickest).
    egress: fc.uniqueArray(endArb(stopCount), { minLength: 1, maxLength: 3, selector: (e) => e.stop }),
    departAt: fc.integer({ min: 0, max: 10 * H }),
    window: fc.option(fc.integer({ min: 0, max: 8 * H })),
    maxTransfers: fc.integer({ min: 0, max: 3 }),
    // Stops no journey may reach, now and then.
    closed: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: stopCount - 1 }), { minLength: 1, maxLength: 2 })),
  }),
);

type Network = typeof networkArb extends fc.Arbitrary<infer T> ? T : never;

/** The query's closed stops of a generated network, if it has any. */
const closedOf = (n: Network): Pick<Query, 'closed'> => {
  if (n.closed === null) return {};
  const closed = new Uint8Array(n.stopCount);
  for (const s of n.closed) closed[s] = 1;
  return { closed };
};

/** The trips of a generated network: each line run `copies` times, `gap` apart. */
function tripsOf(n: Network): TripInput[] {
  const trips: TripInput[] = [];
  for (const t of n.trips) {
    for (let c = 0; c < t.copies; c++) {
      let time = t.start + c * t.gap;
      const arrivals: number[] = [];
      const departures: number[] = [];
      const fareAt: number[] = [];
      let fare = 0;
      t.stops.forEach((_, i) => {
        if (i > 0) {
          time += t.legs[i - 1] as number;
          fare += t.fares[i - 1] as number;
        }
        arrivals.push(time);
        departures.push(i === 0 ? time : time + 120);
        if (i > 0) time += 120;
        fareAt.push(fare);
      });
      trips.push({ stops: t.stops, arrivals, departures, fareAt, boardFee: t.boardFee });
    }
  }
  return trips;
}

describe('McRaptor range queries', () => {
  // Leaving at 10:00: at stop 3 by 10:30, then at 1 by 11:00 on a second trip, 10,000 in all; leaving at 8:00,
  // at 1 on one trip for the same fare; then the one way on to the destination at 12:00, which the 10:00
  // start boards.
  const startsAtEightAndTen = (oneTripMinutes: number) => {
    const trips = [
      trip([0, 3], 10 * H, 30 * M, 5000),
      trip([3, 1], 10 * H + 45 * M, 15 * M, 5000),
      trip([0, 1], 8 * H, oneTripMinutes * M, 10000),
      trip([1, 2], 12 * H, 60 * M, 1000),
    ];
    const tt = buildTimetable({ stopCount: 4, stopChangeSec: [0, 0, 0, 0], trips, transfers: [] });
    const [early, late] = new McRaptor(tt).planRange({ access: from(0), egress: from(2), maxTransfers: 2 }, [
      8 * H,
      10 * H,
    ]);
    return { early: criteria(early ?? []), late: criteria(late ?? []) };
  };

  it.each([
    ['keeps an earlier start’s journey with fewer changes that a later start reaches a stop sooner than', 210],
    ['boards again from an earlier start, with fewer rides, a trip a later start boarded at the same fare', 150],
  ])('%s', (_, oneTripMinutes) => {
    const { early, late } = startsAtEightAndTen(oneTripMinutes);
    expect(early).toEqual([{ arrival: 13 * H, price: 11000, transfers: 1 }]);
    expect(late).toEqual([{ arrival: 13 * H, price: 11000, transfers: 2 }]);
  });
});

/** The timetable of a generated network (a transfer from a stop to itself dropped). */
const timetableOf = (n: Network) =>
  buildTimetable({
    stopCount: n.stopCount,
    stopChangeSec: n.change,
    trips: tripsOf(n),
    transfers: n.transfers.filter((tr) => tr.from !== tr.to),
  });

describe('McRaptor against the reference planner', () => {
  it('finds exactly the reference Pareto set on random small networks, with taxi ends, a departure window and closed stops', () => {
    fc.assert(
      fc.property(networkArb, (n) => {
        const tt = timetableOf(n);
        const q: Query = {
          departAt: n.departAt,
          access: n.access,
          egress: n.egress,
          maxTransfers: n.maxTransfers,
          ...closedOf(n),
          ...(n.window === null ? {} : { lastDeparture: n.departAt + n.window }),
        };
        const fast = new McRaptor(tt).plan(q);
        expect(criteria(fast)).toEqual(referencePlan(tt, q));
        for (const o of fast) checkLegs(o, q, (stop) => n.change[stop] as number);
      }),
      { numRuns: 1000 },
    );
  });

  it('answers a range of departure times as a search from each time alone would, on the same engine after', () => {
    fc.assert(
      fc.property(
        networkArb,
        fc.array(fc.integer({ min: 0, max: 14 * H }), { minLength: 1, maxLength: 6 }),
        (n, times) => {
          const tt = timetableOf(n);
          const engine = new McRaptor(tt);
          const base = { access: n.access, egress: n.egress, maxTransfers: n.maxTransfers, ...closedOf(n) };
          const answers = engine.planRange(base, times);
          expect(answers).toHaveLength(times.length);
          for (const [i, departAt] of times.entries()) {
            const q: Query = { ...base, departAt };
            const answer = answers[i] as Outcome[];
            expect(criteria(answer), `departing at ${departAt}`).toEqual(referencePlan(tt, q));
            for (const o of answer) checkLegs(o, q, (stop) => n.change[stop] as number);
          }
          // The engine searches as before once the range is answered.
          const q: Query = { ...base, departAt: times[0] as number };
          expect(engine.plan(q)).toEqual(new McRaptor(tt).plan(q));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('answers a run of queries to one destination on one engine as a fresh engine answers each', () => {
    fc.assert(
      fc.property(
        networkArb,
        fc.array(fc.integer({ min: 0, max: 14 * H }), { minLength: 2, maxLength: 5 }),
        (n, times) => {
          const tt = timetableOf(n);
          const engine = new McRaptor(tt);
          for (const [i, departAt] of times.entries()) {
            // The same destination each time, from alternating origins; now and then elsewhere and back.
            const egress = i === 2 ? n.access.slice(0, 1) : n.egress;
            const q: Query = { departAt, access: i % 2 ? n.egress : n.access, egress, maxTransfers: n.maxTransfers };
            expect(engine.plan(q)).toEqual(new McRaptor(tt).plan(q));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('plans on another timetable of its shape as a fresh engine on that timetable does, and back', () => {
    fc.assert(
      fc.property(
        networkArb,
        fc.integer({ min: -2 * H, max: 2 * H }),
        fc.integer({ min: 0, max: H }),
        fc.array(fc.integer({ min: 0, max: 14 * H }), { minLength: 1, maxLength: 4 }),
        // Now and then a wait limit, whose routes are marked by the timetable's own departures.
        fc.option(fc.integer({ min: 0, max: 6 * H })),
        (n, shift, quicker, times, maxWait) => {
          // The same lines at other times, and quicker: another week of one network.
          const a = timetableOf(n);
          const b = timetableOf({
            ...n,
            trips: n.trips.map((t) => ({
              ...t,
              start: Math.max(0, t.start + shift),
              legs: t.legs.map((leg) => Math.max(M, leg - quicker)),
            })),
          });
          fc.pre(shapeOf(a) === shapeOf(b));
          const base = {
            access: n.access,
            egress: n.egress,
            maxTransfers: n.maxTransfers,
            ...closedOf(n),
            ...(maxWait === null ? {} : { maxWait }),
          };
          const engine = new McRaptor(a);
          expect(engine.planRange(base, times)).toEqual(new McRaptor(a).planRange(base, times));
          expect(engine.use(b).planRange(base, times)).toEqual(new McRaptor(b).planRange(base, times));
          const q: Query = { ...base, departAt: times[0] as number };
          expect(engine.use(a).plan(q)).toEqual(new McRaptor(a).plan(q));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes no timetable of another shape', () => {
    const one = buildTimetable({
      stopCount: 2,
      stopChangeSec: [0, 0],
      trips: [trip([0, 1], H, M, 100)],
      transfers: [],
    });
    const two = buildTimetable({
      stopCount: 3,
      stopChangeSec: [0, 0, 0],
      trips: [trip([0, 1], H, M, 100)],
      transfers: [],
    });
    expect(() => new McRaptor(one).use(two)).toThrow(/shape/);
  });
});

/**
 * The longest wait of a journey after its first ride: from when it is ready to board (a ride's arrival and
 * the stop's change time, or the end of a ground transfer) to the next departure it boards.
 */
function longestWait(o: Outcome, change: (stop: number) => number): number {
  let ready: number | undefined;
  let longest = 0;
  for (const leg of o.legs ?? []) {
    if (leg.kind === 'ride') {
      if (ready !== undefined) longest = Math.max(longest, leg.departure - ready);
      ready = leg.arrival + change(leg.alightStop);
    } else if (ready !== undefined) ready = ready - change(leg.fromStop) + leg.seconds;
  }
  return longest;
}

/** True when some journey of `answer` arrives no later, costs no more and changes no more often than `o`. */
const matched = (answer: Outcome[], o: Outcome) =>
  answer.some((a) => a.arrival <= o.arrival && a.price <= o.price && a.transfers <= o.transfers);

describe('McRaptor with a longest wait between rides', () => {
  it('boards no trip that leaves longer than the limit after a change, and finds the one a later start takes', () => {
    const trips = [
      trip([0, 1], 8 * H, 1 * H, 10000), // at 1 by 9:00
      trip([1, 2], 15 * H, 1 * H, 10000), // the only way on: a wait of six hours
      trip([0, 1], 13 * H + 30 * M, 1 * H, 10000), // or leaving later, at 1 by 14:30
    ];
    const tt = buildTimetable({ stopCount: 3, stopChangeSec: [0, 0, 0], trips, transfers: [] });
    const q = { access: from(0), egress: from(2), maxTransfers: 1 };
    const [plain] = new McRaptor(tt).planRange(q, [7 * H]);
    const firstDeparture = (o: Outcome) => {
      const first = o.legs?.[0];
      return first?.kind === 'ride' ? first.departure : undefined;
    };
    expect((plain ?? []).map(firstDeparture)).toEqual([8 * H]);
    const [early, late] = new McRaptor(tt).planRange({ ...q, maxWait: 4 * H }, [7 * H, 13 * H]);
    for (const answer of [early, late]) {
      expect(criteria(answer ?? [])).toEqual([{ arrival: 16 * H, price: 20000, transfers: 1 }]);
      expect((answer ?? []).map(firstDeparture)).toEqual([13 * H + 30 * M]);
    }
    expect(new McRaptor(tt).plan({ ...q, departAt: 7 * H, maxWait: 6 * H })).toHaveLength(1);
  });

  it('waits no longer than the limit after a first ride, and finds every journey of the search without one that waits no longer', () => {
    fc.assert(
      fc.property(
        networkArb,
        fc.integer({ min: 0, max: 6 * H }),
        fc.array(fc.integer({ min: 0, max: 14 * H }), { minLength: 1, maxLength: 5 }),
        (n, maxWait, times) => {
          const tt = timetableOf(n);
          const change = (stop: number) => n.change[stop] as number;
          const base = { access: n.access, egress: n.egress, maxTransfers: n.maxTransfers, ...closedOf(n) };
          const plain = new McRaptor(tt).planRange(base, times);
          const limited = new McRaptor(tt).planRange({ ...base, maxWait }, times);
          for (const [i, departAt] of times.entries()) {
            const answer = limited[i] as Outcome[];
            for (const o of answer) {
              expect(longestWait(o, change)).toBeLessThanOrEqual(maxWait);
              checkLegs(o, { ...base, departAt }, change);
            }
            for (const o of plain[i] as Outcome[])
              if (longestWait(o, change) <= maxWait) expect(matched(answer, o), `departing at ${departAt}`).toBe(true);
          }
          const q: Query = { ...base, departAt: times[0] as number, maxWait };
          for (const o of new McRaptor(tt).plan(q)) expect(longestWait(o, change)).toBeLessThanOrEqual(maxWait);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('finds the same journeys marking only the routes that leave within the limit as marking every route', () => {
    fc.assert(
      fc.property(
        networkArb,
        fc.integer({ min: 0, max: 26 * H }),
        fc.array(fc.integer({ min: 0, max: 14 * H }), { minLength: 1, maxLength: 5 }),
        (n, maxWait, times) => {
          const tt = timetableOf(n);
          const base = { access: n.access, egress: n.egress, maxTransfers: n.maxTransfers, maxWait, ...closedOf(n) };
          const indexed = new McRaptor(tt);
          const every = new McRaptor(tt, { departureIndex: false });
          expect(indexed.planRange(base, times)).toEqual(every.planRange(base, times));
          const q: Query = { ...base, departAt: times[0] as number };
          expect(indexed.plan(q)).toEqual(every.plan(q));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
