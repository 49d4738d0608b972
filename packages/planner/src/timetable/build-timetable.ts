import type { Timetable, TransferInput, TripInput } from './timetable';

/** True when trip b never runs ahead of trip a at any stop (both on one stop sequence). */
function followsWithoutOvertaking(a: TripInput, b: TripInput): boolean {
  for (let i = 0; i < a.stops.length; i++) {
    if ((b.departures[i] as number) < (a.departures[i] as number)) return false;
    if ((b.arrivals[i] as number) < (a.arrivals[i] as number)) return false;
  }
  return true;
}

/**
 * Groups trips into routes (same stops, same fares, no overtaking) and lays everything out in typed
 * arrays. Runs once per timetable; queries never allocate per connection.
 */
export function buildTimetable(input: {
  stopCount: number;
  stopChangeSec: ArrayLike<number>;
  trips: TripInput[];
  transfers: TransferInput[];
}): Timetable {
  const groups = new Map<string | number, TripInput[]>();
  for (const trip of input.trips) {
    if (trip.stops.length < 2) continue;
    const key =
      trip.pattern === undefined ? `${trip.stops.join(',')}|${trip.fareAt.join(',')}|${trip.boardFee}` : trip.pattern;
    const list = groups.get(key);
    if (list) list.push(trip);
    else groups.set(key, [trip]);
  }
  const routes: TripInput[][] = [];
  for (const trips of groups.values()) {
    trips.sort((a, b) => (a.departures[0] as number) - (b.departures[0] as number));
    const chains: TripInput[][] = [];
    for (const trip of trips) {
      const chain = chains.find((c) => followsWithoutOvertaking(c[c.length - 1] as TripInput, trip));
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
    const trips = routes[r] as TripInput[];
    const len = (trips[0] as TripInput).stops.length;
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
    const trips = routes[r] as TripInput[];
    const first = trips[0] as TripInput;
    const base = routeStopStart[r] as number;
    for (let i = 0; i < first.stops.length; i++) {
      routeStops[base + i] = first.stops[i] as number;
      routeFare[base + i] = first.fareAt[i] as number;
    }
    routeBoardFee[r] = first.boardFee;
    for (const trip of trips) {
      tripIds[t] = trip.id ?? String(t);
      tripTimeStart[t++] = time;
      for (let i = 0; i < trip.stops.length; i++) {
        arrival[time] = trip.arrivals[i] as number;
        departure[time] = trip.departures[i] as number;
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
