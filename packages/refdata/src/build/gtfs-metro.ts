import fs from 'node:fs';
import path from 'node:path';
import JSON5 from 'json5';
import { pinyin } from 'pinyin-pro';
import type { RawPlace } from '../types';
import { CALENDAR_HEADER, csvRows, type MetroTables, writeGtfsZip } from './gtfs-zip';
import { stationNameEn } from './places';
import { DATA_DIR } from './sources';

/** The Beijing line files of Beijing-Subway-Tools (`data/raw/beijing-subway/`), one line per file. */
const RAW_DIR = path.join(DATA_DIR, 'raw/beijing-subway');

type RouteSpec = { loop?: boolean };
type Schedule = { trains?: string[]; first_train?: string; delta?: Delta };
type Delta = (number | [number, number[]])[];
type Filter = {
  plan: string;
  trains?: string[];
  first_train?: string;
  until?: string;
  skip_trains?: number;
  count?: number;
};
type LineFile = {
  name: string;
  color: string;
  aliases?: string[];
  badge?: string;
  loop?: boolean;
  loop_last_segment?: number;
  stations: { name: string; dist?: number; aliases?: string[] }[];
  train_routes: Record<string, Record<string, unknown>>;
  date_groups: Record<string, { weekday?: number[] }>;
  timetable: Record<string, Record<string, Record<string, { schedule: Schedule[]; filters: Filter[] }>>>;
};

type Route = { name: string; loop: boolean };
/** One train of a direction and day type: its stations in order and the minute it leaves each. */
type Run = { routes: Route[]; stops: { station: string; minute: number }[] };

/**
 * Metro stations whose position is known from a railway station or airport of `places.json`: the anchors
 * of the map-to-coordinates fit. Beijing Capital's terminals are not anchors: PEK's coordinates are the
 * airport's reference point, kilometres from the terminal 3 station.
 */
const ANCHORS: { station: string; kind: 'station' | 'airport'; key: string }[] = [
  { station: '北京站', kind: 'station', key: '北京' },
  { station: '北京南站', kind: 'station', key: '北京南' },
  { station: '北京西站', kind: 'station', key: '北京西' },
  { station: '朝阳站', kind: 'station', key: '北京朝阳' },
  { station: '丰台站', kind: 'station', key: '北京丰台' },
  { station: '清河站', kind: 'station', key: '清河' },
  { station: '黄村火车站', kind: 'station', key: '黄村' },
  { station: '大兴机场', kind: 'airport', key: 'PKX' },
];

/**
 * Timetable clock: times before 03:00 belong to the previous service day (no Beijing line starts before
 * 04:00), so they count past 24:00.
 */
function minuteOf(hhmm: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) throw new Error(`beijing-subway: bad time ${hhmm}`);
  const minute = Number(m[1]) * 60 + Number(m[2]);
  return minute < 180 ? minute + 1440 : minute;
}

const HHMMSS = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;

/** `delta` lists the minutes between trains; `[n, [a, b]]` stands for the gaps a, b repeated n times. */
export function expandDelta(delta: Delta): number[] {
  return delta.flatMap((d) => (typeof d === 'number' ? [d] : Array.from({ length: d[0] }, () => d[1]).flat()));
}

/** The stations of each direction: the file's order, reversed, or for an end circle out to the loop and round it. */
function directionStations(line: LineFile, spec: Record<string, unknown>): string[] {
  const names = line.stations.map((s) => s.name);
  const stations = spec.reversed ? [...names].reverse() : names;
  if (!spec.end_circle) return stations;
  const turn = stations.indexOf(String(spec.end_circle_start)) + 1;
  return [...stations.slice(0, turn), ...stations.slice(turn).reverse()];
}

/**
 * The train routes of a direction by name. Which stations a route's trains call at (short turns, depot runs,
 * express trains) shows in the timetables: a train appears at the stations it serves.
 */
function parseRoutes(line: LineFile, spec: Record<string, unknown>): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const [name, value] of Object.entries(spec)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    routes.set(name, { name, loop: (value as RouteSpec).loop ?? line.loop ?? false });
  }
  return routes;
}

/**
 * One station's departures in one direction on one day type, each with its routes: the base route unless a
 * filter names the train (a train named by several filters keeps them all).
 */
function stationDepartures(
  entry: { schedule: Schedule[]; filters: Filter[] },
  base: Route,
  routes: Map<string, Route>,
): { minute: number; routes: Route[] }[] {
  const byMinute = new Map<number, Route[]>();
  for (const s of entry.schedule) {
    if (s.trains) {
      let last = -1;
      for (const t of s.trains) {
        let minute = minuteOf(t);
        if (minute < last) minute += 1440;
        byMinute.set(minute, [base]);
        last = minute;
      }
    } else if (s.first_train) {
      let minute = minuteOf(s.first_train);
      byMinute.set(minute, [base]);
      for (const d of expandDelta(s.delta ?? [])) {
        minute += d;
        byMinute.set(minute, [base]);
      }
    }
  }
  const minutes = [...byMinute.keys()].sort((a, b) => a - b);
  const tag = (minute: number | undefined, plan: Route) => {
    const current = minute === undefined ? undefined : byMinute.get(minute);
    if (!current || minute === undefined) throw new Error(`beijing-subway: filter ${plan.name} names no train`);
    byMinute.set(minute, current.length === 1 && current[0] === base ? [plan] : [...current, plan]);
  };
  for (const f of entry.filters) {
    const plan = routes.get(f.plan);
    if (!plan) throw new Error(`beijing-subway: unknown train route ${f.plan}`);
    if (f.trains) {
      for (const t of f.trains)
        tag(
          minutes.find((m) => m % 1440 === minuteOf(t) % 1440),
          plan,
        );
      continue;
    }
    const first = f.first_train ? minutes.indexOf(minuteOf(f.first_train)) : 0;
    const last = f.until ? minutes.indexOf(minuteOf(f.until)) : minutes.length - 1;
    const step = (f.skip_trains ?? 0) + 1;
    if (f.count !== undefined) for (let i = 0; i < f.count; i++) tag(minutes[first + i * step], plan);
    else for (let i = first; i >= 0 && i <= last; i += step) tag(minutes[i], plan);
  }
  return minutes.map((minute) => ({ minute, routes: byMinute.get(minute) as Route[] }));
}

/**
 * The trains of one direction and day type. Trains of the same routes keep their order along the line, so
 * the n-th such departure at one station is the n-th at the next (the convention of the source project);
 * express trains that overtake are a route of their own.
 */
function directionRuns(
  line: LineFile,
  direction: string,
  group: string,
  stations: string[],
  routes: Map<string, Route>,
  base: Route,
): { runs: Run[]; mismatched: string[] } {
  const runsByKey = new Map<string, Run[]>();
  const mismatched: string[] = [];
  for (const station of stations) {
    const entry = line.timetable[station]?.[direction]?.[group];
    if (!entry) continue;
    const byKey = new Map<string, { minute: number; routes: Route[] }[]>();
    for (const d of stationDepartures(entry, base, routes)) {
      const key = d.routes.map((r) => r.name).join('+');
      byKey.set(key, [...(byKey.get(key) ?? []), d]);
    }
    for (const [key, list] of byKey) {
      const runs = runsByKey.get(key);
      if (!runs) {
        runsByKey.set(
          key,
          list.map((d) => ({ routes: d.routes, stops: [{ station, minute: d.minute }] })),
        );
        continue;
      }
      if (runs.length !== list.length) mismatched.push(`${station} ${key} ${runs.length}≠${list.length}`);
      for (let i = 0; i < Math.min(runs.length, list.length); i++)
        (runs[i] as Run).stops.push({ station, minute: (list[i] as { minute: number }).minute });
    }
  }
  return { runs: [...runsByKey.values()].flat(), mismatched };
}

/** Least-squares affine map from map pixels (x, y) to (lat, lon); the residuals in km at the anchors. */
export function fitAffine(points: { x: number; y: number; lat: number; lon: number }[]): {
  at: (x: number, y: number) => { lat: number; lon: number };
  residualsKm: number[];
} {
  const mean = (f: (p: (typeof points)[number]) => number) => points.reduce((s, p) => s + f(p), 0) / points.length;
  const mx = mean((p) => p.x);
  const my = mean((p) => p.y);
  const sum = (f: (p: (typeof points)[number]) => number) => points.reduce((s, p) => s + f(p), 0);
  const sxx = sum((p) => (p.x - mx) ** 2);
  const syy = sum((p) => (p.y - my) ** 2);
  const sxy = sum((p) => (p.x - mx) * (p.y - my));
  const det = sxx * syy - sxy * sxy;
  // On centred pixels the constant term is the mean target and the slopes solve a 2×2 system.
  const solve = (t: (p: (typeof points)[number]) => number) => {
    const mt = mean(t);
    const sxt = sum((p) => (p.x - mx) * (t(p) - mt));
    const syt = sum((p) => (p.y - my) * (t(p) - mt));
    const a = (sxt * syy - syt * sxy) / det;
    const b = (syt * sxx - sxt * sxy) / det;
    return (x: number, y: number) => mt + a * (x - mx) + b * (y - my);
  };
  const lat = solve((p) => p.lat);
  const lon = solve((p) => p.lon);
  const at = (x: number, y: number) => ({ lat: lat(x, y), lon: lon(x, y) });
  return { at, residualsKm: points.map((p) => kmBetween(at(p.x, p.y), p)) };
}

export function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** "木樨地(1号线)" → "木樨地": two stations of one name on different lines, with no transfer between them. */
const displayName = (name: string) => name.replace(/[(（][^)）]*[)）]$/, '');

/** An ASCII stop id from the pinyin, the line number kept for stations that bear one ("muxidi-l1"). */
function stopSlug(name: string): string {
  const line = /[(（](\w+)号线[)）]$/.exec(name)?.[1];
  const syllables = pinyin(displayName(name), { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const slug = syllables
    .join('')
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z0-9]/g, '');
  return `bj-${slug}${line ? `-l${line.toLowerCase()}` : ''}`;
}

/**
 * The English name: the station's English alias (the one carrying the station's number when the Chinese
 * name has one, as 2号航站楼 is "Terminal 2" among aliases for both terminals; never an airport code),
 * else pinyin.
 */
function englishName(name: string, aliases: string[]): string {
  const usable = aliases.filter((a) => !/^[A-Z]{3}( |$)/.test(a));
  const digits = /\d+/.exec(name)?.[0];
  const pick = (digits && usable.find((a) => new RegExp(`\\b${digits}\\b`).test(a))) || usable[0];
  return pick ?? stationNameEn(displayName(name), '北京', 'Beijing');
}

/** Black or white text, whichever reads better on the line colour. */
function textColor(hex: string): string {
  const channel = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
  return 0.299 * channel(0) + 0.587 * channel(2) + 0.114 * channel(4) > 0.6 ? '000000' : 'FFFFFF';
}

export type MetroReport = {
  lines: number;
  stops: number;
  trips: number;
  anchors: number;
  residualKm: { mean: number; max: number };
  mismatched: string[];
};

/**
 * Writes the Beijing subway (with the Capital and Daxing airport express lines) as a GTFS feed
 * `data/gtfs/metro.zip`: one route per line, one stop per station shared by its lines, and every train of
 * the published timetables by day type. Times are the departures of the timetables (minutes); stations have
 * no coordinates in the source, so they come from the real-distance map fitted to the railway stations and
 * the airport the metro serves.
 */
export function writeMetroGtfs(places: RawPlace[], more?: MetroTables): MetroReport {
  const files = fs
    .readdirSync(RAW_DIR)
    .filter((f) => f.endsWith('.json5'))
    .sort();
  const lines = files
    .map((f) => JSON5.parse(fs.readFileSync(path.join(RAW_DIR, f), 'utf8')) as LineFile)
    .filter((l) => l.stations && l.timetable);

  // Stations and coordinates.
  const mapPixels = (
    JSON5.parse(fs.readFileSync(path.join(RAW_DIR, 'maps/real_distance.json5'), 'utf8')) as {
      coordinates: Record<string, { x: number; y: number }>;
    }
  ).coordinates;
  const anchorPoints = ANCHORS.map((a) => {
    const place = places.find((p) => p.kind === a.kind && (a.kind === 'airport' ? p.code : p.nameZh) === a.key);
    const pixel = mapPixels[a.station];
    if (!place || !pixel) throw new Error(`beijing-subway: no anchor for ${a.station}`);
    return { ...pixel, lat: place.lat, lon: place.lon };
  });
  const fit = fitAffine(anchorPoints);
  const aliases = new Map<string, string[]>();
  for (const line of lines)
    for (const s of line.stations) aliases.set(s.name, [...(aliases.get(s.name) ?? []), ...(s.aliases ?? [])]);
  const stopIds = new Map<string, string>();
  for (const name of [...aliases.keys()].sort()) {
    let id = stopSlug(name);
    for (let n = 2; [...stopIds.values()].includes(id); n++) id = `${stopSlug(name)}-${n}`;
    stopIds.set(name, id);
  }
  const stopRows: (string | number)[][] = [['stop_id', 'stop_name', 'stop_name_en', 'stop_lat', 'stop_lon']];
  for (const [name, id] of [...stopIds].sort((a, b) => a[1].localeCompare(b[1]))) {
    const pixel = mapPixels[name];
    if (!pixel) throw new Error(`beijing-subway: ${name} is not on the map`);
    const { lat, lon } = fit.at(pixel.x, pixel.y);
    stopRows.push([id, displayName(name), englishName(name, aliases.get(name) ?? []), lat.toFixed(5), lon.toFixed(5)]);
  }

  // Lines and trains.
  const routeRows: (string | number)[][] = [
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type', 'route_color', 'route_text_color'],
  ];
  const tripRows: (string | number)[][] = [['route_id', 'service_id', 'trip_id', 'trip_short_name', 'direction_id']];
  const stopTimeRows: (string | number)[][] = [
    ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'],
  ];
  const services = new Map<string, number[]>();
  const mismatched: string[] = [];
  for (const line of lines) {
    const routeId = line.badge ?? `L${/\d+/.exec(line.name)?.[0] ?? line.name}`;
    const color = line.color.replace('#', '').toUpperCase();
    routeRows.push([routeId, 'BJSUBWAY', line.aliases?.[0] ?? line.name, line.name, 1, color, textColor(color)]);
    Object.entries(line.train_routes).forEach(([direction, spec], directionId) => {
      const stations = directionStations(line, spec);
      const routes = parseRoutes(line, spec);
      const base = [...routes.values()].find((r) => Object.keys(spec[r.name] as object).length === 0);
      if (!base) throw new Error(`beijing-subway: ${line.name} ${direction} has no base route`);
      for (const [group, g] of Object.entries(line.date_groups)) {
        if (!g.weekday) throw new Error(`beijing-subway: date group ${group} of ${line.name} has no weekdays`);
        const serviceId = `W${[...g.weekday].sort().join('')}`;
        services.set(serviceId, g.weekday);
        const { runs, mismatched: bad } = directionRuns(line, direction, group, stations, routes, base);
        mismatched.push(...bad.map((b) => `${line.name} ${direction} ${group}: ${b}`));
        runs.sort((a, b) => (a.stops[0]?.minute ?? 0) - (b.stops[0]?.minute ?? 0));
        let n = 0;
        for (const run of runs) {
          const stops = [...run.stops];
          // A lap of a loop line ends back at the first station, the loop's last segment later.
          if (run.routes.every((r) => r.loop) && stops.at(-1)?.station === stations.at(-1) && line.loop_last_segment)
            stops.push({
              station: stations[0] as string,
              minute: (stops.at(-1)?.minute ?? 0) + line.loop_last_segment,
            });
          if (stops.length < 2) continue;
          const tripId = `${routeId}-${directionId}-${serviceId}-${String(++n).padStart(3, '0')}`;
          tripRows.push([routeId, serviceId, tripId, routeId, directionId]);
          stops.forEach((s, i) => {
            const t = HHMMSS(s.minute);
            stopTimeRows.push([tripId, t, t, stopIds.get(s.station) as string, i + 1]);
          });
        }
      }
    });
  }

  const DAYS = [1, 2, 3, 4, 5, 6, 7];
  writeGtfsZip('metro', {
    'agency.txt': csvRows([
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang'],
      ['BJSUBWAY', 'Beijing Subway', 'https://www.bjsubway.com', 'Asia/Shanghai', 'zh'],
      ...(more?.agency ?? []),
    ]),
    'stops.txt': csvRows([...stopRows, ...(more?.stops ?? [])]),
    'routes.txt': csvRows([...routeRows, ...(more?.routes ?? [])]),
    'trips.txt': csvRows([...tripRows, ...(more?.trips ?? [])]),
    'stop_times.txt': csvRows([...stopTimeRows, ...(more?.stopTimes ?? [])]),
    'calendar.txt': csvRows([
      CALENDAR_HEADER,
      ...[...services]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, days]) => [id, ...DAYS.map((d) => (days.includes(d) ? 1 : 0)), '20260101', '20271231']),
      ...(more?.calendar ?? []),
    ]),
    // Lines without a full open timetable run by headway (exact times: a train every headway from the start).
    'frequencies.txt': csvRows([
      ['trip_id', 'start_time', 'end_time', 'headway_secs', 'exact_times'],
      ...(more?.frequencies ?? []),
    ]),
  });
  const mean = fit.residualsKm.reduce((s, r) => s + r, 0) / fit.residualsKm.length;
  return {
    lines: lines.length,
    stops: stopIds.size,
    trips: tripRows.length - 1,
    anchors: anchorPoints.length,
    residualKm: { mean: Math.round(mean * 100) / 100, max: Math.round(Math.max(...fit.residualsKm) * 100) / 100 },
    mismatched,
  };
}
