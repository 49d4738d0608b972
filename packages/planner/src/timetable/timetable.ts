/** A list of strings read by index: an array, or strings kept in shared memory (`SharedStrings`). */
export type StringList = { readonly length: number; at(index: number): string | undefined };

/** The static graph the lower bounds search backwards over (see `raptor/lower-bounds.ts`). */
export type BoundGraph = {
  /** Reverse edges: those ending at v are `edgeFrom[edgeStart[v] .. edgeStart[v + 1]]`. */
  edgeStart: Int32Array;
  edgeFrom: Int32Array;
  edgeSec: Int32Array;
  edgePrice: Int32Array;
};

/**
 * The timetable as struct-of-arrays. Every id is an index; lists are offset arrays:
 * the stops of route r are `routeStops[routeStopStart[r] .. routeStopStart[r + 1]]`.
 *
 * Times are seconds since the timetable's epoch (UTC midnight of its first service day), so trips on
 * several service days and in several time zones share one clock. Money is integer hundredths.
 *
 * A route is a set of trips with the same stop sequence and the same fares, whose trips never overtake
 * each other: the earliest trip that can be boarded is then the best one at every later stop.
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
  /** Trips of route r: `routeTripStart[r] .. routeTripStart[r + 1]`, sorted by departure. */
  routeTripStart: Uint32Array;
  /** Trip t at position i of its route: `arrival[tripTimeStart[t] + i]`, `departure[…]`. */
  tripTimeStart: Uint32Array;
  arrival: Int32Array;
  departure: Int32Array;
  /** The id each trip had in its feed (flight or train number and date), by trip index: `tripIds.at(t)`. */
  tripIds: StringList;

  /** Routes calling at stop s: `stopRoutes[stopRouteStart[s] ..]`, with the position of s on that route. */
  stopRouteStart: Uint32Array;
  stopRoutes: Uint32Array;
  stopRoutePosition: Uint32Array;

  /** Ground transfers (walk, taxi) between stops, with duration and price. */
  transferStart: Uint32Array;
  transferTo: Uint32Array;
  transferSec: Uint32Array;
  transferPrice: Int32Array;

  /** The lower-bound graph, when it was built ahead (a shared timetable carries it); else built by the engine. */
  boundGraph?: BoundGraph;
  /** The least run times along each route (`routeRunTimes`), when worked out ahead; else by the engine. */
  routeRuns?: Int32Array;
};

/** A trip as the builder takes it: one route's stop sequence with times, and its fares. */
export type TripInput = {
  id?: string;
  stops: number[];
  arrivals: number[];
  departures: number[];
  /** Cumulative fare at each stop (0 at the first), and the fee for boarding at all. */
  fareAt: number[];
  boardFee: number;
  /**
   * Trips with the same pattern number have the same stops, fares and boarding fee (a builder that knows
   * it saves comparing them); without one they are compared.
   */
  pattern?: number;
};

export type TransferInput = { from: number; to: number; seconds: number; price: number };
