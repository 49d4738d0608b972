import { pinyin } from 'pinyin-pro';
import { kmBetween } from './gtfs-metro';
import type { MetroTables } from './gtfs-zip';
import { readCsv } from './sources';

type Station = { id: string; nameEn: string; nameZh: string; lat: number; lon: number; neighbours: string[] };

/**
 * Corrections to the source's station-to-line table: 龙耀路 is a Line 11 station, not Line 6 (whose end
 * is 东方体育中心), and 港城路 a Line 6 station, not Line 10.
 */
const NOT_ON_LINE: Record<string, string[]> = { 'Line 6': ['Longyao Road'], 'Line 10': ['Gangcheng Road'] };

/**
 * Service of every line in outline: first and last departures from the terminals, and the minutes
 * between trains in the morning and evening peaks, between them, and early and late. The busiest lines
 * run every 2–3 minutes at peak; the planner takes 4 (and 8 between the peaks), since door-to-door
 * planning over a day's range of departures grows with the number of trains (at 3 and 6 minutes it took
 * about four times as long) and waits of a few minutes more change no plan's choice of train. Run times
 * come from the distance between stations at the lines' average speed with stops.
 */
export const SHANGHAI_SERVICE = {
  periods: [
    { from: '05:30', to: '07:00', headway: 10 },
    { from: '07:00', to: '09:30', headway: 4 },
    { from: '09:30', to: '17:00', headway: 8 },
    { from: '17:00', to: '19:30', headway: 4 },
    { from: '19:30', to: '22:30', headway: 10 },
  ],
  /** Average speed between stations, stops included, and the least minutes between two stations. */
  kmh: 36,
  minMinutes: 2,
  dwellMinutes: 0,
};

const pad = (n: number) => String(n).padStart(2, '0');
const HHMMSS = (min: number) => `${pad(Math.floor(min / 60))}:${pad(min % 60)}:00`;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** An ASCII stop id from the Chinese name's pinyin: "sh-lujiazui". */
export function stopId(nameZh: string): string {
  return `sh-${pinyin(nameZh, { toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z0-9]/g, '')}`;
}

function readStations(): Map<string, Station> {
  const zh = new Map(readCsv('curated/shanghai-metro-names.csv').map((r) => [r.name_en ?? '', r.name_zh ?? '']));
  const out = new Map<string, Station>();
  for (const r of readCsv('raw/shanghai-metro-2017/stationInfo.csv')) {
    const nameEn = (r.name ?? '').trim();
    const nameZh = zh.get(nameEn);
    if (!nameZh) throw new Error(`shanghai-metro: no Chinese name for ${nameEn}`);
    out.set(r.stationID ?? '', {
      id: r.stationID ?? '',
      nameEn,
      nameZh,
      lat: Number(r.lat),
      lon: Number(r.lon),
      neighbours: (r.neighbour ?? '')
        .replace(/[[\]\s]/g, '')
        .split(',')
        .filter(Boolean),
    });
  }
  return out;
}

/**
 * The stations of one line in running order, from the neighbour pairs of its stations: a path from one
 * end to the other, a loop (Line 4) closed back on its first station, or, for a line with a branch, the
 * trunk's end out to each of the other two ends. An edge that shortcuts a triangle of the line's stations
 * (two stations both on the line and both next to a third of it) is not a track.
 */
export function lineRuns(nodes: readonly string[], neighbours: (id: string) => readonly string[]): string[][] {
  const on = new Set(nodes);
  const adj = new Map(nodes.map((n) => [n, new Set(neighbours(n).filter((m) => on.has(m) && m !== n))]));
  for (const n of nodes) for (const m of adj.get(n) ?? []) adj.get(m)?.add(n);
  for (const [a, set] of adj)
    for (const b of [...set]) {
      const shared = [...set].some((c) => c !== b && adj.get(b)?.has(c));
      if (shared && set.size > 2 && (adj.get(b)?.size ?? 0) > 2) {
        set.delete(b);
        adj.get(b)?.delete(a);
      }
    }
  const path = (from: string, to: string): string[] => {
    const prev = new Map<string, string>([[from, from]]);
    const queue = [from];
    while (queue.length > 0) {
      const n = queue.shift() as string;
      for (const m of adj.get(n) ?? [])
        if (!prev.has(m)) {
          prev.set(m, n);
          queue.push(m);
        }
    }
    const out = [to];
    while (out[0] !== from) {
      const p = prev.get(out[0] as string);
      if (!p) return [];
      out.unshift(p);
    }
    return out;
  };
  const ends = nodes.filter((n) => adj.get(n)?.size === 1);
  if (ends.length === 0) {
    // A loop: walk round from the first station and back to it.
    const start = nodes[0] as string;
    const lap = [start];
    for (let n = [...(adj.get(start) ?? [])][0]; n && n !== start; ) {
      lap.push(n);
      n = [...(adj.get(n) ?? [])].find((m) => m !== lap[lap.length - 2] && (m === start || !lap.includes(m)));
    }
    return [[...lap, start]];
  }
  if (ends.length === 2) return [path(ends[0] as string, ends[1] as string)];
  // A branch: the trunk's end is the one whose runs to the other ends share the most stations.
  const overlap = (e: string) => {
    const [x, y] = ends.filter((o) => o !== e).map((o) => new Set(path(e, o)));
    return [...(x ?? [])].filter((s) => y?.has(s)).length;
  };
  const trunk = [...ends].sort((a, b) => overlap(b) - overlap(a))[0] as string;
  return ends.filter((e) => e !== trunk).map((e) => path(trunk, e));
}

/**
 * The Shanghai metro of 2017 (Lines 1–13 and 16, 302 stations) as rows of the metro feed: stations with
 * their positions and both names, each line's runs both ways as one template trip per run and direction,
 * and `frequencies.txt` rows for the headways of each period (exact times). Line colours are the
 * official ones of `curated/metro-line-colours.csv`.
 */
export function shanghaiMetroTables(): { tables: MetroTables; report: Record<string, number> } {
  const stations = readStations();
  const byName = new Map([...stations.values()].map((s) => [s.nameEn, s]));
  const linesOf = new Map<string, string[]>();
  for (const r of readCsv('raw/shanghai-metro-2017/station_lines_2017.csv'))
    for (const line of (r['Metro Line(s)'] ?? '').split(',').map((l) => l.trim()))
      if (!NOT_ON_LINE[line]?.includes((r['Station Name'] ?? '').trim()))
        linesOf.set(line, [...(linesOf.get(line) ?? []), (r['Station Name'] ?? '').trim()]);
  const colours = readCsv('curated/metro-line-colours.csv').filter((r) => r.city_code === 'SHA');
  const tables: MetroTables = {
    agency: [['SHMETRO', 'Shanghai Metro', 'https://service.shmetro.com', 'Asia/Shanghai', 'zh']],
    stops: [...stations.values()]
      .map((s) => [stopId(s.nameZh), s.nameZh, s.nameEn, s.lat.toFixed(5), s.lon.toFixed(5)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    routes: [],
    trips: [],
    stopTimes: [],
    calendar: [['SH-DAILY', 1, 1, 1, 1, 1, 1, 1, '20260101', '20271231']],
    frequencies: [],
  };
  const neighbours = (id: string) => stations.get(id)?.neighbours ?? [];
  let runs = 0;
  for (const [line, names] of [...linesOf].sort(([a], [b]) => Number(a.slice(5)) - Number(b.slice(5)))) {
    const n = line.replace('Line ', '');
    const colour = colours.find((c) => c.line_en === line)?.colour ?? '888888';
    const routeId = `SH${n}`;
    tables.routes.push([routeId, 'SHMETRO', line, `${n}号线`, 1, colour, 'FFFFFF']);
    const ids = names.map((name) => byName.get(name)?.id).filter((id): id is string => !!id);
    for (const [r, run] of lineRuns(ids, neighbours).entries()) {
      for (const [direction, order] of [run, [...run].reverse()].entries()) {
        const tripId = `${routeId}-${r}-${direction}`;
        tables.trips.push([routeId, 'SH-DAILY', tripId, routeId, direction]);
        let clock = minutesOf(SHANGHAI_SERVICE.periods[0]?.from ?? '05:30');
        order.forEach((id, i) => {
          if (i > 0) {
            const km = kmBetween(stations.get(order[i - 1] as string) as Station, stations.get(id) as Station);
            clock += Math.max(SHANGHAI_SERVICE.minMinutes, Math.round((km * 1.15 * 60) / SHANGHAI_SERVICE.kmh));
          }
          const t = HHMMSS(clock);
          tables.stopTimes.push([tripId, t, t, stopId((stations.get(id) as Station).nameZh), i + 1]);
        });
        for (const p of SHANGHAI_SERVICE.periods)
          tables.frequencies.push([tripId, `${p.from}:00`, `${p.to}:00`, p.headway * 60, 1]);
        runs++;
      }
    }
  }
  return { tables, report: { lines: tables.routes.length, stations: stations.size, templateTrips: runs } };
}
