import type { GtfsFeed } from '@junction/planner';

const DAY = 86_400;
const WEEKDAY_MONDAY_FIRST = (utcDay: number) => (utcDay + 6) % 7;

/** One scheduled flight on one day, as the inventory hands it out. */
export type FlightInstance = {
  flight: number;
  /** UTC instants, epoch milliseconds. */
  departure: number;
  arrival: number;
};

/** A GTFS date (`yyyymmdd`) as the number it spells, which orders dates as their text does. */
const dateNumber = (ymd: string): number => Number(ymd);

/** The UTC calendar day of an instant as the number `yyyymmdd`. */
function utcDateNumber(ms: number): number {
  const date = new Date(ms);
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/**
 * Groups flight ids by a key in `[0, groups)`: `ids` holds each group's flights one after the other,
 * group `g` at `[start[g], start[g + 1])`, in the order the ids were given.
 */
function groupBy(ids: Uint32Array, keyOf: (flight: number) => number, groups: number) {
  const start = new Uint32Array(groups + 1);
  for (const f of ids) (start[keyOf(f) + 1] as number)++;
  for (let g = 0; g < groups; g++) start[g + 1] = (start[g + 1] as number) + (start[g] as number);
  const next = start.slice(0, groups);
  const grouped = new Uint32Array(ids.length);
  for (const f of ids) {
    const g = keyOf(f);
    grouped[next[g] as number] = f;
    next[g] = (next[g] as number) + 1;
  }
  return { start, ids: grouped };
}

/**
 * The world's scheduled flights from the flight GTFS feed (times in UTC, weekly service patterns), held
 * as parallel typed arrays and indexed by departure airport and by route, so a day's departures from an
 * airport are a scan of a short sorted run of flight ids.
 */
export class FlightSchedule {
  readonly airports: string[] = [];
  private readonly airportIndex = new Map<string, number>();
  readonly origin: Uint32Array;
  readonly destination: Uint32Array;
  /** Seconds after the UTC midnight of the service day. */
  readonly departureSec: Int32Array;
  readonly arrivalSec: Int32Array;
  /** Bit 0 = Monday. */
  readonly weekdays: Uint8Array;
  /** The distinct airline codes; each flight's is `airlines[airlineId[flight]]`. */
  private readonly airlines: string[] = [];
  private readonly airlineId: Uint16Array;
  /** Every flight's number, one after the other: flight `f`'s is `[numberStart[f], numberStart[f + 1])`. */
  private readonly numberText: string;
  private readonly numberStart: Uint32Array;
  /** First and last days of each flight's service, as numbers `yyyymmdd`. */
  private readonly firstDay: Int32Array;
  private readonly lastDay: Int32Array;
  /** Flights leaving each airport, sorted by departure second: airport `a`'s at `[originStart[a], originStart[a + 1])`. */
  private readonly byOrigin: Uint32Array;
  private readonly originStart: Uint32Array;
  /** Flights of each route, sorted by departure second: route `r`'s at `[routeStart[r], routeStart[r + 1])`. */
  private readonly byRoute: Uint32Array;
  private readonly routeStart: Uint32Array;
  /** Route key (origin × airports + destination) → the route's place in `routeStart`. */
  private readonly routeIndex = new Map<number, number>();
  private readonly count: number;

  /** `stopPrefix`: the prefix the feed was read with, dropped from airport codes. */
  constructor(feed: GtfsFeed, stopPrefix = '') {
    const count = feed.trips.length;
    this.origin = new Uint32Array(count);
    this.destination = new Uint32Array(count);
    this.departureSec = new Int32Array(count);
    this.arrivalSec = new Int32Array(count);
    this.weekdays = new Uint8Array(count);
    this.airlineId = new Uint16Array(count);
    this.numberStart = new Uint32Array(count + 1);
    this.firstDay = new Int32Array(count);
    this.lastDay = new Int32Array(count);
    const airlineIndex = new Map<string, number>();
    const numbers: string[] = [];
    let length = 0;
    let n = 0;
    for (const trip of feed.trips) {
      const times = feed.stopTimes.get(trip.id);
      const route = feed.routes.get(trip.routeId);
      const service = feed.calendar.get(trip.serviceId);
      if (!times || times.length < 2 || !route || !service) continue;
      const first = times[0] as (typeof times)[number];
      const last = times[times.length - 1] as (typeof times)[number];
      this.origin[n] = this.airportId(first.stopId.slice(stopPrefix.length));
      this.destination[n] = this.airportId(last.stopId.slice(stopPrefix.length));
      this.departureSec[n] = first.departure;
      this.arrivalSec[n] = last.arrival;
      this.weekdays[n] = service.days;
      let airline = airlineIndex.get(route.agencyId);
      if (airline === undefined) {
        airline = this.airlines.length;
        if (airline > 0xffff) throw new Error('more airlines than a flight schedule holds');
        this.airlines.push(route.agencyId);
        airlineIndex.set(route.agencyId, airline);
      }
      this.airlineId[n] = airline;
      const number = trip.shortName || trip.id;
      numbers.push(number);
      length += number.length;
      this.numberStart[n + 1] = length;
      this.firstDay[n] = dateNumber(service.start);
      this.lastDay[n] = dateNumber(service.end);
      n++;
    }
    this.count = n;
    this.numberText = numbers.join('');
    const airports = this.airports.length;
    // Every flight by departure second (then by id), grouped by origin, then by route: the order of the
    // groups is free, the order within each group is by departure.
    const ids = Uint32Array.from({ length: n }, (_, f) => f);
    ids.sort((x, y) => (this.departureSec[x] as number) - (this.departureSec[y] as number) || x - y);
    const origins = groupBy(ids, (f) => this.origin[f] as number, airports);
    this.byOrigin = origins.ids;
    this.originStart = origins.start;
    const routeOf = new Uint32Array(n);
    for (const f of this.byOrigin) {
      const key = this.routeKey(this.origin[f] as number, this.destination[f] as number);
      let route = this.routeIndex.get(key);
      if (route === undefined) {
        route = this.routeIndex.size;
        this.routeIndex.set(key, route);
      }
      routeOf[f] = route;
    }
    const routes = groupBy(ids, (f) => routeOf[f] as number, this.routeIndex.size);
    this.byRoute = routes.ids;
    this.routeStart = routes.start;
  }

  private routeKey(origin: number, destination: number): number {
    return origin * this.airports.length + destination;
  }

  get size(): number {
    return this.count;
  }

  /** The code of the airline operating a flight. */
  airlineOf(flight: number): string {
    return this.airlines[this.airlineId[flight] as number] as string;
  }

  /** A flight's number (the trip's short name, else its id). */
  numberOf(flight: number): string {
    return this.numberText.slice(this.numberStart[flight], this.numberStart[flight + 1]);
  }

  private airportId(code: string): number {
    let id = this.airportIndex.get(code);
    if (id === undefined) {
      id = this.airports.length;
      this.airports.push(code);
      this.airportIndex.set(code, id);
    }
    return id;
  }

  indexOf(code: string): number | undefined {
    return this.airportIndex.get(code);
  }

  /** Flights leaving `airport` whose departure instant lies in [fromMs, toMs). */
  departures(airport: number, fromMs: number, toMs: number): FlightInstance[] {
    const out: FlightInstance[] = [];
    const start = this.originStart[airport];
    const end = this.originStart[airport + 1];
    if (start !== undefined && end !== undefined) this.scan(this.byOrigin, start, end, fromMs, toMs, out);
    return out.sort((a, b) => a.departure - b.departure || a.flight - b.flight);
  }

  /**
   * Flights from `airport` to any of `destinations` whose departure instant lies in [fromMs, toMs), in
   * the order of `departures` (by departure, then by flight): a connection's onward flights without a
   * look at every other flight leaving its hub.
   */
  departuresTo(airport: number, destinations: readonly number[], fromMs: number, toMs: number): FlightInstance[] {
    const out: FlightInstance[] = [];
    for (const d of destinations) {
      const route = this.routeIndex.get(this.routeKey(airport, d));
      if (route === undefined) continue;
      this.scan(
        this.byRoute,
        this.routeStart[route] as number,
        this.routeStart[route + 1] as number,
        fromMs,
        toMs,
        out,
      );
    }
    // Flights leaving at the same moment (one on the day's own timetable, one past midnight of the day
    // before) in the order of their ids, whatever service day they were found on.
    return out.sort((a, b) => a.departure - b.departure || a.flight - b.flight);
  }

  /**
   * Adds the flights of `list[start, end)` (sorted by departure second) departing in [fromMs, toMs) to
   * `out`, service day by service day.
   */
  private scan(
    list: Uint32Array,
    start: number,
    end: number,
    fromMs: number,
    toMs: number,
    out: FlightInstance[],
  ): void {
    if (start >= end) return;
    const firstServiceDay = Math.floor(fromMs / 1000 / DAY) - 1;
    const lastServiceDay = Math.floor(toMs / 1000 / DAY);
    for (let day = firstServiceDay; day <= lastServiceDay; day++) {
      const dayStartMs = day * DAY * 1000;
      const bit = 1 << WEEKDAY_MONDAY_FIRST(new Date(dayStartMs).getUTCDay());
      const ymd = utcDateNumber(dayStartMs);
      for (let k = start; k < end; k++) {
        const f = list[k] as number;
        const dep = dayStartMs + (this.departureSec[f] as number) * 1000;
        if (dep < fromMs) continue;
        if (dep >= toMs) break;
        if (!((this.weekdays[f] as number) & bit)) continue;
        if (ymd < (this.firstDay[f] as number) || ymd > (this.lastDay[f] as number)) continue;
        out.push({ flight: f, departure: dep, arrival: dayStartMs + (this.arrivalSec[f] as number) * 1000 });
      }
    }
  }
}
