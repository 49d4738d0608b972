import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import type { MapData } from '../map-data';
import { METRO_AGENCY_CITY } from '../metro-agencies';
import { divisionNameEn } from './gazetteer';
import { DATA_DIR, readJson } from './sources';

type Outlines = Record<string, { code: string; name: string; rings: [number, number][][] }[]>;

/**
 * What the map dialog draws from our own data, no tile server: the district outlines of the busiest
 * Chinese cities and the metro lines of the metro feed (each line drawn along its longest trip).
 */
export function buildMapData(): { map: MapData; report: Record<string, number> } {
  const outlines = readJson<Outlines>('raw/china-district-outlines/outlines.json');
  const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(DATA_DIR, 'gtfs', 'metro.zip'))));
  const csv = (name: string): Record<string, string>[] =>
    parse(strFromU8(zip[name] as Uint8Array), { columns: true, skip_empty_lines: true });
  const stops = new Map(csv('stops.txt').map((s) => [s.stop_id ?? '', s]));
  const tripRoute = new Map(csv('trips.txt').map((t) => [t.trip_id ?? '', t.route_id ?? '']));
  const tripStops = new Map<string, string[]>();
  for (const st of csv('stop_times.txt')) {
    const trip = st.trip_id ?? '';
    const list = tripStops.get(trip) ?? [];
    list[Number(st.stop_sequence) - 1] = st.stop_id ?? '';
    tripStops.set(trip, list);
  }
  // Each line along its longest trip, and along any trip reaching stations the ones drawn miss (a branch).
  const byRoute = new Map<string, string[][]>();
  for (const [trip, list] of tripStops) {
    const route = tripRoute.get(trip) ?? '';
    byRoute.set(route, [...(byRoute.get(route) ?? []), list.filter(Boolean)]);
  }
  const metro: MapData['metro'] = {};
  for (const r of csv('routes.txt')) {
    const city = METRO_AGENCY_CITY[r.agency_id ?? ''];
    if (!city) continue;
    const drawn = new Set<string>();
    const runs = (byRoute.get(r.route_id ?? '') ?? []).sort((a, b) => b.length - a.length);
    for (const ids of runs) {
      if (ids.every((id) => drawn.has(id))) continue;
      for (const id of ids) drawn.add(id);
      const points = ids.flatMap((id) => {
        const s = stops.get(id);
        return s ? [[Number(s.stop_lon), Number(s.stop_lat)] as [number, number]] : [];
      });
      if (points.length < 2) continue;
      metro[city] = [
        ...(metro[city] ?? []),
        {
          id: r.route_id ?? '',
          nameEn: r.route_short_name ?? '',
          nameZh: r.route_long_name ?? r.route_short_name ?? '',
          color: `#${r.route_color || '888888'}`,
          points,
        },
      ];
    }
  }
  const districts: MapData['districts'] = {};
  for (const [city, list] of Object.entries(outlines)) {
    districts[city] = list.map((d) => ({ nameZh: d.name, nameEn: divisionNameEn(d.name), rings: d.rings }));
  }
  return {
    map: { districts, metro },
    report: {
      cities: Object.keys(districts).length,
      metroCities: Object.keys(metro).length,
      metroLines: Object.values(metro).reduce((n, l) => n + new Set(l.map((x) => x.id)).size, 0),
    },
  };
}
