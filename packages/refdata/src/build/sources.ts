import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** The project's data folder: raw open data (`raw/`) and curated tables (`curated/`). */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../../../data');
export const GENERATED_DIR = path.resolve(import.meta.dirname, '../../generated');

export const readText = (file: string): string => fs.readFileSync(path.join(DATA_DIR, file), 'utf8');
export const readJson = <T>(file: string): T => JSON.parse(readText(file)) as T;

/** CSV with a header line, as objects. */
export function readCsv(file: string): Record<string, string>[] {
  return parse(readText(file), { columns: true, skip_empty_lines: true, trim: true, bom: true });
}

/** OpenFlights `.dat` files: CSV without a header, `\N` for empty. */
export function readDat(file: string): string[][] {
  const rows: string[][] = parse(readText(file), { relax_quotes: true, skip_empty_lines: true });
  return rows.map((r) => r.map((v) => (v === '\\N' ? '' : v)));
}

export type OpenFlightsAirport = {
  name: string;
  city: string;
  country: string;
  iata: string;
  lat: number;
  lon: number;
  tz: string;
};

export function readOpenFlightsAirports(): Map<string, OpenFlightsAirport> {
  const out = new Map<string, OpenFlightsAirport>();
  for (const r of readDat('raw/openflights/airports.dat')) {
    const iata = r[4] ?? '';
    if (!/^[A-Z]{3}$/.test(iata)) continue;
    out.set(iata, {
      name: r[1] ?? '',
      city: r[2] ?? '',
      country: r[3] ?? '',
      iata,
      lat: Number(r[6]),
      lon: Number(r[7]),
      tz: r[11] ?? '',
    });
  }
  return out;
}

/** Departures per airport in the OpenFlights route list: our measure of an airport's size. */
export function readRouteCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of readDat('raw/openflights/routes.dat')) {
    for (const code of [r[2], r[4]]) if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

export type OurAirport = {
  iata_code: string;
  name: string;
  municipality: string;
  iso_country: string;
  type: string;
  scheduled_service: string;
  latitude_deg: string;
  longitude_deg: string;
};

export const readOurAirports = (): OurAirport[] => readJson<OurAirport[]>('raw/ourairports/airports-medium-large.json');

export type Station12306 = {
  name: string;
  telecode: string;
  pinyin: string;
  initials: string;
  cityName: string;
  country: string;
};

/** The 12306 station list: `@`-separated records of `|`-separated fields. */
export function readStations(): Station12306[] {
  return readText('raw/china-railway-stations-12306/station_name.txt')
    .split('@')
    .map((record) => record.trim())
    .filter(Boolean)
    .map((record) => {
      const f = record.split('|').map((field) => field.trim());
      return {
        name: f[1] ?? '',
        telecode: f[2] ?? '',
        pinyin: f[3] ?? '',
        initials: f[4] ?? '',
        cityName: f[7] || f[1] || '',
        country: f[8] ? 'LA' : 'CN',
      };
    })
    .filter((s) => s.name && /^[A-Z]{3}$/.test(s.telecode));
}

export type StationCoordinate = { lat: number; lon: number; grade: number };

/** Station coordinates (WGS84) and grade by Chinese name, from the two coordinate files. */
export function readStationCoordinates(): Map<string, StationCoordinate> {
  const out = new Map<string, StationCoordinate>();
  const GRADE: Record<string, number> = { 特等站: 5, 一等站: 4, 二等站: 3, 三等站: 2, 四等站: 1, 五等站: 1 };
  for (const r of readCsv('raw/china-railway-station-coords/cnstation.csv')) {
    const name = (r.站名 ?? '').replace(/站$/, '');
    const lat = Number(r.WGS84_Lat);
    const lon = Number(r.WGS84_Lng);
    if (name && Number.isFinite(lat) && Number.isFinite(lon) && lat !== 0) {
      out.set(name, { lat, lon, grade: GRADE[(r.类别 ?? '').trim()] ?? 0 });
    }
  }
  for (const r of readCsv('raw/china-railway-station-coords/station_coordinate_2023.csv')) {
    const name = r.station ?? '';
    const lat = Number(r.latitude);
    const lon = Number(r.longitude);
    if (name && !out.has(name) && Number.isFinite(lat) && Number.isFinite(lon) && lat !== 0) {
      out.set(name, { lat, lon, grade: 0 });
    }
  }
  return out;
}
