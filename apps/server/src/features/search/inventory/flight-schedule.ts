import { toGtfsDate } from '@junction/domain';
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

/**
 * The world's scheduled flights from the flight GTFS feed (times in UTC, weekly service patterns), held
 * as parallel arrays and indexed by departure airport, so a day's departures from an airport are a scan
 * of a short sorted list.
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
  readonly airline: string[];
  readonly number: string[];
  private readonly firstDay: string[];
  private readonly lastDay: string[];
  /** Flights leaving each airport, sorted by departure second. */
  private readonly byOrigin: Uint32Array[];
  /** Flights of each route (origin × airports + destination), sorted by departure second. */
  private readonly byRoute = new Map<number, Uint32Array>();

  /** `stopPrefix`: the prefix the feed was read with, dropped from airport codes. */
  constructor(feed: GtfsFeed, stopPrefix = '') {
    const count = feed.trips.length;
    this.origin = new Uint32Array(count);
    this.destination = new Uint32Array(count);
    this.departureSec = new Int32Array(count);
    this.arrivalSec = new Int32Array(count);
    this.weekdays = new Uint8Array(count);
    this.airline = new Array(count);
    this.number = new Array(count);
    this.firstDay = new Array(count);
    this.lastDay = new Array(count);
    const lists: number[][] = [];
    let n = 0;
    for (const trip of feed.trips) {
      const times = feed.stopTimes.get(trip.id);
      const route = feed.routes.get(trip.routeId);
      const service = feed.calendar.get(trip.serviceId);
      if (!times || times.length < 2 || !route || !service) continue;
      const first = times[0] as (typeof times)[number];
      const last = times[times.length - 1] as (typeof times)[number];
      const o = this.airportId(first.stopId.slice(stopPrefix.length));
      this.origin[n] = o;
      this.destination[n] = this.airportId(last.stopId.slice(stopPrefix.length));
      this.departureSec[n] = first.departure;
      this.arrivalSec[n] = last.arrival;
      this.weekdays[n] = service.days;
      this.airline[n] = route.agencyId;
      this.number[n] = trip.shortName || trip.id;
      this.firstDay[n] = service.start;
      this.lastDay[n] = service.end;
      while (lists.length <= o) lists.push([]);
      (lists[o] as number[]).push(n);
      n++;
    }
    this.byOrigin = this.airports.map((_, a) => {
      const list = lists[a] ?? [];
      list.sort((x, y) => (this.departureSec[x] as number) - (this.departureSec[y] as number));
      return Uint32Array.from(list);
    });
    const routes = new Map<number, number[]>();
    for (const list of this.byOrigin) {
      for (const f of list) {
        const key = this.routeKey(this.origin[f] as number, this.destination[f] as number);
        const route = routes.get(key);
        if (route) route.push(f);
        else routes.set(key, [f]);
      }
    }
    for (const [key, list] of routes) this.byRoute.set(key, Uint32Array.from(list));
  }

  private routeKey(origin: number, destination: number): number {
    return origin * this.airports.length + destination;
  }

  get size(): number {
    return this.byOrigin.reduce((s, l) => s + l.length, 0);
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
    return this.scan(this.byOrigin[airport], fromMs, toMs, []).sort(
      (a, b) => a.departure - b.departure || a.flight - b.flight,
    );
  }

  /**
   * Flights from `airport` to any of `destinations` whose departure instant lies in [fromMs, toMs), in
   * the order of `departures` (by departure, then by flight): a connection's onward flights without a
   * look at every other flight leaving its hub.
   */
  departuresTo(airport: number, destinations: readonly number[], fromMs: number, toMs: number): FlightInstance[] {
    const out: FlightInstance[] = [];
    for (const d of destinations) this.scan(this.byRoute.get(this.routeKey(airport, d)), fromMs, toMs, out);
    // Flights leaving at the same moment (one on the day's own timetable, one past midnight of the day
    // before) in the order of their ids, whatever service day they were found on.
    return out.sort((a, b) => a.departure - b.departure || a.flight - b.flight);
  }

  /** Adds the flights of a list (sorted by departure second) departing in [fromMs, toMs) to `out`. */
  private scan(list: Uint32Array | undefined, fromMs: number, toMs: number, out: FlightInstance[]): FlightInstance[] {
    if (!list || list.length === 0) return out;
    const firstServiceDay = Math.floor(fromMs / 1000 / DAY) - 1;
    const lastServiceDay = Math.floor(toMs / 1000 / DAY);
    for (let day = firstServiceDay; day <= lastServiceDay; day++) {
      const dayStartMs = day * DAY * 1000;
      const bit = 1 << WEEKDAY_MONDAY_FIRST(new Date(dayStartMs).getUTCDay());
      const ymd = toGtfsDate(new Date(dayStartMs).toISOString().slice(0, 10));
      for (const f of list) {
        const dep = dayStartMs + (this.departureSec[f] as number) * 1000;
        if (dep < fromMs) continue;
        if (dep >= toMs) break;
        if (!((this.weekdays[f] as number) & bit)) continue;
        if (ymd < (this.firstDay[f] as string) || ymd > (this.lastDay[f] as string)) continue;
        out.push({ flight: f, departure: dep, arrival: dayStartMs + (this.arrivalSec[f] as number) * 1000 });
      }
    }
    return out;
  }
}
