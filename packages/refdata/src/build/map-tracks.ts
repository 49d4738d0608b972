import type { MapData } from '../map-data';
import { readCsv, readJson } from './sources';

type TrackFile = {
  features: { properties: Record<string, string | undefined>; geometry: { type: string; coordinates: unknown } }[];
};
type Line = MapData['metro'][string][number];

/** Perpendicular distance of p from the segment a–b, in degrees (enough for simplifying a city's tracks). */
function offset(p: [number, number], a: [number, number], b: [number, number]): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Douglas–Peucker: the fewest points that keep the line within `tolerance` of every point dropped. */
export function simplify(points: [number, number][], tolerance: number): [number, number][] {
  if (points.length < 3) return points;
  let worst = 0;
  let at = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const d = offset(points[i] as [number, number], points[0] as [number, number], points.at(-1) as [number, number]);
    if (d > worst) [worst, at] = [d, i];
  }
  if (worst <= tolerance) return [points[0] as [number, number], points.at(-1) as [number, number]];
  return [...simplify(points.slice(0, at + 1), tolerance).slice(0, -1), ...simplify(points.slice(at), tolerance)];
}

/** The lines a track way carries, from its OpenStreetMap name: "上海轨道交通3, 4号线" → 3号线 and 4号线. */
export function linesOfTrack(name: string): string[] {
  if (/磁浮|磁悬浮/.test(name)) return ['磁浮'];
  const m = /(\d+(?:\s*[,，、]\s*\d+)*)\s*号线/.exec(name);
  return m ? (m[1] as string).split(/\s*[,，、]\s*/).map((n) => `${n}号线`) : [];
}

/**
 * Metro lines of cities beyond the metro feed, drawn along their tracks as mapped in OpenStreetMap
 * (`raw/osm-metro-tracks/`, running track only: no yards, sidings or crossovers), in the official line
 * colours of `curated/metro-line-colours.csv`. A line without a colour there is not drawn.
 */
export function trackLines(files: Record<string, string[]>): Record<string, Line[]> {
  const colours = readCsv('curated/metro-line-colours.csv');
  const out: Record<string, Line[]> = {};
  for (const [city, names] of Object.entries(files)) {
    const lines: Line[] = [];
    for (const file of names) {
      for (const f of readJson<TrackFile>(`raw/osm-metro-tracks/${file}`).features) {
        if (f.geometry.type !== 'LineString' || f.properties.service) continue;
        const points = simplify(f.geometry.coordinates as [number, number][], 0.0002).map(
          ([lon, lat]) => [Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5] as [number, number],
        );
        for (const zh of linesOfTrack(f.properties.name ?? '')) {
          const c = colours.find((r) => r.city_code === city && r.line_zh === zh);
          if (!c) continue;
          lines.push({ id: `${city}-${zh}`, nameEn: c.line_en ?? zh, nameZh: zh, color: `#${c.colour}`, points });
        }
      }
    }
    out[city] = lines;
  }
  return out;
}
