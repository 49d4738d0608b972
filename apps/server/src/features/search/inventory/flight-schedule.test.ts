import { toGtfsDate } from '@junction/domain';
import { type GtfsFeed, readGtfsZip } from '@junction/planner';
import { readGtfsFeedBytes } from '@junction/refdata';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FlightInstance, FlightSchedule } from './flight-schedule';

const DAY_MS = 86_400_000;

/** A flight of the feed as a schedule should give it back, read straight off the feed's rows. */
type Row = {
  origin: string;
  destination: string;
  departure: number;
  arrival: number;
  days: number;
  start: string;
  end: string;
  airline: string;
  number: string;
};

/** The feed's flights in the order of its trips, without trips lacking two stops, a route or a service. */
function rowsOf(feed: GtfsFeed, prefix: string): Row[] {
  return feed.trips.flatMap((trip) => {
    const times = feed.stopTimes.get(trip.id) ?? [];
    const route = feed.routes.get(trip.routeId);
    const service = feed.calendar.get(trip.serviceId);
    const first = times[0];
    const last = times[times.length - 1];
    if (times.length < 2 || !route || !service || !first || !last) return [];
    return [
      {
        origin: first.stopId.slice(prefix.length),
        destination: last.stopId.slice(prefix.length),
        departure: first.departure,
        arrival: last.arrival,
        days: service.days,
        start: service.start,
        end: service.end,
        airline: route.agencyId,
        number: trip.shortName || trip.id,
      },
    ];
  });
}

/**
 * The flights among `flights` (ids into `rows`) that leave in [fromMs, toMs), to one of `destinations`
 * when given: each flight on every UTC day its service runs (weekday and date range), at its departure
 * second after that day's midnight; by departure, then by id.
 */
function reference(
  rows: Row[],
  flights: readonly number[],
  fromMs: number,
  toMs: number,
  destinations?: ReadonlySet<string>,
): FlightInstance[] {
  const out: FlightInstance[] = [];
  for (const flight of flights) {
    const row = rows[flight] as Row;
    if (destinations && !destinations.has(row.destination)) continue;
    for (let day = Math.ceil((fromMs - row.departure * 1000) / DAY_MS); ; day++) {
      const midnight = day * DAY_MS;
      const departure = midnight + row.departure * 1000;
      if (departure >= toMs) break;
      const date = new Date(midnight);
      const weekday = (date.getUTCDay() + 6) % 7;
      const ymd = toGtfsDate(date.toISOString().slice(0, 10));
      if (!(row.days & (1 << weekday)) || ymd < row.start || ymd > row.end) continue;
      out.push({ flight, departure, arrival: midnight + row.arrival * 1000 });
    }
  }
  return out.sort((a, b) => a.departure - b.departure || a.flight - b.flight);
}

describe('the flight schedule of the real feed', () => {
  let schedule: FlightSchedule;
  let rows: Row[];
  /** Flight ids by origin airport code. */
  const leaving = new Map<string, number[]>();
  /** The first and last service days of the feed, as UTC midnights. */
  let firstMs = 0;
  let lastMs = 0;

  beforeAll(() => {
    const feed = readGtfsZip(readGtfsFeedBytes('flights'), 'air:');
    schedule = new FlightSchedule(feed, 'air:');
    rows = rowsOf(feed, 'air:');
    rows.forEach((row, f) => {
      const list = leaving.get(row.origin) ?? [];
      list.push(f);
      leaving.set(row.origin, list);
    });
    const day = (ymd: string) => Date.parse(`${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}T00:00:00Z`);
    firstMs = Math.min(...rows.map((r) => day(r.start)));
    lastMs = Math.max(...rows.map((r) => day(r.end)));
  });

  it('holds every flight of the feed with its airports, airline and number', () => {
    expect(rows.length).toBeGreaterThan(10_000);
    expect(schedule.size).toBe(rows.length);
    const held = rows.map((_, f) => ({
      origin: schedule.airports[schedule.origin[f] as number],
      destination: schedule.airports[schedule.destination[f] as number],
      airline: schedule.airlineOf(f),
      number: schedule.numberOf(f),
    }));
    expect(held).toEqual(
      rows.map(({ origin, destination, airline, number }) => ({ origin, destination, airline, number })),
    );
    for (const [code, list] of leaving) expect(schedule.origin[list[0] as number]).toBe(schedule.indexOf(code));
  });

  it("gives every airport's departures as a look at all its flights does, within and across the service periods' ends", () => {
    const windows = [
      [Date.parse('2026-12-05T00:00:00Z'), DAY_MS],
      [Date.parse('2027-03-14T17:30:00Z'), 9 * 3600_000],
      [firstMs - 12 * 3600_000, DAY_MS],
      [lastMs + 12 * 3600_000, DAY_MS],
    ] as const;
    let found = 0;
    for (const [fromMs, length] of windows) {
      for (const [a, code] of schedule.airports.entries()) {
        const want = reference(rows, leaving.get(code) ?? [], fromMs, fromMs + length);
        expect(schedule.departures(a, fromMs, fromMs + length), `${code} from ${fromMs}`).toEqual(want);
        found += want.length;
      }
    }
    expect(found).toBeGreaterThan(10_000);
  });

  it('gives the departures of any window from any airport, and those of any of its routes', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: rows.length - 1 }),
        fc.integer({ min: firstMs - 3 * DAY_MS, max: lastMs + 2 * DAY_MS }),
        fc.integer({ min: 0, max: 3 * DAY_MS }),
        fc.infiniteStream(fc.boolean()),
        (flight, fromMs, length, choose) => {
          // An airport with flights: that of a flight picked at random, so busy airports come up most.
          const origin = (rows[flight] as Row).origin;
          const a = schedule.indexOf(origin) as number;
          const own = leaving.get(origin) ?? [];
          const toMs = fromMs + length;
          expect(schedule.departures(a, fromMs, toMs)).toEqual(reference(rows, own, fromMs, toMs));
          // Some of its destinations, and an airport it has no flight to.
          const destinations = [...new Set(own.map((f) => (rows[f] as Row).destination))].filter(
            () => choose.next().value,
          );
          destinations.push(origin);
          const ids = destinations.map((code) => schedule.indexOf(code) as number);
          expect(schedule.departuresTo(a, ids, fromMs, toMs)).toEqual(
            reference(rows, own, fromMs, toMs, new Set(destinations)),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives no departures from an airport it does not know', () => {
    const from = Date.parse('2026-12-05T00:00:00Z');
    expect(schedule.departures(schedule.airports.length, from, from + DAY_MS)).toEqual([]);
    expect(schedule.departures(-1, from, from + DAY_MS)).toEqual([]);
    expect(schedule.departuresTo(schedule.airports.length, [0, 1], from, from + DAY_MS)).toEqual([]);
  });
});
