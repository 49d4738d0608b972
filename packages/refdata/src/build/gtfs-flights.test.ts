import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { flyingAirlines, weeklyFrequency } from './gtfs-flights';

describe('weekly flight frequencies', () => {
  const args = fc.tuple(
    fc.integer({ min: 50, max: 15_000 }),
    fc.integer({ min: 0, max: 3000 }),
    fc.nat(),
    fc.tuple(fc.constantFrom(0, 1, 2), fc.constantFrom(0, 1, 2)),
  );

  it('stay between two a week and six a day', () => {
    fc.assert(
      fc.property(args, ([km, size, seed, tiers]) => {
        const n = weeklyFrequency(km, size, seed, tiers);
        return Number.isInteger(n) && n >= 2 && n <= 42;
      }),
    );
  });

  it('never fall when an end is a busier airport, or the route shorter', () => {
    fc.assert(
      fc.property(args, ([km, size, seed, [a, b]]) => {
        const base = weeklyFrequency(km, size, seed, [a, b]);
        const busier = weeklyFrequency(km, size, seed, [a === 0 ? 2 : 1, b]);
        const shorter = weeklyFrequency(Math.max(50, km - 1500), size, seed, [a, b]);
        return busier >= base && shorter >= base;
      }),
    );
  });
});

describe('the generated flight feed', () => {
  const files = unzipSync(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../data/gtfs/flights.zip')));
  const table = (name: string): Record<string, string>[] =>
    parse(strFromU8(files[name] as Uint8Array), { columns: true, skip_empty_lines: true });
  const routes = table('routes.txt');

  it('flies no airline that has ceased, and keeps the ones that fly', () => {
    const flying = flyingAirlines();
    const airlines = new Set(routes.map((r) => r.agency_id));
    for (const gone of ['AB', '9W', 'KA', 'BE', 'VX', 'MI']) expect(airlines, gone).not.toContain(gone);
    for (const code of ['CA', 'MU', 'CZ', 'HU', 'CX', 'SQ', 'LH']) expect(airlines, code).toContain(code);
    expect([...airlines].every((a) => flying(a as string))).toBe(true);
  });

  it('flies the trunk routes between the busiest Chinese airports several times a day', () => {
    const trips = table('trips.txt');
    const perDay = (from: string, to: string) =>
      trips.filter((t) => (t.route_id as string).endsWith(`:${from}:${to}`)).length;
    expect(perDay('PEK', 'SHA') + perDay('PEK', 'PVG')).toBeGreaterThanOrEqual(8);
    expect(perDay('CAN', 'PEK')).toBeGreaterThanOrEqual(4);
  });
});
