import type { RawPlace } from '../types';
import { kmBetween } from './gtfs-metro';
import { readCsv, readJson, readStationCoordinates } from './sources';

/** A train of the key-city timetable: its ends by station and its calls by city, times as `H:MM` past 24:00. */
export type KeyCityTrain = {
  start: string;
  end: string;
  route: { arrival: string; departure: string; city: string }[];
};

export type SegmentEdge = { from: string; to: string; minutes: number };

/** Minutes from `H:MM` (hours may run past 24), or null for "-" and anything else. */
export const minutesOf = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

export function readSegmentEdges(): Map<string, SegmentEdge[]> {
  const edgesByTrain = new Map<string, SegmentEdge[]>();
  for (const r of readCsv('raw/china-railway-segment-runtimes/edge_multiply.csv')) {
    const list = edgesByTrain.get(r.train_no ?? '') ?? [];
    list.push({ from: r.start_station_name ?? '', to: r.end_station_name ?? '', minutes: Number(r.running_time) });
    edgesByTrain.set(r.train_no ?? '', list);
  }
  return edgesByTrain;
}

export const readKeyCityTrains = (): Record<string, KeyCityTrain> =>
  readJson<Record<string, KeyCityTrain>>('raw/china-railway-timetable-keycities/schedulers.json');

/** The stop sequence of one train from its consecutive-stop edges: the chain that starts where no edge ends. */
export function orderEdges(edges: readonly SegmentEdge[]): { stops: string[]; run: number[] } | null {
  const next = new Map(edges.map((e) => [e.from, e]));
  const ends = new Set(edges.map((e) => e.to));
  const first = edges.find((e) => !ends.has(e.from));
  if (!first) return null;
  const stops = [first.from];
  const run: number[] = [];
  for (let e = next.get(first.from); e && stops.length <= edges.length; e = next.get(e.to)) {
    stops.push(e.to);
    run.push(e.minutes);
  }
  return stops.length === edges.length + 1 ? { stops, run } : null;
}

/** Farthest a station of another name may lie from a 12306 station to be taken as the same (renamed) one. */
const RENAMED_WITHIN_KM = 1.2;

/**
 * Stations of the railway sources by Chinese name: the 12306 list's, and for a name the list lacks (a
 * station renamed since the source was written, such as 松江南 for 上海松江) the 12306 station within
 * 1.2 km of that name's position in the coordinate files. `located` says whether a station's position
 * is its own rather than its city's.
 */
export class StationResolver {
  private readonly byName: Map<string, RawPlace>;
  private readonly coords = readStationCoordinates();
  private readonly cache = new Map<string, RawPlace | null>();
  readonly renamed = new Map<string, string>();

  constructor(private readonly stations: readonly RawPlace[]) {
    this.byName = new Map(stations.map((p) => [p.nameZh, p]));
  }

  get(name: string): RawPlace | undefined {
    const known = this.byName.get(name);
    if (known) return known;
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached ?? undefined;
    const at = this.coords.get(name);
    let best: RawPlace | null = null;
    let bestKm = RENAMED_WITHIN_KM;
    if (at) {
      for (const s of this.stations) {
        if (!this.located(s)) continue;
        const km = kmBetween(at, s);
        if (km < bestKm) [best, bestKm] = [s, km];
      }
    }
    this.cache.set(name, best);
    if (best) this.renamed.set(name, best.nameZh);
    return best ?? undefined;
  }

  located(station: RawPlace): boolean {
    return this.coords.has(station.nameZh);
  }
}

/**
 * Stations by the key-city timetable's city names: every station of the city of that name, and the
 * stations the source's own station-to-city table assigns to it (福田 → 深圳, 上海虹桥 → 上海).
 */
export function stationsByKeyCity(places: readonly RawPlace[], resolver: StationResolver): Map<string, RawPlace[]> {
  const cityName = new Map(places.filter((p) => p.kind === 'city').map((p) => [p.id, p.nameZh]));
  const out = new Map<string, RawPlace[]>();
  const add = (city: string, s: RawPlace) => {
    const list = out.get(city) ?? [];
    if (!list.includes(s)) list.push(s);
    out.set(city, list);
  };
  for (const s of places) if (s.kind === 'station') add(cityName.get(s.cityId ?? -1) ?? '', s);
  // The file holds its table as a JSON string.
  const raw = readJson<string | Record<string, string>>('raw/china-railway-timetable-keycities/station2city.json');
  const table: Record<string, string> = typeof raw === 'string' ? JSON.parse(raw) : raw;
  for (const [station, city] of Object.entries(table)) {
    const s = resolver.get(station);
    if (s) add(city, s);
  }
  return out;
}
