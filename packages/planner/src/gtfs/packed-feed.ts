import { type Column, packColumns, unpackColumns } from '../timetable/shared-columns';
import { encodeStrings, SharedStrings } from '../timetable/shared-strings';
import type { GtfsFeed } from './read-gtfs';

/**
 * A GTFS feed laid out in one `SharedArrayBuffer`: the stop times as columns of numbers (stop, arrival,
 * departure) with each trip's run of them, trips and routes as columns of indexes, and their names as
 * UTF-8 read on demand. Posting the buffer to a worker thread shares it; `packedFeed(buffer)` gives the
 * same feed back as views on that memory, so every thread of a process builds timetables from one copy
 * instead of reading the zip itself. The small tables (agencies, stops, calendar) travel as JSON.
 */
export type PackedFeed = {
  buffer: SharedArrayBuffer;
  /** Agency id → its time zone (the feed's `agency.txt`). */
  agencies: Map<string, { timezone: string }>;
  stops: GtfsFeed['stops'];
  /** The services of `calendar.txt`, by index. */
  services: { id: string; days: number; start: string; end: string }[];
  routeCount: number;
  /** `route_type` of route r. */
  routeType: Int32Array;
  /** The agency of route r, an index into `routeAgencyIds` (which may name agencies the feed lacks). */
  routeAgency: Int32Array;
  routeAgencyIds: string[];
  routeShortName: SharedStrings;
  /** `route_long_name`, or '' where there is none. */
  routeLongName: SharedStrings;
  tripCount: number;
  /** What a trip is called: its `trip_short_name`, else its `trip_id`. */
  tripName: SharedStrings;
  /** The route of trip t, or -1 when the feed has no such route. */
  tripRoute: Int32Array;
  /** The service of trip t (index into `services`), or -1 when the calendar lacks it. */
  tripService: Int32Array;
  /** The stop times of trip t, in stop sequence: `tripTimeStart[t] .. tripTimeStart[t + 1]`. */
  tripTimeStart: Uint32Array;
  /** The stop of each stop time, an index into `stops`. */
  timeStop: Uint32Array;
  /** GTFS times, seconds from the service day's noon minus 12 h (may pass 24:00). */
  arrival: Int32Array;
  departure: Int32Array;
};

const MAGIC = 0x4a4e4746; // "JNGF"
const VERSION = 1;
const COLUMNS = [
  'meta',
  'routeType',
  'routeAgency',
  'routeShortName.offsets',
  'routeShortName.bytes',
  'routeLongName.offsets',
  'routeLongName.bytes',
  'tripName.offsets',
  'tripName.bytes',
  'tripRoute',
  'tripService',
  'tripTimeStart',
  'timeStop',
  'arrival',
  'departure',
] as const;
type ColumnName = (typeof COLUMNS)[number];
const TYPES: Record<ColumnName, 'u8' | 'i32' | 'u32'> = {
  meta: 'u8',
  routeType: 'i32',
  routeAgency: 'i32',
  'routeShortName.offsets': 'u32',
  'routeShortName.bytes': 'u8',
  'routeLongName.offsets': 'u32',
  'routeLongName.bytes': 'u8',
  'tripName.offsets': 'u32',
  'tripName.bytes': 'u8',
  tripRoute: 'i32',
  tripService: 'i32',
  tripTimeStart: 'u32',
  timeStop: 'u32',
  arrival: 'i32',
  departure: 'i32',
};

/** The header: magic, version, then (offset, length) per column. */
const LAYOUT = { leadInts: 2, magic: MAGIC, version: VERSION, what: 'packed GTFS feed' };
const encoder = new TextEncoder();

/** Lays a feed read by `readGtfsZip` out in shared memory (see `PackedFeed`). */
export function packFeed(feed: GtfsFeed): PackedFeed {
  const stopOf = new Map(feed.stops.map((s, i) => [s.id, i]));
  const routeIds = [...feed.routes.keys()];
  const routeOf = new Map(routeIds.map((id, i) => [id, i]));
  const routes = [...feed.routes.values()];
  const routeAgencyIds = [...new Set(routes.map((r) => r.agencyId))];
  const agencyOf = new Map(routeAgencyIds.map((id, i) => [id, i]));
  const services = [...feed.calendar.entries()].map(([id, s]) => ({ id, days: s.days, start: s.start, end: s.end }));
  const serviceOf = new Map(services.map((s, i) => [s.id, i]));

  const tripCount = feed.trips.length;
  const tripTimeStart = new Uint32Array(tripCount + 1);
  let timeCount = 0;
  feed.trips.forEach((trip, t) => {
    timeCount += feed.stopTimes.get(trip.id)?.length ?? 0;
    tripTimeStart[t + 1] = timeCount;
  });
  const timeStop = new Uint32Array(timeCount);
  const arrival = new Int32Array(timeCount);
  const departure = new Int32Array(timeCount);
  const tripRoute = new Int32Array(tripCount);
  const tripService = new Int32Array(tripCount);
  feed.trips.forEach((trip, t) => {
    tripRoute[t] = routeOf.get(trip.routeId) ?? -1;
    tripService[t] = serviceOf.get(trip.serviceId) ?? -1;
    let at = tripTimeStart[t] as number;
    for (const time of feed.stopTimes.get(trip.id) ?? []) {
      const stop = stopOf.get(time.stopId);
      if (stop === undefined) throw new Error(`trip ${trip.id} calls at ${time.stopId}, not among the feed's stops`);
      timeStop[at] = stop;
      arrival[at] = time.arrival;
      departure[at] = time.departure;
      at++;
    }
  });
  const routeShortName = encodeStrings(routes.map((r) => r.shortName));
  const routeLongName = encodeStrings(routes.map((r) => r.longName ?? ''));
  const tripName = encodeStrings(feed.trips.map((t) => t.shortName || t.id));
  const meta = encoder.encode(
    JSON.stringify({ agencies: [...feed.agencies.entries()], stops: feed.stops, services, routeAgencyIds }),
  );
  const columns: Record<ColumnName, Column> = {
    meta,
    routeType: Int32Array.from(routes, (r) => r.type),
    routeAgency: Int32Array.from(routes, (r) => agencyOf.get(r.agencyId) as number),
    'routeShortName.offsets': routeShortName.offsets,
    'routeShortName.bytes': routeShortName.bytes,
    'routeLongName.offsets': routeLongName.offsets,
    'routeLongName.bytes': routeLongName.bytes,
    'tripName.offsets': tripName.offsets,
    'tripName.bytes': tripName.bytes,
    tripRoute,
    tripService,
    tripTimeStart,
    timeStop,
    arrival,
    departure,
  };
  const buffer = packColumns(
    [MAGIC, VERSION],
    COLUMNS.map((name) => columns[name]),
  );
  return packedFeed(buffer);
}

/** The feed `packFeed` laid out, as views on its shared memory (the small tables parsed from their JSON). */
export function packedFeed(buffer: SharedArrayBuffer): PackedFeed {
  const c = unpackColumns(
    buffer,
    LAYOUT,
    COLUMNS.map((name) => ({ name, type: TYPES[name] })),
  ).views as Record<ColumnName, Column>;
  const meta = JSON.parse(new TextDecoder().decode((c.meta as Uint8Array).slice())) as {
    agencies: [string, { timezone: string }][];
    stops: GtfsFeed['stops'];
    services: PackedFeed['services'];
    routeAgencyIds: string[];
  };
  const strings = (name: 'routeShortName' | 'routeLongName' | 'tripName') =>
    new SharedStrings(c[`${name}.offsets`] as Uint32Array, c[`${name}.bytes`] as Uint8Array);
  const routeType = c.routeType as Int32Array;
  const tripRoute = c.tripRoute as Int32Array;
  return {
    buffer,
    agencies: new Map(meta.agencies),
    stops: meta.stops,
    services: meta.services,
    routeCount: routeType.length,
    routeType,
    routeAgency: c.routeAgency as Int32Array,
    routeAgencyIds: meta.routeAgencyIds,
    routeShortName: strings('routeShortName'),
    routeLongName: strings('routeLongName'),
    tripCount: tripRoute.length,
    tripName: strings('tripName'),
    tripRoute,
    tripService: c.tripService as Int32Array,
    tripTimeStart: c.tripTimeStart as Uint32Array,
    timeStop: c.timeStop as Uint32Array,
    arrival: c.arrival as Int32Array,
    departure: c.departure as Int32Array,
  };
}
