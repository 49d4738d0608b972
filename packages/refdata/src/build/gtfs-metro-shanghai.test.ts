import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { kmBetween } from './gtfs-metro';
import { lineRuns } from './gtfs-metro-shanghai';

/** Neighbour lists of a line laid out as `order` (and a branch off station `at`), shuffled as a source gives them. */
function network(order: string[], branch: string[] = [], at = 0, loop = false) {
  const nb = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    nb.set(a, [...(nb.get(a) ?? []), b]);
    nb.set(b, [...(nb.get(b) ?? []), a]);
  };
  for (let i = 1; i < order.length; i++) link(order[i - 1] as string, order[i] as string);
  if (loop) link(order.at(-1) as string, order[0] as string);
  if (branch.length > 0) {
    link(order[at] as string, branch[0] as string);
    for (let i = 1; i < branch.length; i++) link(branch[i - 1] as string, branch[i] as string);
  }
  return (id: string) => nb.get(id) ?? [];
}

const names = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`);
const sameRun = (a: string[], b: string[]) =>
  JSON.stringify(a) === JSON.stringify(b) || JSON.stringify(a) === JSON.stringify([...b].reverse());

describe('the running order of a metro line from its stations’ neighbours', () => {
  it('recovers a line end to end, whatever order the stations come in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.nat(), (n, seed) => {
        const order = names(n, 's');
        const shuffled = [...order].sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 17 + seed) % 5));
        const runs = lineRuns(shuffled, network(order));
        return runs.length === 1 && sameRun(runs[0] as string[], order);
      }),
    );
  });

  it('closes a loop back on its first station, and runs a branch from the trunk’s end to each other end', () => {
    const loop = names(12, 'l');
    const [lap] = lineRuns(loop, network(loop, [], 0, true));
    expect(lap?.length).toBe(13);
    expect(lap?.[0]).toBe(lap?.at(-1));
    expect(new Set(lap)).toEqual(new Set(loop));
    const trunk = names(10, 't');
    const branch = names(3, 'b');
    const runs = lineRuns([...trunk, ...branch], network(trunk, branch, 6));
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r[0] === 't0')).toBe(true);
    expect(runs.map((r) => r.at(-1)).sort()).toEqual(['b2', 't9']);
  });

  it('drops the shortcut of a triangle, keeping the station between', () => {
    const order = names(6, 's');
    const base = network(order);
    // The source also lists s1 and s3 as neighbours (they are neighbours on another line).
    const withShortcut = (id: string) => [...base(id), ...(id === 's1' ? ['s3'] : id === 's3' ? ['s1'] : [])];
    expect(sameRun(lineRuns(order, withShortcut)[0] as string[], order)).toBe(true);
  });
});

describe('the Shanghai metro in the generated metro feed', () => {
  const files = unzipSync(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../data/gtfs/metro.zip')));
  const table = (name: string): Record<string, string>[] =>
    parse(strFromU8(files[name] as Uint8Array), { columns: true, skip_empty_lines: true });
  const stops = table('stops.txt').filter((s) => s.stop_id?.startsWith('sh-'));
  const routes = table('routes.txt').filter((r) => r.agency_id === 'SHMETRO');
  const byName = new Map(stops.map((s) => [s.stop_name as string, s]));
  const stopTimes = table('stop_times.txt').filter((st) => st.trip_id?.startsWith('SH'));
  const seq = (trip: string) =>
    stopTimes.filter((st) => st.trip_id === trip).map((st) => stops.find((s) => s.stop_id === st.stop_id)?.stop_name);

  it('holds 14 lines in their colours and 302 stations named in both languages', () => {
    expect(routes).toHaveLength(14);
    expect(routes.find((r) => r.route_long_name === '2号线')?.route_color).toBe('8CC220');
    expect(stops).toHaveLength(302);
    for (const s of stops) expect(s.stop_name_en && s.stop_name && s.stop_name !== s.stop_name_en).toBeTruthy();
  });

  it('runs Line 2 from Hongqiao through Lujiazui to Pudong airport, every few minutes all day', () => {
    const line2 = seq('SH2-0-0');
    expect(line2.slice(12, 15)).toEqual(['南京东路', '陆家嘴', '东昌路']);
    expect(line2[1]).toBe('虹桥火车站');
    expect(line2.at(-1)).toBe('浦东国际机场');
    const periods = table('frequencies.txt').filter((f) => f.trip_id === 'SH2-0-0');
    expect(periods.map((f) => [f.start_time, f.end_time])).toEqual([
      ['05:30:00', '07:00:00'],
      ['07:00:00', '09:30:00'],
      ['09:30:00', '17:00:00'],
      ['17:00:00', '19:30:00'],
      ['19:30:00', '22:30:00'],
    ]);
    expect(Math.max(...periods.map((f) => Number(f.headway_secs)))).toBeLessThanOrEqual(600);
  });

  it('places the stations of the railway stations next to them', () => {
    const places: { kind: string; nameZh: string; lat: number; lon: number }[] = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../generated/places.json'), 'utf8'),
    );
    const rail = (name: string) =>
      places.find((p) => p.kind === 'station' && p.nameZh === name) as { lat: number; lon: number };
    const metro = (name: string) => {
      const s = byName.get(name) as Record<string, string>;
      return { lat: Number(s.stop_lat), lon: Number(s.stop_lon) };
    };
    expect(kmBetween(metro('虹桥火车站'), rail('上海虹桥'))).toBeLessThan(0.6);
    expect(kmBetween(metro('上海火车站'), rail('上海'))).toBeLessThan(0.6);
    expect(kmBetween(metro('上海南站'), rail('上海南'))).toBeLessThan(0.6);
  });
});
