import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { DATA_DIR } from './sources';

export const csvRows = (rows: (string | number)[][]): string =>
  `${rows.map((r) => r.map((v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')}\n`;

export const CALENDAR_HEADER = [
  'service_id',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'start_date',
  'end_date',
];

/** Writes a GTFS feed as `data/gtfs/<name>.zip`, byte-for-byte the same for the same data (fixed timestamps). */
export function writeGtfsZip(name: string, files: Record<string, string>): void {
  const mtime = new Date('2026-01-01T00:00:00Z');
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([file, text]) => [file, [strToU8(text), { mtime, level: 9 }]])),
  );
  fs.mkdirSync(path.join(DATA_DIR, 'gtfs'), { recursive: true });
  fs.writeFileSync(path.join(DATA_DIR, 'gtfs', `${name}.zip`), zip);
}

/** Rows of the metro feed's tables, without their header lines. */
export type MetroTables = {
  agency: (string | number)[][];
  stops: (string | number)[][];
  routes: (string | number)[][];
  trips: (string | number)[][];
  stopTimes: (string | number)[][];
  calendar: (string | number)[][];
  frequencies: (string | number)[][];
};

/** The rows of two parts of the metro feed together, table by table. */
export const joinTables = (a: MetroTables, b: MetroTables): MetroTables =>
  Object.fromEntries(
    (Object.keys(a) as (keyof MetroTables)[]).map((key) => [key, [...a[key], ...b[key]]]),
  ) as MetroTables;
