import type { RawPlace } from '../types';
import { CALENDAR_HEADER, csvRows, writeGtfsZip } from './gtfs-zip';
import { mislocatedStations, type RailCall, railFaults } from './rail-checks';
import { familyOf, type InferContext, inferCalls, LineUsage } from './rail-infer';
import {
  type KeyCityTrain,
  minutesOf,
  orderEdges,
  readKeyCityTrains,
  readSegmentEdges,
  StationResolver,
  stationsByKeyCity,
} from './rail-sources';

/** GTFS extended route types: high-speed (G, C), long-distance (D), sleeper (Z, T, K). */
const ROUTE_TYPE: Record<string, number> = { G: 101, C: 101, D: 102, Z: 105, T: 105, K: 105 };
/** Minutes a train stands at an intermediate stop when the key-city timetable does not say. */
const DWELL: Record<string, number> = { G: 2, C: 1, D: 2, Z: 6, T: 6, K: 8 };

const HHMMSS = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;

export type RailReport = {
  trains: number;
  byType: Record<string, number>;
  /** Trains built from the segment data's full stop sequence, and inferred from their key-city calls. */
  fullSequence: number;
  inferred: number;
  stations: number;
  /** Station names of the sources the 12306 list lacks, matched to a 12306 station by position. */
  renamed: Record<string, string>;
  /** G and D trains of the key-city timetable from one provincial capital to another: how many, and which are missing. */
  capitals: { trains: number; missing: string[] };
  /** Stations whose positions fail the speed checks of several trains, not judged for speed. */
  mislocated: string[];
  leftOut: { noTimes: number; unknownStation: number; classNotSold: number; failedChecks: number };
  faults: Record<string, number>;
};

type BuiltTrain = { code: string; type: string; train: KeyCityTrain; calls: RailCall[]; inferred: boolean };

/** A train's calls from the segment data's full sequence, timed by the key-city timetable where it calls at a key city. */
function sequenceCalls(
  type: string,
  path: { stops: string[]; run: number[] },
  stations: RawPlace[],
  train: KeyCityTrain,
  cityOf: Map<number, string>,
  resolver: StationResolver,
  useAnchors: boolean,
): RailCall[] | null {
  const start = minutesOf(train.route[0]?.departure ?? '');
  if (start === null) return null;
  const anchors = new Map(
    train.route.slice(1).map((r) => [r.city, { arr: minutesOf(r.arrival), dep: minutesOf(r.departure) }]),
  );
  const calls: RailCall[] = [];
  let clock = start;
  stations.forEach((station, i) => {
    const place = { station: station.code, lat: station.lat, lon: station.lon, located: resolver.located(station) };
    if (i === 0) {
      calls.push({ ...place, arr: start, dep: start });
      return;
    }
    const isLast = i === stations.length - 1;
    let arr = clock + (path.run[i - 1] as number);
    let dep = isLast ? arr : arr + (DWELL[type] as number);
    const city = cityOf.get(station.cityId ?? -1) ?? '';
    const anchor = anchors.get(city);
    if (useAnchors && anchor?.arr !== null && anchor?.arr !== undefined && anchor.arr >= clock) {
      arr = anchor.arr;
      dep = isLast ? arr : (anchor.dep ?? arr + (DWELL[type] as number));
      anchors.delete(city);
    }
    calls.push({ ...place, arr, dep: Math.max(dep, arr) });
    clock = Math.max(dep, arr);
  });
  return calls;
}

/** The capitals of the provinces, autonomous regions and municipalities of mainland China. */
const PROVINCIAL_CAPITALS = new Set(
  '北京 天津 上海 重庆 石家庄 太原 呼和浩特 沈阳 长春 哈尔滨 南京 杭州 合肥 福州 南昌 济南 郑州 武汉 长沙 广州 南宁 海口 成都 贵阳 昆明 拉萨 西安 兰州 西宁 银川 乌鲁木齐'.split(
    ' ',
  ),
);

function capitalTrains(
  keyCity: Record<string, KeyCityTrain>,
  kept: readonly BuiltTrain[],
  cityOf: Map<number, string>,
  resolver: StationResolver,
): { trains: number; missing: string[] } {
  const present = new Set(kept.map((b) => b.code));
  const capital = (name: string) => PROVINCIAL_CAPITALS.has(cityOf.get(resolver.get(name)?.cityId ?? -1) ?? '');
  const codes = Object.entries(keyCity)
    .filter(([code, t]) => /^[GD]/.test(code) && capital(t.start) && capital(t.end))
    .map(([code]) => code);
  return { trains: codes.length, missing: codes.filter((c) => !present.has(c)).sort() };
}

/** Every train of the key-city timetable as calls: from its full sequence where known, else inferred. */
function buildTrains(
  keyCity: Record<string, KeyCityTrain>,
  paths: Map<string, { stops: string[]; run: number[] }>,
  ctx: InferContext & { cityOf: Map<number, string> },
  report: RailReport,
): BuiltTrain[] {
  const { resolver, cityOf } = ctx;
  const built: BuiltTrain[] = [];
  for (const [code, train] of Object.entries(keyCity).sort(([a], [b]) => a.localeCompare(b))) {
    const type = code.charAt(0);
    if (!ROUTE_TYPE[type]) {
      report.leftOut.classNotSold++;
      continue;
    }
    const path = paths.get(code);
    const stations = path?.stops.map((name) => resolver.get(name));
    const full = path && stations?.every((s) => s) ? { path, stations: stations as RawPlace[] } : undefined;
    let calls: RailCall[] | null;
    if (full) {
      // The key-city times come from another year's timetable than the run times: where they disagree
      // (a segment the class could not run in its time), the run times alone are kept.
      calls = sequenceCalls(type, full.path, full.stations, train, cityOf, resolver, true);
      if (calls && railFaults(type, calls).length > 0)
        calls = sequenceCalls(type, full.path, full.stations, train, cityOf, resolver, false);
      if (!calls) report.leftOut.noTimes++;
    } else {
      calls = inferCalls(type, train, ctx);
      if (!calls) report.leftOut.unknownStation++;
    }
    if (calls) built.push({ code, type, train, calls, inferred: !full });
  }
  return built;
}

/** The feed's files for the trains kept, calling at the stations used. */
function railFiles(
  kept: readonly BuiltTrain[],
  used: Set<string>,
  stationPlaces: readonly RawPlace[],
): Record<string, string> {
  const byCode = new Map(stationPlaces.map((s) => [s.code, s]));
  return {
    'agency.txt': csvRows([
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone'],
      ['CR', 'China Railway', 'https://www.12306.cn', 'Asia/Shanghai'],
    ]),
    'stops.txt': csvRows([
      ['stop_id', 'stop_name', 'stop_lat', 'stop_lon'],
      ...[...used]
        .sort()
        .map((code) => byCode.get(code) as RawPlace)
        .map((s) => [s.code, s.nameZh, s.lat.toFixed(5), s.lon.toFixed(5)]),
    ]),
    'routes.txt': csvRows([
      ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
      ...kept.map((b) => [b.code, 'CR', b.code, `${b.train.start}-${b.train.end}`, ROUTE_TYPE[b.type] as number]),
    ]),
    'trips.txt': csvRows([
      ['route_id', 'service_id', 'trip_id', 'trip_short_name'],
      ...kept.map((b) => [b.code, 'DAILY', b.code, b.code]),
    ]),
    'stop_times.txt': csvRows([
      ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'],
      ...kept.flatMap((b) => b.calls.map((c, i) => [b.code, HHMMSS(c.arr), HHMMSS(c.dep), c.station, i + 1])),
    ]),
    'calendar.txt': csvRows([CALENDAR_HEADER, ['DAILY', 1, 1, 1, 1, 1, 1, 1, '20260101', '20271231']]),
  };
}

/**
 * Writes China Railway trains as a GTFS feed. A train in both railway sources takes the segment data's
 * full stop sequence and run times, its departure from the key-city timetable and the key-city times
 * where it calls at a key city; stops in between get the type's usual dwell. A train only the key-city
 * timetable has is built from its key-city calls, each at the station the lines' trains of its family
 * use (`inferCalls`). Every train must pass the checks of `railFaults` (order, dwell, speed per segment
 * by class) or is left out and counted. Times are Beijing time (agency Asia/Shanghai); trains run daily,
 * since neither source gives running days.
 */
export function writeRailGtfs(places: RawPlace[]): RailReport {
  const stationPlaces = places.filter((p) => p.kind === 'station');
  const resolver = new StationResolver(stationPlaces);
  const cityOf = new Map(places.filter((p) => p.kind === 'city').map((p) => [p.id, p.nameZh]));
  const edgesByTrain = readSegmentEdges();
  const keyCity = readKeyCityTrains();

  const usage = new LineUsage();
  const paths = new Map<string, { stops: string[]; run: number[] }>();
  [...edgesByTrain.keys()].sort().forEach((code, n) => {
    const path = orderEdges(edgesByTrain.get(code) ?? []);
    if (!path) return;
    paths.set(code, path);
    usage.add(familyOf(code.charAt(0)), n, path.stops);
  });
  const ctx = { byCity: stationsByKeyCity(places, resolver), usage, resolver };

  const report: RailReport = {
    trains: 0,
    byType: {},
    fullSequence: 0,
    inferred: 0,
    stations: 0,
    renamed: {},
    mislocated: [],
    capitals: { trains: 0, missing: [] },
    leftOut: { noTimes: 0, unknownStation: 0, classNotSold: 0, failedChecks: 0 },
    faults: {},
  };
  const built = buildTrains(keyCity, paths, { ...ctx, cityOf }, report);

  // A station whose position puts trains of several numbers past twice their class's speed is misplaced
  // in the coordinate files: its segments are not judged for speed.
  const mislocated = mislocatedStations(built);
  report.mislocated = [...mislocated].sort();
  const kept: BuiltTrain[] = [];
  for (const b of built) {
    const calls = b.calls.map((c) => (mislocated.has(c.station) ? { ...c, located: false } : c));
    const faults = railFaults(b.type, calls);
    if (faults.length > 0 || calls.length < 2) {
      for (const f of new Set(faults.map((x) => x.kind))) report.faults[f] = (report.faults[f] ?? 0) + 1;
      report.leftOut.failedChecks++;
      continue;
    }
    kept.push(b);
    if (b.inferred) report.inferred++;
    else report.fullSequence++;
    report.byType[b.type] = (report.byType[b.type] ?? 0) + 1;
  }
  const used = new Set(kept.flatMap((b) => b.calls.map((c) => c.station)));
  report.capitals = capitalTrains(keyCity, kept, cityOf, resolver);
  writeGtfsZip('rail', railFiles(kept, used, stationPlaces));
  report.trains = kept.length;
  report.stations = used.size;
  report.renamed = Object.fromEntries(resolver.renamed);
  return report;
}
