import type { LoadedTimetable } from '../gtfs/gtfs-timetable';
import { routeRunTimes } from '../raptor/ride-bounds';
import { align, type Column, type ColumnType, packColumns, unpackColumns } from './shared-columns';
import { encodeStrings, SharedStrings } from './shared-strings';
import { type Timetable, TripIds } from './timetable';

export { SharedStrings };

const MAGIC = 0x4a4e5454; // "JNTT"
const VERSION = 2;

/** The typed arrays of a timetable, in the order they are laid out in the buffer. */
const COLUMNS: { name: string; type: ColumnType }[] = [
  { name: 'stopChangeSec', type: 'u32' },
  { name: 'routeStopStart', type: 'u32' },
  { name: 'routeStops', type: 'u32' },
  { name: 'routeFare', type: 'i32' },
  { name: 'routeBoardFee', type: 'i32' },
  { name: 'routeTripStart', type: 'u32' },
  { name: 'tripTimeStart', type: 'u32' },
  { name: 'arrival', type: 'i32' },
  { name: 'departure', type: 'i32' },
  { name: 'routeDayStart', type: 'u32' },
  { name: 'routeDays', type: 'i32' },
  { name: 'routeTripBase', type: 'u32' },
  { name: 'routeRuns', type: 'i32' },
  { name: 'stopRouteStart', type: 'u32' },
  { name: 'stopRoutes', type: 'u32' },
  { name: 'stopRoutePosition', type: 'u32' },
  { name: 'transferStart', type: 'u32' },
  { name: 'transferTo', type: 'u32' },
  { name: 'transferSec', type: 'u32' },
  { name: 'transferPrice', type: 'i32' },
  { name: 'tripNames.offsets', type: 'u32' },
  { name: 'tripNames.bytes', type: 'u8' },
  { name: 'dayNames.offsets', type: 'u32' },
  { name: 'dayNames.bytes', type: 'u8' },
  { name: 'stopIds.offsets', type: 'u32' },
  { name: 'stopIds.bytes', type: 'u8' },
  { name: 'stopLat', type: 'f64' },
  { name: 'stopLon', type: 'f64' },
];

/** The header: magic, version, stop count, route count, then (offset, length) per column; the epoch after it. */
const HEADER_INTS = 4 + 2 * COLUMNS.length;
const LAYOUT = { leadInts: 4, magic: MAGIC, version: VERSION, what: 'shared timetable' };

/**
 * Lays a loaded timetable (with the least run times along its routes, its trip and stop ids and the stops’ positions)
 * out in one `SharedArrayBuffer`, so that every worker thread of a process plans on the same memory:
 * posting the buffer to a worker shares it, nothing is copied.
 */
export function shareTimetable(loaded: LoadedTimetable): SharedArrayBuffer {
  const tt = loaded.timetable;
  const tripNames = encodeStrings(tt.tripNames);
  // No day names (trips called by their ids alone) are told from none by a list of none.
  const dayNames = encodeStrings(tt.dayNames ?? []);
  const stopIds = encodeStrings(loaded.stopIds);
  const columns: Record<string, Column> = {
    stopChangeSec: tt.stopChangeSec,
    routeStopStart: tt.routeStopStart,
    routeStops: tt.routeStops,
    routeFare: tt.routeFare,
    routeBoardFee: tt.routeBoardFee,
    routeTripStart: tt.routeTripStart,
    tripTimeStart: tt.tripTimeStart,
    arrival: tt.arrival,
    departure: tt.departure,
    routeDayStart: tt.routeDayStart,
    routeDays: tt.routeDays,
    routeTripBase: tt.routeTripBase,
    routeRuns: tt.routeRuns ?? routeRunTimes(tt),
    stopRouteStart: tt.stopRouteStart,
    stopRoutes: tt.stopRoutes,
    stopRoutePosition: tt.stopRoutePosition,
    transferStart: tt.transferStart,
    transferTo: tt.transferTo,
    transferSec: tt.transferSec,
    transferPrice: tt.transferPrice,
    'tripNames.offsets': tripNames.offsets,
    'tripNames.bytes': tripNames.bytes,
    'dayNames.offsets': dayNames.offsets,
    'dayNames.bytes': dayNames.bytes,
    'stopIds.offsets': stopIds.offsets,
    'stopIds.bytes': stopIds.bytes,
    stopLat: Float64Array.from(loaded.stopPoints, (p) => p.lat),
    stopLon: Float64Array.from(loaded.stopPoints, (p) => p.lon),
  };
  const buffer = packColumns(
    [MAGIC, VERSION, tt.stopCount, tt.routeCount],
    COLUMNS.map(({ name }) => columns[name] as Column),
    8,
  );
  new Float64Array(buffer, align(HEADER_INTS * 4), 1)[0] = loaded.epochMs;
  return buffer;
}

/**
 * What a plan on a shared timetable depends on, as bytes to digest: its counts and every column but the names
 * of its days, and not its epoch. Timetables of two weeks whose services run on the same days (`calendarKey`)
 * give the same bytes, so a plan made on one is the same plan on the other, on its own dates.
 */
export function planningBytes(buffer: SharedArrayBuffer): Uint8Array[] {
  const { header, views } = unpackColumns(buffer, LAYOUT, COLUMNS);
  const parts = COLUMNS.filter(({ name }) => !name.startsWith('dayNames.')).map(({ name }) => {
    const view = views[name] as Column;
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  });
  return [Uint8Array.from(header.subarray(0, LAYOUT.leadInts)), ...parts];
}

/** The timetable laid out by `shareTimetable`, as views on the shared memory (the small stop lists are copied). */
export function sharedTimetable(buffer: SharedArrayBuffer): LoadedTimetable {
  const { header, views: c } = unpackColumns(buffer, LAYOUT, COLUMNS);
  const epochMs = new Float64Array(buffer, align(HEADER_INTS * 4), 1)[0] as number;
  const u32 = (name: string) => c[name] as Uint32Array;
  const i32 = (name: string) => c[name] as Int32Array;
  const tripNames = new SharedStrings(u32('tripNames.offsets'), c['tripNames.bytes'] as Uint8Array);
  const dayNames = new SharedStrings(u32('dayNames.offsets'), c['dayNames.bytes'] as Uint8Array);
  const columns = {
    stopCount: header[2] as number,
    stopChangeSec: u32('stopChangeSec'),
    routeCount: header[3] as number,
    routeStopStart: u32('routeStopStart'),
    routeStops: u32('routeStops'),
    routeFare: i32('routeFare'),
    routeBoardFee: i32('routeBoardFee'),
    routeTripStart: u32('routeTripStart'),
    tripTimeStart: u32('tripTimeStart'),
    arrival: i32('arrival'),
    departure: i32('departure'),
    routeDayStart: u32('routeDayStart'),
    routeDays: i32('routeDays'),
    routeTripBase: u32('routeTripBase'),
    routeRuns: i32('routeRuns'),
    stopRouteStart: u32('stopRouteStart'),
    stopRoutes: u32('stopRoutes'),
    stopRoutePosition: u32('stopRoutePosition'),
    transferStart: u32('transferStart'),
    transferTo: u32('transferTo'),
    transferSec: u32('transferSec'),
    transferPrice: i32('transferPrice'),
  };
  const dated = dayNames.length > 0;
  const timetable: Timetable = {
    ...columns,
    tripIds: new TripIds(columns, tripNames, dated ? dayNames : undefined),
    tripNames,
    ...(dated ? { dayNames } : {}),
  };
  const stopIds = new SharedStrings(u32('stopIds.offsets'), c['stopIds.bytes'] as Uint8Array).toArray();
  const lat = c.stopLat as Float64Array;
  const lon = c.stopLon as Float64Array;
  const stopPoints = stopIds.map((_, s) => ({ lat: lat[s] as number, lon: lon[s] as number }));
  return { timetable, stopIds, stopPoints, stopIndex: new Map(stopIds.map((id, s) => [id, s])), epochMs };
}
