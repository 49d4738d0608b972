import type { RawPlace } from '../types';
import { CALENDAR_HEADER, csvRows, writeGtfsZip } from './gtfs-zip';
import { readCsv, readJson } from './sources';

type KeyCityTrain = {
  start: string;
  end: string;
  route: { arrival: string; departure: string; city: string }[];
};

/** GTFS extended route types: high-speed (G, C), long-distance (D), sleeper (Z, T, K). */
const ROUTE_TYPE: Record<string, number> = { G: 101, C: 101, D: 102, Z: 105, T: 105, K: 105 };
/** Minutes a train stands at an intermediate stop when the key-city timetable does not say. */
const DWELL: Record<string, number> = { G: 2, C: 1, D: 2, Z: 6, T: 6, K: 8 };

const minutes = (hhmm: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const HHMMSS = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;

/** The stop sequence of one train from its consecutive-stop edges: the chain that starts where no edge ends. */
function orderEdges(edges: { from: string; to: string; minutes: number }[]): { stops: string[]; run: number[] } | null {
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

/**
 * Writes China Railway trains as a GTFS feed: the full stop sequence and run times of each train from the
 * segment data, its departure from the key-city timetable, and the key-city times where they are given;
 * stops in between get the train type's usual dwell. Trains found in both sources and whose every station
 * is known are built; the rest are counted as left out. Times are Beijing time (agency Asia/Shanghai).
 */
export function writeRailGtfs(places: RawPlace[]): { trains: number; leftOut: number; byType: Record<string, number> } {
  const stationByName = new Map(places.filter((p) => p.kind === 'station').map((p) => [p.nameZh, p]));
  const cityOf = new Map(places.filter((p) => p.kind === 'city').map((p) => [p.id, p.nameZh]));
  const edgesByTrain = new Map<string, { from: string; to: string; minutes: number }[]>();
  for (const r of readCsv('raw/china-railway-segment-runtimes/edge_multiply.csv')) {
    const list = edgesByTrain.get(r.train_no ?? '') ?? [];
    list.push({ from: r.start_station_name ?? '', to: r.end_station_name ?? '', minutes: Number(r.running_time) });
    edgesByTrain.set(r.train_no ?? '', list);
  }
  const keyCity = readJson<Record<string, KeyCityTrain>>('raw/china-railway-timetable-keycities/schedulers.json');

  const routeRows: (string | number)[][] = [
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
  ];
  const tripRows: (string | number)[][] = [['route_id', 'service_id', 'trip_id', 'trip_short_name']];
  const stopTimeRows: (string | number)[][] = [
    ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'],
  ];
  const used = new Map<string, RawPlace>();
  const byType: Record<string, number> = {};
  let leftOut = 0;

  for (const [code, train] of Object.entries(keyCity).sort(([a], [b]) => a.localeCompare(b))) {
    const type = code.charAt(0);
    const edges = edgesByTrain.get(code);
    const start = minutes(train.route[0]?.departure ?? '');
    const path = edges ? orderEdges(edges) : null;
    const stations = path?.stops.map((name) => stationByName.get(name));
    if (!ROUTE_TYPE[type] || !path || start === null || !stations || stations.some((s) => !s)) {
      leftOut++;
      continue;
    }
    // Key-city times by city name, used where the train stops at a station of that city.
    const anchors = new Map(
      train.route.slice(1).map((r) => [r.city, { arr: minutes(r.arrival), dep: minutes(r.departure) }]),
    );
    const times: { arr: number; dep: number }[] = [{ arr: start, dep: start }];
    let clock = start;
    for (let i = 1; i < path.stops.length; i++) {
      let arr = clock + (path.run[i - 1] as number);
      const isLast = i === path.stops.length - 1;
      let dep = isLast ? arr : arr + (DWELL[type] as number);
      const anchor = anchors.get(cityOf.get((stations[i] as RawPlace).cityId ?? -1) ?? '');
      if (anchor?.arr !== null && anchor?.arr !== undefined && anchor.arr >= clock) {
        arr = anchor.arr;
        dep = isLast ? arr : (anchor.dep ?? arr + (DWELL[type] as number));
        anchors.delete(cityOf.get((stations[i] as RawPlace).cityId ?? -1) ?? '');
      }
      times.push({ arr, dep: Math.max(dep, arr) });
      clock = Math.max(dep, arr);
    }
    const routeId = code;
    routeRows.push([routeId, 'CR', code, `${train.start}-${train.end}`, ROUTE_TYPE[type] as number]);
    tripRows.push([routeId, 'DAILY', code, code]);
    path.stops.forEach((_, i) => {
      const station = stations[i] as RawPlace;
      used.set(station.code, station);
      const t = times[i] as { arr: number; dep: number };
      stopTimeRows.push([code, HHMMSS(t.arr), HHMMSS(t.dep), station.code, i + 1]);
    });
    byType[type] = (byType[type] ?? 0) + 1;
  }

  const files: Record<string, string> = {
    'agency.txt': csvRows([
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone'],
      ['CR', 'China Railway', 'https://www.12306.cn', 'Asia/Shanghai'],
    ]),
    'stops.txt': csvRows([
      ['stop_id', 'stop_name', 'stop_lat', 'stop_lon'],
      ...[...used.values()]
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((s) => [s.code, s.nameZh, s.lat.toFixed(5), s.lon.toFixed(5)]),
    ]),
    'routes.txt': csvRows(routeRows),
    'trips.txt': csvRows(tripRows),
    'stop_times.txt': csvRows(stopTimeRows),
    'calendar.txt': csvRows([CALENDAR_HEADER, ['DAILY', 1, 1, 1, 1, 1, 1, 1, '20260101', '20271231']]),
  };
  writeGtfsZip('rail', files);
  return { trains: tripRows.length - 1, leftOut, byType };
}
