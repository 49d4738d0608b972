import type { Timetable, TransferInput, TripInput } from './timetable';

/**
 * Trips as the builder reads them, by index: from `TripInput`s, or straight from other columns (a GTFS
 * timetable's days of its feed trips) without making an object per trip.
 */
export type TripSource = {
  readonly count: number;
  stops(t: number): ArrayLike<number>;
  fareAt(t: number): ArrayLike<number>;
  boardFee(t: number): number;
  /** Trips with the same pattern have the same stops, fares and boarding fee; undefined: compare them. */
  pattern(t: number): number | undefined;
  arrival(t: number, i: number): number;
  departure(t: number, i: number): number;
  id(t: number): string | undefined;
};

const inputSource = (trips: TripInput[]): TripSource => ({
  count: trips.length,
  stops: (t) => (trips[t] as TripInput).stops,
  fareAt: (t) => (trips[t] as TripInput).fareAt,
  boardFee: (t) => (trips[t] as TripInput).boardFee,
  pattern: (t) => (trips[t] as TripInput).pattern,
  arrival: (t, i) => (trips[t] as TripInput).arrivals[i] as number,
  departure: (t, i) => (trips[t] as TripInput).departures[i] as number,
  id: (t) => (trips[t] as TripInput).id,
});

/**
 * Groups trips into routes (same stops, same fares, no overtaking) and lays everything out in typed
 * arrays. Runs once per timetable; queries never allocate per connection.
 */
export function buildTimetable(input: {
  stopCount: number;
  stopChangeSec: ArrayLike<number>;
  trips: TripInput[] | TripSource;
  transfers: TransferInput[];
}): Timetable {
  const source = Array.isArray(input.trips) ? inputSource(input.trips) : input.trips;
  /** True when trip b never runs ahead of trip a at any stop (both on one stop sequence). */
  const followsWithoutOvertaking = (a: number, b: number): boolean => {
    const n = source.stops(a).length;
    for (let i = 0; i < n; i++) {
      if (source.departure(b, i) < source.departure(a, i)) return false;
      if (source.arrival(b, i) < source.arrival(a, i)) return false;
    }
    return true;
  };
  const groups = new Map<string | number, number[]>();
  for (let trip = 0; trip < source.count; trip++) {
    const stops = source.stops(trip);
    if (stops.length < 2) continue;
    const pattern = source.pattern(trip);
    const key =
      pattern === undefined
        ? `${Array.prototype.join.call(stops, ',')}|${Array.prototype.join.call(source.fareAt(trip), ',')}|${source.boardFee(trip)}`
        : pattern;
    const list = groups.get(key);
    if (list) list.push(trip);
    else groups.set(key, [trip]);
  }
  const routes: number[][] = [];
  for (const trips of groups.values()) {
    trips.sort((a, b) => source.departure(a, 0) - source.departure(b, 0));
    const chains: number[][] = [];
    for (const trip of trips) {
      const chain = chains.find((c) => followsWithoutOvertaking(c[c.length - 1] as number, trip));
      if (chain) chain.push(trip);
      else chains.push([trip]);
    }
    routes.push(...chains);
  }

  const routeCount = routes.length;
  const routeStopStart = new Uint32Array(routeCount + 1);
  const routeTripStart = new Uint32Array(routeCount + 1);
  let stopTotal = 0;
  let tripTotal = 0;
  let timeTotal = 0;
  for (let r = 0; r < routeCount; r++) {
    const trips = routes[r] as number[];
    const len = source.stops(trips[0] as number).length;
    routeStopStart[r] = stopTotal;
    routeTripStart[r] = tripTotal;
    stopTotal += len;
    tripTotal += trips.length;
    timeTotal += len * trips.length;
  }
  routeStopStart[routeCount] = stopTotal;
  routeTripStart[routeCount] = tripTotal;

  const routeStops = new Uint32Array(stopTotal);
  const routeFare = new Int32Array(stopTotal);
  const routeBoardFee = new Int32Array(routeCount);
  const tripTimeStart = new Uint32Array(tripTotal);
  const tripIds: string[] = new Array(tripTotal);
  const arrival = new Int32Array(timeTotal);
  const departure = new Int32Array(timeTotal);
  let t = 0;
  let time = 0;
  for (let r = 0; r < routeCount; r++) {
    const trips = routes[r] as number[];
    const first = trips[0] as number;
    const stops = source.stops(first);
    const fareAt = source.fareAt(first);
    const base = routeStopStart[r] as number;
    for (let i = 0; i < stops.length; i++) {
      routeStops[base + i] = stops[i] as number;
      routeFare[base + i] = fareAt[i] as number;
    }
    routeBoardFee[r] = source.boardFee(first);
    for (const trip of trips) {
      tripIds[t] = source.id(trip) ?? String(t);
      tripTimeStart[t++] = time;
      for (let i = 0; i < stops.length; i++) {
        arrival[time] = source.arrival(trip, i);
        departure[time] = source.departure(trip, i);
        time++;
      }
    }
  }

  // Routes by stop, for finding what to scan when a stop improves.
  const stopRouteCount = new Uint32Array(input.stopCount + 1);
  for (let i = 0; i < stopTotal; i++) (stopRouteCount[(routeStops[i] as number) + 1] as number)++;
  const stopRouteStart = new Uint32Array(input.stopCount + 1);
  for (let s = 0; s < input.stopCount; s++)
    stopRouteStart[s + 1] = (stopRouteStart[s] as number) + (stopRouteCount[s + 1] as number);
  const fill = stopRouteStart.slice(0, input.stopCount);
  const stopRoutes = new Uint32Array(stopTotal);
  const stopRoutePosition = new Uint32Array(stopTotal);
  for (let r = 0; r < routeCount; r++) {
    for (let i = routeStopStart[r] as number; i < (routeStopStart[r + 1] as number); i++) {
      const s = routeStops[i] as number;
      const slot = fill[s] as number;
      fill[s] = slot + 1;
      stopRoutes[slot] = r;
      stopRoutePosition[slot] = i - (routeStopStart[r] as number);
    }
  }

  const transfers = [...input.transfers].sort((a, b) => a.from - b.from);
  const transferStart = new Uint32Array(input.stopCount + 1);
  for (const tr of transfers) (transferStart[tr.from + 1] as number)++;
  for (let s = 0; s < input.stopCount; s++)
    transferStart[s + 1] = (transferStart[s + 1] as number) + (transferStart[s] as number);
  const transferTo = new Uint32Array(transfers.length);
  const transferSec = new Uint32Array(transfers.length);
  const transferPrice = new Int32Array(transfers.length);
  transfers.forEach((tr, i) => {
    transferTo[i] = tr.to;
    transferSec[i] = tr.seconds;
    transferPrice[i] = tr.price;
  });

  return {
    stopCount: input.stopCount,
    stopChangeSec: Uint32Array.from(input.stopChangeSec),
    routeCount,
    routeStopStart,
    routeStops,
    routeFare,
    routeBoardFee,
    routeTripStart,
    tripTimeStart,
    arrival,
    departure,
    tripIds,
    stopRouteStart,
    stopRoutes,
    stopRoutePosition,
    transferStart,
    transferTo,
    transferSec,
    transferPrice,
  };
}
