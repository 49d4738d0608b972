// The generated GTFS feeds as the search server loads them, for benchmarks and profiling scripts.
import fs from 'node:fs';
import path from 'node:path';
import { taxiTransfers } from '../ground/ground';
import { feedTouching } from '../gtfs/feed-part';
import { type LoadedTimetable, timetableFromGtfs } from '../gtfs/gtfs-timetable';
import type { PackedFeed } from '../gtfs/packed-feed';
import { type GtfsFeed, readGtfsZip } from '../gtfs/read-gtfs';

export const GTFS_DIR = path.resolve(import.meta.dirname, '../../../../data/gtfs');

export function readFeed(name: string, prefix: string): GtfsFeed | undefined {
  const file = path.join(GTFS_DIR, `${name}.zip`);
  return fs.existsSync(file) ? readGtfsZip(fs.readFileSync(file), prefix) : undefined;
}

const CHINA_ZONES = new Set(['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau', 'Asia/Taipei']);

/** The flights with an end in Greater China (by the airports' time zones), as the server's door-to-door planner uses. */
export function chinaFlights(feed: GtfsFeed): GtfsFeed {
  const china = new Set(feed.stops.filter((s) => CHINA_ZONES.has(s.timezone ?? '')).map((s) => s.id));
  return feedTouching(feed, (id) => china.has(id));
}

/** The server's planning fares and connection times (apps/server door-to-door). */
export const PLANNING = {
  fares: (type: number) =>
    type === 1100
      ? { boardFee: 28_000, perKm: 55 }
      : type === 101
        ? { boardFee: 0, perKm: 46 }
        : type >= 400 && type < 500
          ? { boardFee: 300, perKm: 0 }
          : { boardFee: 0, perKm: 20 },
  changeSeconds: (id: string) => (id.startsWith('air:') ? 180 : id.startsWith('metro:') ? 3 : 20) * 60,
  checkInSeconds: (id: string) => (id.startsWith('air:') ? 60 : id.startsWith('rail:') ? 15 : 0) * 60,
};

/** A multi-day timetable over the feeds with taxi transfers between nearby stops. */
export function loadNetwork(feeds: (GtfsFeed | PackedFeed)[], firstDate: string, days: number): LoadedTimetable {
  return timetableFromGtfs(feeds, {
    firstDate,
    days,
    fares: PLANNING.fares,
    changeSeconds: PLANNING.changeSeconds,
    groundTransfers: (points) => taxiTransfers(points, 6),
  });
}

/** The stops most trips call at: the big airports and stations. */
export function busiest(loaded: LoadedTimetable, prefix: string, count: number): number[] {
  const tt = loaded.timetable;
  const trips = new Float64Array(tt.stopCount);
  for (let r = 0; r < tt.routeCount; r++) {
    const n = (tt.routeTripBase[r + 1] as number) - (tt.routeTripBase[r] as number);
    for (let i = tt.routeStopStart[r] as number; i < (tt.routeStopStart[r + 1] as number); i++)
      (trips[tt.routeStops[i] as number] as number) += n;
  }
  return [...trips.keys()]
    .filter((s) => loaded.stopIds[s]?.startsWith(prefix))
    .sort((a, b) => (trips[b] as number) - (trips[a] as number))
    .slice(0, count);
}
