/** A list of strings read by index: an array, or strings kept in shared memory (`SharedStrings`). */
export type StringList = { readonly length: number; at(index: number): string | undefined };

/** Seconds in a day: a route's trips repeat on its days, each day this much after the day before it. */
export const DAY_SECONDS = 86_400;

/**
 * The timetable as struct-of-arrays. Every id is an index; lists are offset arrays:
 * the stops of route r are `routeStops[routeStopStart[r] .. routeStopStart[r + 1]]`.
 *
 * Times are seconds since the timetable's epoch (UTC midnight of its first service day), so trips on
 * several service days and in several time zones share one clock. Money is integer hundredths.
 *
 * A route is a set of trips with the same stop sequence and the same fares, whose trips never overtake
 * each other: the earliest trip that can be boarded is then the best one at every later stop. Its trips
 * are one day's pattern repeated on each of the route's days: a train that runs every day of a week is
 * one pattern trip and seven days, not seven trips, so a timetable of many days costs little more than
 * one of a day. Trip numbers count the route's trips day by day (`tripOf`).
 */
export type Timetable = {
  stopCount: number;
  /** Minimum time to change between two trips at this stop (airport or station connection time). */
  stopChangeSec: Uint32Array;

  routeCount: number;
  routeStopStart: Uint32Array;
  routeStops: Uint32Array;
  /** Cumulative fare along the route from its first stop; a ride from i to j costs `boardFee + fare[j] - fare[i]`. */
  routeFare: Int32Array;
  routeBoardFee: Int32Array;
  /** The pattern trips of route r, one day's: `routeTripStart[r] .. routeTripStart[r + 1]`, sorted by departure. */
  routeTripStart: Uint32Array;
  /**
   * Pattern trip p at position i of its route: `arrival[tripTimeStart[p] + i]`, `departure[…]`, seconds
   * from the start (UTC midnight) of the day it runs; a route's pattern trips lie one after another.
   */
  tripTimeStart: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
  /** The days route r runs, ascending, counted from the epoch: `routeDays[routeDayStart[r] .. routeDayStart[r + 1]]`. */
  routeDayStart: Uint32Array;
  routeDays: Int32Array;
  /** The number of route r's first trip: its trips are numbered day by day, `routeTripBase[r] .. routeTripBase[r + 1]`. */
  routeTripBase: Uint32Array;
  /** What each trip is called (flight or train number and date), by trip number: `tripIds.at(t)`. */
  tripIds: StringList;
  /** What each pattern trip is called, and each day (by its number from the epoch) where trips are dated. */
  tripNames: StringList;
  dayNames?: StringList;

  /** Routes calling at stop s: `stopRoutes[stopRouteStart[s] ..]`, with the position of s on that route. */
  stopRouteStart: Uint32Array;
  stopRoutes: Uint32Array;
  stopRoutePosition: Uint32Array;

  /** Ground transfers (walk, taxi) between stops, with duration and price. */
  transferStart: Uint32Array;
  transferTo: Uint32Array;
  transferSec: Uint32Array;
  transferPrice: Int32Array;

  /** The least run times along each route (`routeRunTimes`), when worked out ahead; else by the engine. */
  routeRuns?: Int32Array;
};

/** A trip of route r by its number: the pattern trip it runs, and when its day starts (seconds from the epoch). */
export function tripOf(tt: Timetable, r: number, trip: number): { pattern: number; dayStart: number } {
  const firstPattern = tt.routeTripStart[r] as number;
  const patterns = (tt.routeTripStart[r + 1] as number) - firstPattern;
  const local = trip - (tt.routeTripBase[r] as number);
  const day = Math.floor(local / patterns);
  return {
    pattern: firstPattern + local - day * patterns,
    dayStart: (tt.routeDays[(tt.routeDayStart[r] as number) + day] as number) * DAY_SECONDS,
  };
}

/** The route of a trip number (a binary search over the routes' first trips). */
export function routeOfTrip(tt: Timetable, trip: number): number {
  let lo = 0;
  let hi = tt.routeCount;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tt.routeTripBase[mid] as number) <= trip) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Trip ids by trip number from the names of the pattern trips and, where the trips are dated, the name
 * of each day (`G19 20261207`): worked out when asked, so a timetable of many days keeps one name a train.
 */
export class TripIds implements StringList {
  constructor(
    private readonly tt: Pick<
      Timetable,
      'routeCount' | 'routeTripStart' | 'routeDayStart' | 'routeDays' | 'routeTripBase'
    >,
    private readonly names: StringList,
    private readonly dayNames?: StringList,
  ) {}

  get length(): number {
    return this.tt.routeTripBase[this.tt.routeCount] as number;
  }

  at(trip: number): string | undefined {
    if (!(trip >= 0 && trip < this.length)) return undefined;
    const tt = this.tt as Timetable;
    const r = routeOfTrip(tt, trip);
    const firstPattern = tt.routeTripStart[r] as number;
    const patterns = (tt.routeTripStart[r + 1] as number) - firstPattern;
    const local = trip - (tt.routeTripBase[r] as number);
    const day = Math.floor(local / patterns);
    const name = this.names.at(firstPattern + local - day * patterns) ?? '';
    if (!this.dayNames) return name;
    return `${name} ${this.dayNames.at(tt.routeDays[(tt.routeDayStart[r] as number) + day] as number) ?? ''}`;
  }
}

/**
 * A trip as the builder takes it: one route's stop sequence with times, and its fares. With `days`, the
 * times are from the start of a day and the trip runs on each of those days (counted from the epoch);
 * without, the times are from the epoch and the trip runs once.
 */
export type TripInput = {
  id?: string;
  stops: number[];
  arrivals: number[];
  departures: number[];
  /** Cumulative fare at each stop (0 at the first), and the fee for boarding at all. */
  fareAt: number[];
  boardFee: number;
  days?: number[];
  /**
   * Trips with the same pattern number have the same stops, fares and boarding fee (a builder that knows
   * it saves comparing them); without one they are compared.
   */
  pattern?: number;
};

export type TransferInput = { from: number; to: number; seconds: number; price: number };
