import type { GtfsFeed } from '@junction/planner';
import { CodeColumn, Codes, Groups, PackedStrings } from '@junction/refdata';

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
 * The world's scheduled flights from the flight GTFS feed (times in UTC, weekly service patterns), held
 * as parallel typed arrays and indexed by departure airport and by route, so a day's departures from an
 * airport are a scan of a short sorted run of flight ids.
 */
export class FlightSchedule {
  private readonly airportCodes = new Codes();
  /** Airport codes by airport id, the ids `origin` and `destination` hold. */
  readonly airports: readonly string[] = this.airportCodes.list;
  readonly origin: Uint32Array;
  readonly destination: Uint32Array;
  /** Seconds after the UTC midnight of the service day. */
  readonly departureSec: Int32Array;
  readonly arrivalSec: Int32Array;
  /** Bit 0 = Monday. */
  readonly weekdays: Uint8Array;
  private readonly airlines: CodeColumn;
  private readonly numbers: PackedStrings;
  /** First and last days of each flight's service, as numbers `yyyymmdd`. */
  private readonly firstDay: Int32Array;
  private readonly lastDay: Int32Array;
  /** Flights leaving each airport, by airport id, sorted by departure second. */
  private readonly byOrigin: Groups;
  /** Flights of each route, by route key (`routeKey`), sorted by departure second. */
  private readonly byRoute: Groups;

  /** `stopPrefix`: the prefix the feed was read with, dropped from airport codes. */
  constructor(feed: GtfsFeed, stopPrefix = '') {
    const count = feed.trips.length;
    this.origin = new Uint32Array(count);
    this.destination = new Uint32Array(count);
    this.departureSec = new Int32Array(count);
    this.arrivalSec = new Int32Array(count);
    this.weekdays = new Uint8Array(count);
    this.firstDay = new Int32Array(count);
    this.lastDay = new Int32Array(count);
    const airlines: string[] = [];
    const numbers: string[] = [];
    let n = 0;
    for (const trip of feed.trips) {
      const times = feed.stopTimes.get(trip.id);
      const route = feed.routes.get(trip.routeId);
      const service = feed.calendar.get(trip.serviceId);
      if (!times || times.length < 2 || !route || !service) continue;
      const first = times[0] as (typeof times)[number];
      const last = times[times.length - 1] as (typeof times)[number];
      this.origin[n] = this.airportCodes.idOf(first.stopId.slice(stopPrefix.length));
      this.destination[n] = this.airportCodes.idOf(last.stopId.slice(stopPrefix.length));
      this.departureSec[n] = first.departure;
      this.arrivalSec[n] = last.arrival;
      this.weekdays[n] = service.days;
      airlines.push(route.agencyId);
      numbers.push(trip.shortName || trip.id);
      this.firstDay[n] = dateNumber(service.start);
      this.lastDay[n] = dateNumber(service.end);
      n++;
    }
    this.airlines = CodeColumn.of(airlines);
    this.numbers = PackedStrings.of(numbers);
    // Flights by departure second (then by id), grouped by origin and by route.
    const ids = Uint32Array.from({ length: n }, (_, f) => f);
    ids.sort((x, y) => (this.departureSec[x] as number) - (this.departureSec[y] as number) || x - y);
    this.byOrigin = new Groups(this.origin, ids);
    this.byRoute = new Groups(
      Array.from({ length: n }, (_, f) => this.routeKey(this.origin[f] as number, this.destination[f] as number)),
      ids,
    );
  }

  private routeKey(origin: number, destination: number): number {
    return origin * this.airports.length + destination;
  }

  get size(): number {
    return this.numbers.length;
  }

  /** The code of the airline operating a flight. */
  airlineOf(flight: number): string {
    return this.airlines.get(flight);
  }

  /** A flight's number (the trip's short name, else its id). */
  numberOf(flight: number): string {
    return this.numbers.get(flight);
  }

  indexOf(code: string): number | undefined {
    return this.airportCodes.find(code);
  }

  /** Flights leaving `airport` whose departure instant lies in [fromMs, toMs). */
  departures(airport: number, fromMs: number, toMs: number): FlightInstance[] {
    return this.scan(this.byOrigin.get(airport), fromMs, toMs, []).sort(
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
  private scan(list: Uint32Array, fromMs: number, toMs: number, out: FlightInstance[]): FlightInstance[] {
    if (list.length === 0) return out;
    const firstServiceDay = Math.floor(fromMs / 1000 / DAY) - 1;
    const lastServiceDay = Math.floor(toMs / 1000 / DAY);
    for (let day = firstServiceDay; day <= lastServiceDay; day++) {
      const dayStartMs = day * DAY * 1000;
      const bit = 1 << WEEKDAY_MONDAY_FIRST(new Date(dayStartMs).getUTCDay());
      const ymd = utcDateNumber(dayStartMs);
      for (const f of list) {
        const dep = dayStartMs + (this.departureSec[f] as number) * 1000;
        if (dep < fromMs) continue;
        if (dep >= toMs) break;
        if (!((this.weekdays[f] as number) & bit)) continue;
        if (ymd < (this.firstDay[f] as number) || ymd > (this.lastDay[f] as number)) continue;
        out.push({ flight: f, departure: dep, arrival: dayStartMs + (this.arrivalSec[f] as number) * 1000 });
      }
    }
    return out;
  }
}
