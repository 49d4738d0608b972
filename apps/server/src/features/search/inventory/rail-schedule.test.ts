import { type LatLon, localMidnight } from '@junction/domain';
import { type GtfsFeed, readGtfsZip } from '@junction/planner';
import { readGtfsFeedBytes } from '@junction/refdata';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RailSchedule, type TrainRide, trackKmAt } from './rail-schedule';

/** A train of the feed as a schedule should give it back, read straight off the feed's rows. */
type Train = { number: string; stops: string[]; arrivals: number[]; departures: number[]; km: number[] };

/** The feed's trains in the order of its trips, without trips of fewer than two stops. */
function trainsOf(feed: GtfsFeed, prefix: string): Train[] {
  const points = new Map(feed.stops.map((s) => [s.id, s as LatLon]));
  return feed.trips.flatMap((trip) => {
    const times = feed.stopTimes.get(trip.id) ?? [];
    if (times.length < 2) return [];
    return [
      {
        number: trip.shortName || trip.id,
        stops: times.map((s) => s.stopId.slice(prefix.length)),
        arrivals: times.map((s) => s.arrival),
        departures: times.map((s) => s.departure),
        km: trackKmAt(times.map((s) => points.get(s.stopId))),
      },
    ];
  });
}

/** The UTC midnight of the day a train left its first station, for a departure second on local `date`. */
const serviceStart = (date: string, departure: number) =>
  localMidnight(date, 'Asia/Shanghai') - Math.floor(departure / 86_400) * 86_400_000;

/**
 * The rides of `trains` between the stations `from` and `to` on `date`: station by station of `from`,
 * train by train (of those calling there, `callingAt`) and call by call, each train taken at the first
 * call from which it goes on to one of `to`; by departure.
 */
function referenceRides(
  trains: Train[],
  callingAt: ReadonlyMap<string, readonly number[]>,
  from: Iterable<string>,
  to: ReadonlySet<string>,
  date: string,
): TrainRide[] {
  const rides = new Map<number, TrainRide>();
  for (const station of from) {
    for (const t of callingAt.get(station) ?? []) {
      const train = trains[t] as Train;
      train.stops.forEach((stop, i) => {
        if (stop !== station || rides.has(t)) return;
        const j = train.stops.findIndex((s, k) => k > i && to.has(s));
        if (j < 0) return;
        const start = serviceStart(date, train.departures[i] as number);
        rides.set(t, {
          train: t,
          board: i,
          alight: j,
          departure: start + (train.departures[i] as number) * 1000,
          arrival: start + (train.arrivals[j] as number) * 1000,
          km: (train.km[j] as number) - (train.km[i] as number),
        });
      });
    }
  }
  return [...rides.values()].sort((a, b) => a.departure - b.departure);
}

describe('the rail schedule of the real feed', () => {
  let schedule: RailSchedule;
  let trains: Train[];
  /** Every station code, each where a train first calls at it. */
  let stations: string[];
  /** The trains calling at each station, in order. */
  const callingAt = new Map<string, number[]>();
  /** The train a number stands for: the last of the feed's trains with that number. */
  const byNumber = new Map<string, number>();

  beforeAll(() => {
    const feed = readGtfsZip(readGtfsFeedBytes('rail'), 'rail:');
    schedule = new RailSchedule(feed, 'rail:');
    trains = trainsOf(feed, 'rail:');
    stations = [...new Set(trains.flatMap((t) => t.stops))];
    for (const [t, train] of trains.entries()) {
      byNumber.set(train.number, t);
      for (const stop of new Set(train.stops)) {
        const list = callingAt.get(stop) ?? [];
        list.push(t);
        callingAt.set(stop, list);
      }
    }
  });

  it("holds every train's number and stations, and every station", () => {
    expect(trains.length).toBeGreaterThan(1000);
    expect(schedule.size).toBe(trains.length);
    expect(schedule.numbers).toEqual(trains.map((t) => t.number));
    expect(trains.map((_, t) => schedule.stopsOf(t))).toEqual(trains.map((t) => t.stops));
    expect(schedule.stationCodes()).toEqual(stations);
    for (const [t, train] of trains.entries())
      for (let i = -1; i <= train.stops.length; i++) expect(schedule.stationAt(t, i)).toBe(train.stops[i]);
  });

  it('counts the trains calling at each station', () => {
    const counts = new Map<string, number>();
    for (const stop of trains.flatMap((t) => t.stops)) counts.set(stop, (counts.get(stop) ?? 0) + 1);
    expect([...schedule.trainsPerStation()]).toEqual([...counts]);
  });

  it('gives the rides between any stations on any day', () => {
    const dates = ['2026-12-05', '2027-01-31', '2027-07-14'];
    fc.assert(
      fc.property(
        fc.nat({ max: trains.length - 1 }),
        fc.nat({ max: stations.length - 1 }),
        fc.infiniteStream(fc.boolean()),
        fc.constantFrom(...dates),
        (t, other, choose, date) => {
          // Stations of one train, picked at random, with a station anywhere on either side.
          const own = (trains[t] as Train).stops;
          const from = new Set([...own.filter(() => choose.next().value), stations[other] as string]);
          const to = new Set([
            ...own.filter(() => choose.next().value),
            stations[stations.length - 1 - other] as string,
          ]);
          const want = referenceRides(trains, callingAt, from, to, date);
          expect(schedule.ridesBetween(from, to, date)).toEqual(want);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("gives each train's calls from any of its stations, and its ride between two of them", () => {
    fc.assert(
      fc.property(fc.nat({ max: trains.length - 1 }), fc.nat(), fc.nat(), (t, a, b) => {
        const number = (trains[t] as Train).number;
        const train = trains[byNumber.get(number) as number] as Train;
        const from = train.stops[a % train.stops.length] as string;
        const to = train.stops[b % train.stops.length] as string;
        const start = serviceStart('2026-12-05', train.departures[train.stops.indexOf(from)] as number);
        expect(schedule.callsOf(number, from, '2026-12-05')).toEqual(
          train.stops.map((code, i) => ({
            code,
            ...(i > 0 ? { arrival: start + (train.arrivals[i] as number) * 1000 } : {}),
            ...(i < train.stops.length - 1 ? { departure: start + (train.departures[i] as number) * 1000 } : {}),
          })),
        );
        const ride = referenceRides(trains, callingAt, [from], new Set([to]), '2026-12-05').find(
          (r) => (trains[r.train] as Train).number === number,
        );
        expect(schedule.ride(number, from, to, '2026-12-05')).toEqual(ride);
      }),
      { numRuns: 300 },
    );
    expect(schedule.callsOf('no such train', stations[0] as string, '2026-12-05')).toBeUndefined();
    const first = trains[byNumber.get((trains[0] as Train).number) as number] as Train;
    const elsewhere = stations.find((s) => !first.stops.includes(s)) as string;
    expect(schedule.callsOf(first.number, elsewhere, '2026-12-05')).toBeUndefined();
  });
});
