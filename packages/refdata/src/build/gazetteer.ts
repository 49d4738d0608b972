import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { GAZETTEER_KINDS, type GazetteerKind, type GazetteerRow } from '../gazetteer';
import type { RawPlace } from '../types';
import { pinyinOf } from './places';
import { DATA_DIR, readCsv } from './sources';

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const round = (x: number): number => Math.round(x * 1e5) / 1e5;

/** The English name of a Chinese district or county from its pinyin: 荔湾区 → "Liwan District". */
const DIVISION_SUFFIX: [RegExp, string][] = [
  [/自治县$/, 'Autonomous County'],
  [/自治旗$/, 'Autonomous Banner'],
  [/新区$/, 'New Area'],
  [/区$/, 'District'],
  [/县$/, 'County'],
  [/市$/, 'City'],
  [/旗$/, 'Banner'],
];

export function divisionNameEn(zh: string): string {
  for (const [suffix, en] of DIVISION_SUFFIX) {
    const stem = zh.replace(suffix, '');
    if (stem !== zh && stem.length > 0) return `${capitalize(pinyinOf(stem).full)} ${en}`;
  }
  return capitalize(pinyinOf(zh).full);
}

/** The districts of municipalities and special regions carry no city name: their division code says it. */
const MUNICIPALITY: Record<string, string> = {
  '11': 'BJS',
  '12': 'TSN',
  '31': 'SHA',
  '50': 'CKG',
  '81': 'HKG',
  '82': 'MFM',
};

export type GazetteerBuild = { rows: GazetteerRow[]; report: Record<string, number> };

/** The city of a metro stop, by its id's prefix. */
const METRO_CITY: Record<string, string> = {
  'bj-': 'BJS',
  'sh-': 'SHA',
  'gz-': 'CAN',
  'sz-': 'SZX',
  'cd-': 'CTU',
  'hz-': 'HGH',
  'wh-': 'WUH',
  'cq-': 'CKG',
  'xa-': 'XIY',
  'nj-': 'NKG',
  'tj-': 'TSN',
  'su-': 'SZH',
  'zz-': 'CGO',
  'cs-': 'CSX',
  'km-': 'KMG',
  'qd-': 'TAO',
  'sy-': 'SHE',
  'hf-': 'HFE',
  'dl-': 'DLC',
  'xm-': 'XMN',
  'nb-': 'NGB',
  'jn-': 'TNA',
  'hb-': 'HRB',
};

/**
 * The offline gazetteer behind the place picker's "Addresses and landmarks": the curated landmarks of
 * the busiest Chinese cities, every metro station of the metro feed, the districts and counties of
 * Chinese cities (their centre points), and towns worldwide from GeoNames (population ≥ 1,000). Cities
 * of the place data are left out (the place search has them).
 */
export function buildGazetteer(places: readonly RawPlace[]): GazetteerBuild {
  const cities = places.filter((p) => p.kind === 'city');
  const cityByZh = new Map<string, RawPlace>();
  for (const c of cities) if (c.nameZh && c.country === 'CN' && !cityByZh.has(c.nameZh)) cityByZh.set(c.nameZh, c);
  const cityCodes = new Set(cities.map((c) => c.cityCode));
  const rows: GazetteerRow[] = [];
  const report: Record<string, number> = {};
  const add = (row: GazetteerRow) => {
    rows.push(row);
    report[row[0]] = (report[row[0]] ?? 0) + 1;
  };
  const kinds = new Set<string>(GAZETTEER_KINDS);

  for (const r of readCsv('curated/landmarks.csv')) {
    const kind = r.kind as GazetteerKind;
    const lat = Number(r.lat);
    const lon = Number(r.lon);
    if (!kinds.has(kind) || !cityCodes.has(r.city ?? '') || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      throw new Error(`curated/landmarks.csv: bad row ${JSON.stringify(r)}`);
    }
    const zh = r.name_zh ?? '';
    add([kind, zh, r.name_en ?? '', pinyinOf(zh).full, r.city ?? '', 'CN', round(lat), round(lon)]);
  }

  const metro = unzipSync(new Uint8Array(fs.readFileSync(path.join(DATA_DIR, 'gtfs', 'metro.zip'))));
  const stops: Record<string, string>[] = parse(strFromU8(metro['stops.txt'] as Uint8Array), {
    columns: true,
    skip_empty_lines: true,
  });
  const seenStations = new Set<string>();
  for (const s of stops) {
    const zh = s.stop_name ?? '';
    const city = METRO_CITY[(s.stop_id ?? '').slice(0, 3)];
    if (!city) throw new Error(`gazetteer: no city for metro stop ${s.stop_id}`);
    // A station of two lines with two platforms far apart (木樨地) is one name on the map.
    if (seenStations.has(`${city}:${zh}`)) continue;
    seenStations.add(`${city}:${zh}`);
    add(['metro', zh, s.stop_name_en ?? zh, pinyinOf(zh).full, city, 'CN', Number(s.stop_lat), Number(s.stop_lon)]);
  }

  const curatedDistricts = new Set(rows.filter((r) => r[0] === 'district').map((r) => `${r[4]}:${r[1]}`));
  for (const d of readCsv('raw/china-districts/districts.csv')) {
    const city = d.city
      ? cityByZh.get(d.city.replace(/市$/, ''))
      : cities.find((c) => c.cityCode === MUNICIPALITY[(d.code ?? '').slice(0, 2)]);
    const zh = d.name ?? '';
    if (!zh || curatedDistricts.has(`${city?.cityCode}:${zh}`)) continue;
    add([
      'district',
      zh,
      divisionNameEn(zh),
      pinyinOf(zh).full,
      city?.cityCode ?? '',
      'CN',
      round(Number(d.lat)),
      round(Number(d.lon)),
    ]);
  }

  // GeoNames towns; a town that is one of our cities (same name within 30 km) is left to the place search.
  const cityNames = new Map<string, RawPlace[]>();
  for (const c of cities) {
    const key = c.nameEn.toLowerCase();
    cityNames.set(key, [...(cityNames.get(key) ?? []), c]);
  }
  for (const t of readCsv('raw/geonames-cities/cities.csv')) {
    const name = t.name ?? '';
    const lat = Number(t.lat);
    const lon = Number(t.lng);
    if (!name || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const same = cityNames.get(name.toLowerCase()) ?? [];
    if (same.some((c) => Math.abs(c.lat - lat) < 0.3 && Math.abs(c.lon - lon) < 0.3)) continue;
    add(['town', '', name, '', '', t.country ?? '', round(lat), round(lon)]);
  }
  return { rows, report };
}
