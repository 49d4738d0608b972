import { addDays, distanceKm, type LatLon, toGtfsDate, utcOffsetSeconds } from '@junction/domain';
import { buildTimetable, type TripSource } from '../timetable/build-timetable';
import type { Timetable, TransferInput } from '../timetable/timetable';
import { TripIds } from '../timetable/timetable';
import { type PackedFeed, packFeed } from './packed-feed';
import type { GtfsFeed } from './read-gtfs';

/** Fares of a route: a fee for boarding and a rate per kilometre, by route type and carrier. */
export type FareModel = (routeType: number, agencyId: string) => { boardFee: number; perKm: number };

export type GtfsTimetableOptions = {
  /** First service day, `yyyy-mm-dd`; the timetable's epoch is its midnight UTC. */
  firstDate: string;
  days: number;
  fares: FareModel;
  /** Minimum connection time at a stop, seconds. */
  changeSeconds: (stopId: string) => number;
  transfers?: { from: string; to: string; seconds: number; price: number }[];
  /** Ground transfers computed from the stops' coordinates (e.g. taxis between nearby stations and airports). */
  groundTransfers?: (points: { lat: number; lon: number }[]) => TransferInput[];
};

export type LoadedTimetable = {
  timetable: Timetable;
  stopIds: string[];
  stopPoints: { lat: number; lon: number }[];
  stopIndex: Map<string, number>;
  epochMs: number;
};

/**
 * Expands the feeds' trips over the service days of the window onto one UTC clock: a trip's GTFS
 * times count from its agency's local midnight of the service day, so each day's instance is shifted by
 * that zone's offset on that day (daylight saving included). Feeds read by `readGtfsZip` are packed
 * first (`packFeed`); packed feeds, such as a worker thread's views on the ones its process shares, are
 * read where they lie.
 */
export function timetableFromGtfs(feeds: (GtfsFeed | PackedFeed)[], options: GtfsTimetableOptions): LoadedTimetable {
  const packed = feeds.map((feed) => ('buffer' in feed ? feed : packFeed(feed)));
  const stopIds: string[] = [];
  const stopIndex = new Map<string, number>();
  const stopPos: LatLon[] = [];
  for (const feed of packed) {
    for (const s of feed.stops) {
      if (stopIndex.has(s.id)) continue;
      stopIndex.set(s.id, stopIds.length);
      stopIds.push(s.id);
      stopPos.push(s);
    }
  }
  const epochMs = Date.parse(`${options.firstDate}T00:00:00Z`);
  // What a trip is whatever the day: its stops, fares and stop pattern, worked out once per feed trip.
  // The days' copies share them; only their times differ.
  const patterns = new Map<string, number>();
  type Prepared = {
    feed: PackedFeed;
    trip: number;
    service: number;
    tz: string;
    /** Where its stop times start in the feed's columns. */
    timeStart: number;
    stops: number[];
    fareAt: number[];
    boardFee: number;
    pattern: number;
    name?: string;
  };
  const prepared: Prepared[] = [];
  // The timetable's trips: a feed trip with the days it runs on one clock each (a time zone's offset
  // changes a trip's clock time across daylight saving), as columns: no object per trip and day.
  const tripOf: number[] = [];
  const tripShift: number[] = [];
  const tripDays: number[][] = [];
  const window = windowOf(options.firstDate, options.days);
  const offsets = new Map<string, number[]>();
  const offsetsOf = (tz: string): number[] => {
    let known = offsets.get(tz);
    if (!known) {
      known = zoneOffsets(tz, options.firstDate, options.days);
      offsets.set(tz, known);
    }
    return known;
  };
  for (const feed of packed) {
    const globalStop = feed.stops.map((s) => stopIndex.get(s.id) as number);
    const first = prepared.length;
    for (let t = 0; t < feed.tripCount; t++) {
      const route = feed.tripRoute[t] as number;
      const service = feed.tripService[t] as number;
      const timeStart = feed.tripTimeStart[t] as number;
      const timeEnd = feed.tripTimeStart[t + 1] as number;
      if (route < 0 || timeEnd - timeStart < 2 || service < 0) continue;
      const stops: number[] = [];
      for (let i = timeStart; i < timeEnd; i++) stops.push(globalStop[feed.timeStop[i] as number] as number);
      const agencyId = feed.routeAgencyIds[feed.routeAgency[route] as number] as string;
      const fare = options.fares(feed.routeType[route] as number, agencyId);
      let cumulative = 0;
      const fareAt = stops.map((s, i) => {
        if (i > 0)
          cumulative += Math.round(
            distanceKm(stopPos[stops[i - 1] as number] as LatLon, stopPos[s] as LatLon) * fare.perKm,
          );
        return cumulative;
      });
      const key = `${stops.join(',')}|${fareAt.join(',')}|${fare.boardFee}`;
      let pattern = patterns.get(key);
      if (pattern === undefined) {
        pattern = patterns.size;
        patterns.set(key, pattern);
      }
      prepared.push({
        feed,
        trip: t,
        service,
        tz: feed.agencies.get(agencyId)?.timezone ?? 'Etc/UTC',
        timeStart,
        stops,
        fareAt,
        boardFee: fare.boardFee,
        pattern,
      });
    }
    const running = feed.services.map((service) => runningDays(service, window));
    for (let p = first; p < prepared.length; p++) {
      const trip = prepared[p] as Prepared;
      const runs = running[trip.service] as boolean[];
      const zone = offsetsOf(trip.tz);
      // The days a trip runs, by the offset its zone has on them: one timetable trip each.
      const byOffset = new Map<number, number[]>();
      for (let d = 0; d < options.days; d++) {
        if (!runs[d]) continue;
        const offset = zone[d] as number;
        const days = byOffset.get(offset);
        if (days) days.push(d);
        else byOffset.set(offset, [d]);
      }
      for (const [offset, days] of byOffset) {
        tripOf.push(p);
        tripShift.push(-offset);
        tripDays.push(days);
      }
    }
  }
  const at = (t: number) => prepared[tripOf[t] as number] as Prepared;
  const trips: TripSource = {
    count: tripOf.length,
    stops: (t) => at(t).stops,
    fareAt: (t) => at(t).fareAt,
    boardFee: (t) => at(t).boardFee,
    pattern: (t) => at(t).pattern,
    arrival: (t, i) => {
      const p = at(t);
      return (tripShift[t] as number) + (p.feed.arrival[p.timeStart + i] as number);
    },
    departure: (t, i) => {
      const p = at(t);
      return (tripShift[t] as number) + (p.feed.departure[p.timeStart + i] as number);
    },
    days: (t) => tripDays[t] as number[],
    id: (t) => {
      const p = at(t);
      p.name ??= p.feed.tripName.at(p.trip) as string;
      return p.name;
    },
  };
  const transfers: TransferInput[] = (options.transfers ?? []).flatMap((t) => {
    const from = stopIndex.get(t.from);
    const to = stopIndex.get(t.to);
    return from === undefined || to === undefined ? [] : [{ from, to, seconds: t.seconds, price: t.price }];
  });
  if (options.groundTransfers) transfers.push(...options.groundTransfers(stopPos));
  const timetable = buildTimetable({
    stopCount: stopIds.length,
    stopChangeSec: stopIds.map((id) => options.changeSeconds(id)),
    trips,
    transfers,
    dayNames: window.map((day) => day.ymd),
  });
  return { timetable, stopIds, stopPoints: stopPos, stopIndex, epochMs };
}

/** The days of a window from `firstDate`: each as GTFS writes it, with its weekday's bit (bit 0 = Monday). */
const windowOf = (firstDate: string, days: number) =>
  Array.from({ length: days }, (_, d) => {
    const date = addDays(firstDate, d);
    return { ymd: toGtfsDate(date), weekdayBit: 1 << ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) };
  });

/** Whether a service of the calendar runs on each day of the window. */
const runningDays = (service: PackedFeed['services'][number], window: ReturnType<typeof windowOf>): boolean[] =>
  window.map(({ ymd, weekdayBit }) => (service.days & weekdayBit) !== 0 && ymd >= service.start && ymd <= service.end);

/** The offset from UTC of a time zone on each day of the window, at noon. */
const zoneOffsets = (tz: string, firstDate: string, days: number): number[] =>
  Array.from({ length: days }, (_, d) =>
    utcOffsetSeconds(tz, new Date(Date.parse(`${addDays(firstDate, d)}T12:00:00Z`))),
  );

/**
 * What a timetable of the window takes from the calendar: the days each service of the feeds runs, and the
 * offset of each of their time zones on each day. Two windows of one length with the same calendar key give
 * the same timetable but for its dates: the later one is the earlier shifted by the days between them
 * (`shiftedTimetable`), so one build serves both.
 */
export function calendarKey(feeds: PackedFeed[], firstDate: string, days: number): string {
  const window = windowOf(firstDate, days);
  const bits = (runs: boolean[]) => runs.reduce((n, run, d) => (run ? n | (1 << d) : n), 0).toString(36);
  const zones = new Set<string>();
  const services = feeds.map((feed) => {
    for (const agency of feed.agencies.values()) zones.add(agency.timezone);
    return feed.services.map((service) => bits(runningDays(service, window))).join(',');
  });
  const offsets = [...zones].sort().map((tz) => `${tz}=${zoneOffsets(tz, firstDate, days).join(',')}`);
  return `${days}|${services.join('|')}|${offsets.join('|')}`;
}

/**
 * The timetable `loaded` `days` days later: the same trips, stops and times on a clock whose epoch is that
 * much later, and its trips named by their new dates. It shares every column with `loaded`; only its epoch
 * and day names differ. Right only where both windows have one calendar key (`calendarKey`).
 */
export function shiftedTimetable(loaded: LoadedTimetable, days: number): LoadedTimetable {
  if (days === 0) return loaded;
  const tt = loaded.timetable;
  const epochMs = loaded.epochMs + days * 86_400_000;
  const firstDate = new Date(epochMs).toISOString().slice(0, 10);
  const dayNames = tt.dayNames ? windowOf(firstDate, tt.dayNames.length).map((day) => day.ymd) : undefined;
  const timetable = { ...tt, tripIds: new TripIds(tt, tt.tripNames, dayNames), ...(dayNames ? { dayNames } : {}) };
  return { ...loaded, timetable, epochMs };
}
