import { DAY_SECONDS, type StringList, type Timetable, type TransferInput, TripIds, type TripInput } from './timetable';

/**
 * Trips as the builder reads them, by index: from `TripInput`s, or straight from other columns (a GTFS
 * feed's trips with the days they run) without making an object per trip.
 */
export type TripSource = {
  readonly count: number;
  stops(t: number): ArrayLike<number>;
  fareAt(t: number): ArrayLike<number>;
  boardFee(t: number): number;
  /** Trips with the same pattern have the same stops, fares and boarding fee; undefined: compare them. */
  pattern(t: number): number | undefined;
  /** Seconds from the start of each day the trip runs. */
  arrival(t: number, i: number): number;
  departure(t: number, i: number): number;
  /** The days the trip runs, ascending, counted from the epoch. */
  days(t: number): ArrayLike<number>;
  id(t: number): string | undefined;
};

const ONCE = [0];

const inputSource = (trips: TripInput[]): TripSource => ({
  count: trips.length,
  stops: (t) => (trips[t] as TripInput).stops,
  fareAt: (t) => (trips[t] as TripInput).fareAt,
  boardFee: (t) => (trips[t] as TripInput).boardFee,
  pattern: (t) => (trips[t] as TripInput).pattern,
  arrival: (t, i) => (trips[t] as TripInput).arrivals[i] as number,
  departure: (t, i) => (trips[t] as TripInput).departures[i] as number,
  days: (t) => (trips[t] as TripInput).days ?? ONCE,
  id: (t) => (trips[t] as TripInput).id,
});

/**
 * Groups trips into routes (same stops, same fares, same days, no overtaking, on any day or the next it
 * runs) and lays everything out in typed arrays: each route keeps one day's trips and the days they run.
 * Runs once per timetable; queries never allocate per connection. `dayNames` names the days for the trip
 * ids (`G19 20261207`); without it a trip is called by its id alone.
 */
export function buildTimetable(input: {
  stopCount: number;
  stopChangeSec: ArrayLike<number>;
  trips: TripInput[] | TripSource;
  transfers: TransferInput[];
  dayNames?: StringList;
}): Timetable {
  const source = Array.isArray(input.trips) ? inputSource(input.trips) : input.trips;
  const groups = groupTrips(source);
  const routes = groups.flatMap(({ trips, days }) => chains(source, trips, days).map((chain) => ({ chain, days })));

  const routeCount = routes.length;
  const routeStopStart = new Uint32Array(routeCount + 1);
  const routeTripStart = new Uint32Array(routeCount + 1);
  const routeDayStart = new Uint32Array(routeCount + 1);
  const routeTripBase = new Uint32Array(routeCount + 1);
  let stopTotal = 0;
  let patternTotal = 0;
  let timeTotal = 0;
  let dayTotal = 0;
  let tripTotal = 0;
  for (let r = 0; r < routeCount; r++) {
    const { chain, days } = routes[r] as (typeof routes)[number];
    const len = source.stops(chain[0] as number).length;
    routeStopStart[r] = stopTotal;
    routeTripStart[r] = patternTotal;
    routeDayStart[r] = dayTotal;
    routeTripBase[r] = tripTotal;
    stopTotal += len;
    patternTotal += chain.length;
    timeTotal += len * chain.length;
    dayTotal += days.length;
    tripTotal += chain.length * days.length;
  }
  routeStopStart[routeCount] = stopTotal;
  routeTripStart[routeCount] = patternTotal;
  routeDayStart[routeCount] = dayTotal;
  routeTripBase[routeCount] = tripTotal;

  const routeStops = new Uint32Array(stopTotal);
  const routeFare = new Int32Array(stopTotal);
  const routeBoardFee = new Int32Array(routeCount);
  const tripTimeStart = new Uint32Array(patternTotal);
  const names: string[] = new Array(patternTotal);
  const arrival = new Int32Array(timeTotal);
  const departure = new Int32Array(timeTotal);
  const routeDays = new Int32Array(dayTotal);
  let p = 0;
  let time = 0;
  for (let r = 0; r < routeCount; r++) {
    const { chain, days } = routes[r] as (typeof routes)[number];
    const first = chain[0] as number;
    const stops = source.stops(first);
    const fareAt = source.fareAt(first);
    const base = routeStopStart[r] as number;
    for (let i = 0; i < stops.length; i++) {
      routeStops[base + i] = stops[i] as number;
      routeFare[base + i] = fareAt[i] as number;
    }
    routeBoardFee[r] = source.boardFee(first);
    routeDays.set(days, routeDayStart[r] as number);
    for (const trip of chain) {
      names[p] = source.id(trip) ?? String(p);
      tripTimeStart[p++] = time;
      for (let i = 0; i < stops.length; i++) {
        arrival[time] = source.arrival(trip, i);
        departure[time] = source.departure(trip, i);
        time++;
      }
    }
  }
  const timetable = {
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
    routeDayStart,
    routeDays,
    routeTripBase,
    ...stopRoutes(input.stopCount, routeCount, routeStopStart, routeStops),
    ...transfersOf(input.stopCount, input.transfers),
  };
  return {
    ...timetable,
    tripIds: new TripIds(timetable, names, input.dayNames),
    tripNames: names,
    ...(input.dayNames ? { dayNames: input.dayNames } : {}),
  };
}

/** Trips with the same stops, fares, boarding fee and days, each group with its days. */
function groupTrips(source: TripSource): { trips: number[]; days: number[] }[] {
  const dayLists = new Map<string, number>();
  const groups = new Map<string, { trips: number[]; days: number[] }>();
  for (let trip = 0; trip < source.count; trip++) {
    const stops = source.stops(trip);
    const days = source.days(trip);
    if (stops.length < 2 || days.length === 0) continue;
    const pattern = source.pattern(trip);
    const daysKey = Array.prototype.join.call(days, ',');
    let dayList = dayLists.get(daysKey);
    if (dayList === undefined) {
      dayList = dayLists.size;
      dayLists.set(daysKey, dayList);
    }
    const key =
      pattern === undefined
        ? `${Array.prototype.join.call(stops, ',')}|${Array.prototype.join.call(source.fareAt(trip), ',')}|${source.boardFee(trip)}|${dayList}`
        : `${pattern}|${dayList}`;
    const group = groups.get(key);
    if (group) group.trips.push(trip);
    else groups.set(key, { trips: [trip], days: Array.from(days) });
  }
  return [...groups.values()];
}

/**
 * The group's trips as chains that never overtake: each trip leaves no earlier and arrives no earlier
 * than the one before it at every stop, and, where the trips run on several days, the last of a day's no
 * later than the first of the next day's (a day `gap` days later at the soonest).
 */
function chains(source: TripSource, trips: number[], days: number[]): number[][] {
  let gap = Number.POSITIVE_INFINITY;
  for (let d = 1; d < days.length; d++) gap = Math.min(gap, (days[d] as number) - (days[d - 1] as number));
  const shift = gap * DAY_SECONDS;
  /** True when trip b, `by` seconds later, never runs ahead of trip a at any stop. */
  const follows = (a: number, b: number, by: number): boolean => {
    const n = source.stops(a).length;
    for (let i = 0; i < n; i++) {
      if (source.departure(b, i) + by < source.departure(a, i)) return false;
      if (source.arrival(b, i) + by < source.arrival(a, i)) return false;
    }
    return true;
  };
  trips.sort((a, b) => source.departure(a, 0) - source.departure(b, 0));
  const out: number[][] = [];
  for (const trip of trips) {
    const chain = out.find(
      (c) =>
        follows(c[c.length - 1] as number, trip, 0) &&
        (gap === Number.POSITIVE_INFINITY || follows(trip, c[0] as number, shift)),
    );
    if (chain) chain.push(trip);
    else out.push([trip]);
  }
  return out;
}

/** Routes by stop, for finding what to scan when a stop improves. */
function stopRoutes(stopCount: number, routeCount: number, routeStopStart: Uint32Array, routeStops: Uint32Array) {
  const stopTotal = routeStops.length;
  const stopRouteCount = new Uint32Array(stopCount + 1);
  for (let i = 0; i < stopTotal; i++) (stopRouteCount[(routeStops[i] as number) + 1] as number)++;
  const stopRouteStart = new Uint32Array(stopCount + 1);
  for (let s = 0; s < stopCount; s++)
    stopRouteStart[s + 1] = (stopRouteStart[s] as number) + (stopRouteCount[s + 1] as number);
  const fill = stopRouteStart.slice(0, stopCount);
  const stopRouteList = new Uint32Array(stopTotal);
  const stopRoutePosition = new Uint32Array(stopTotal);
  for (let r = 0; r < routeCount; r++) {
    for (let i = routeStopStart[r] as number; i < (routeStopStart[r + 1] as number); i++) {
      const s = routeStops[i] as number;
      const slot = fill[s] as number;
      fill[s] = slot + 1;
      stopRouteList[slot] = r;
      stopRoutePosition[slot] = i - (routeStopStart[r] as number);
    }
  }
  return { stopRouteStart, stopRoutes: stopRouteList, stopRoutePosition };
}

function transfersOf(stopCount: number, input: TransferInput[]) {
  const transfers = [...input].sort((a, b) => a.from - b.from);
  const transferStart = new Uint32Array(stopCount + 1);
  for (const tr of transfers) (transferStart[tr.from + 1] as number)++;
  for (let s = 0; s < stopCount; s++)
    transferStart[s + 1] = (transferStart[s + 1] as number) + (transferStart[s] as number);
  const transferTo = new Uint32Array(transfers.length);
  const transferSec = new Uint32Array(transfers.length);
  const transferPrice = new Int32Array(transfers.length);
  transfers.forEach((tr, i) => {
    transferTo[i] = tr.to;
    transferSec[i] = tr.seconds;
    transferPrice[i] = tr.price;
  });
  return { transferStart, transferTo, transferSec, transferPrice };
}
