import { type Column, packColumns, unpackColumns } from '../timetable/shared-columns';
import type { GtfsFeed } from './read-gtfs';

/**
 * A feed read by `readGtfsZip` in a compact binary form, to keep on disk: the stop times as columns of
 * numbers (their stop as an index into a table of stop ids, arrival, departure, stop sequence) and the
 * rest as JSON. `decodeFeed` gives back the same feed far faster than unzipping and parsing the text.
 */
const MAGIC = 0x4a4e4346; // "JNCF"
const VERSION = 1;
const LAYOUT = { leadInts: 2, magic: MAGIC, version: VERSION, what: 'compact GTFS feed' };
const COLUMNS = [
  { name: 'meta', type: 'u8' },
  { name: 'timeStart', type: 'u32' },
  { name: 'timeStop', type: 'u32' },
  { name: 'arrival', type: 'f64' },
  { name: 'departure', type: 'f64' },
  { name: 'seq', type: 'f64' },
] as const;

/** A stop time; `readGtfsZip` gives its stop sequence too, which the type leaves out. */
type StopTime = { stopId: string; arrival: number; departure: number; seq?: number };

type Meta = {
  agencies: [string, { timezone: string }][];
  stops: GtfsFeed['stops'];
  routes: [string, GtfsFeed['routes'] extends Map<string, infer R> ? R : never][];
  calendar: [string, { days: number; start: string; end: string }][];
  trips: { id: string[]; routeId: string[]; serviceId: string[]; shortName: string[] };
  /** The trips of `stopTimes`, in the map's order. */
  timeTrips: string[];
  stopIds: string[];
};

/** The feed in its compact form (see above). */
export function encodeFeed(feed: GtfsFeed): Uint8Array {
  const stopIds: string[] = [];
  const stopIndex = new Map<string, number>();
  let count = 0;
  for (const list of feed.stopTimes.values()) count += list.length;
  const timeStart = new Uint32Array(feed.stopTimes.size + 1);
  const timeStop = new Uint32Array(count);
  const arrival = new Float64Array(count);
  const departure = new Float64Array(count);
  const seq = new Float64Array(count);
  let at = 0;
  let k = 0;
  for (const list of feed.stopTimes.values()) {
    for (const time of list as StopTime[]) {
      let index = stopIndex.get(time.stopId);
      if (index === undefined) {
        index = stopIds.push(time.stopId) - 1;
        stopIndex.set(time.stopId, index);
      }
      timeStop[at] = index;
      arrival[at] = time.arrival;
      departure[at] = time.departure;
      seq[at] = time.seq ?? Number.NaN;
      at++;
    }
    timeStart[++k] = at;
  }
  const meta: Meta = {
    agencies: [...feed.agencies],
    stops: feed.stops,
    routes: [...feed.routes],
    calendar: [...feed.calendar],
    trips: {
      id: feed.trips.map((t) => t.id),
      routeId: feed.trips.map((t) => t.routeId),
      serviceId: feed.trips.map((t) => t.serviceId),
      shortName: feed.trips.map((t) => t.shortName),
    },
    timeTrips: [...feed.stopTimes.keys()],
    stopIds,
  };
  const columns: Column[] = [
    new TextEncoder().encode(JSON.stringify(meta)),
    timeStart,
    timeStop,
    arrival,
    departure,
    seq,
  ];
  return new Uint8Array(packColumns([MAGIC, VERSION], columns));
}

/** The feed `encodeFeed` wrote (throws when the bytes are not one). */
export function decodeFeed(bytes: Uint8Array): GtfsFeed {
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  const c = unpackColumns(buffer, LAYOUT, COLUMNS).views;
  const meta = JSON.parse(new TextDecoder().decode((c.meta as Uint8Array).slice())) as Meta;
  const timeStart = c.timeStart as Uint32Array;
  const timeStop = c.timeStop as Uint32Array;
  const arrival = c.arrival as Float64Array;
  const departure = c.departure as Float64Array;
  const seq = c.seq as Float64Array;
  // Stop times share their stop's id string, as `readGtfsZip` gives them.
  const ids = new Map(meta.stops.map((s) => [s.id, s.id]));
  const stopIds = meta.stopIds.map((id) => ids.get(id) ?? id);
  const stopTimes: GtfsFeed['stopTimes'] = new Map();
  meta.timeTrips.forEach((trip, k) => {
    const list: StopTime[] = [];
    for (let i = timeStart[k] as number; i < (timeStart[k + 1] as number); i++) {
      const time: StopTime = {
        stopId: stopIds[timeStop[i] as number] as string,
        arrival: arrival[i] as number,
        departure: departure[i] as number,
      };
      if (!Number.isNaN(seq[i])) time.seq = seq[i] as number;
      list.push(time);
    }
    stopTimes.set(trip, list);
  });
  const { trips } = meta;
  return {
    agencies: new Map(meta.agencies),
    stops: meta.stops,
    routes: new Map(meta.routes),
    trips: trips.id.map((id, t) => ({
      id,
      routeId: trips.routeId[t] as string,
      serviceId: trips.serviceId[t] as string,
      shortName: trips.shortName[t] as string,
    })),
    stopTimes,
    calendar: new Map(meta.calendar),
  };
}
