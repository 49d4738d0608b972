import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { RawPlace } from '../types';
import { expandDelta, fitAffine, kmBetween } from './gtfs-metro';

describe('metro feed helpers', () => {
  it('expands repeated gaps of a timetable', () => {
    expect(expandDelta([5, [2, [3, 4]], 6])).toEqual([5, 3, 4, 3, 4, 6]);
  });

  it('recovers an affine map from pixels to coordinates, with zero residuals when exact', () => {
    const truth = (x: number, y: number) => ({ lat: 40 - 0.00004 * y + 0.000001 * x, lon: 116 + 0.00005 * x });
    const points = [
      [0, 0],
      [1000, 200],
      [300, 900],
      [800, 800],
    ].map(([x, y]) => ({ x: x as number, y: y as number, ...truth(x as number, y as number) }));
    const fit = fitAffine(points);
    expect(Math.max(...fit.residualsKm)).toBeLessThan(1e-6);
    expect(kmBetween(fit.at(500, 500), truth(500, 500))).toBeLessThan(1e-6);
  });
});

describe('the generated Beijing metro feed', () => {
  const zipFile = path.resolve(import.meta.dirname, '../../../../data/gtfs/metro.zip');
  const files = unzipSync(fs.readFileSync(zipFile));
  const table = (name: string): Record<string, string>[] =>
    parse(strFromU8(files[name] as Uint8Array), { columns: true, skip_empty_lines: true });
  // The feed also holds the Shanghai metro (gtfs-metro-shanghai.test.ts): Beijing's are its own agency's.
  const stops = table('stops.txt').filter((s) => s.stop_id?.startsWith('bj-'));
  const routes = table('routes.txt').filter((r) => r.agency_id === 'BJSUBWAY');
  const beijingRoutes = new Set(routes.map((r) => r.route_id));
  const trips = table('trips.txt').filter((t) => beijingRoutes.has(t.route_id));
  const beijingTrips = new Set(trips.map((t) => t.trip_id));
  const stopTimes = table('stop_times.txt').filter((st) => beijingTrips.has(st.trip_id));
  const places: RawPlace[] = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../generated/places.json'), 'utf8'),
  );
  const stop = (name: string) => stops.find((s) => s.stop_name === name) as Record<string, string>;
  const point = (s: Record<string, string>) => ({ lat: Number(s.stop_lat), lon: Number(s.stop_lon) });
  const place = (kind: string, match: (p: RawPlace) => boolean) =>
    places.find((p) => p.kind === kind && match(p)) as RawPlace;

  it('is small, with Beijing’s own agency in Beijing time and every line as a subway route', () => {
    expect(fs.statSync(zipFile).size).toBeLessThan(5_000_000);
    expect(table('agency.txt')).toContainEqual(
      expect.objectContaining({ agency_id: 'BJSUBWAY', agency_timezone: 'Asia/Shanghai' }),
    );
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes.every((r) => r.route_type === '1' && /^[0-9A-F]{6}$/.test(r.route_color ?? ''))).toBe(true);
    expect(routes.map((r) => r.route_short_name)).toEqual(
      expect.arrayContaining(['Line 1', 'Line 4', 'Line 10', 'Capital Airport Express', 'Daxing Airport Express']),
    );
    expect(routes.find((r) => r.route_short_name === 'Line 4')?.route_long_name).toBe('4号线');
  });

  it('has one stop per station, shared by the lines that call there', () => {
    expect(new Set(stops.map((s) => s.stop_id)).size).toBe(stops.length);
    expect(stops.every((s) => /^[a-z0-9-]+$/.test(s.stop_id ?? '') && s.stop_name_en)).toBe(true);
    const routeOfTrip = new Map(trips.map((t) => [t.trip_id, t.route_id]));
    const routesAt = new Map<string, Set<string | undefined>>();
    for (const st of stopTimes)
      routesAt.set(st.stop_id ?? '', (routesAt.get(st.stop_id ?? '') ?? new Set()).add(routeOfTrip.get(st.trip_id)));
    const linesAt = (name: string) => routesAt.get(stop(name).stop_id ?? '') ?? new Set();
    expect([...linesAt('西直门')].sort()).toEqual(['L13', 'L2', 'L4']);
    expect(linesAt('东直门')).toContain('CAE');
    expect(linesAt('草桥')).toContain('DAE');
    expect(stop('西直门').stop_name_en).toBe('Xizhimen');
    expect(stop('3号航站楼').stop_name_en).toBe('Beijing Capital Airport Terminal 3');
  });

  it('places the stations from the map: at the railway stations and airports they serve', () => {
    for (const s of stops) {
      expect(Number(s.stop_lat)).toBeGreaterThan(39.4);
      expect(Number(s.stop_lat)).toBeLessThan(40.4);
      expect(Number(s.stop_lon)).toBeGreaterThan(115.9);
      expect(Number(s.stop_lon)).toBeLessThan(116.9);
    }
    expect(
      kmBetween(
        point(stop('北京南站')),
        place('station', (p) => p.nameZh === '北京南'),
      ),
    ).toBeLessThan(1);
    expect(
      kmBetween(
        point(stop('北京西站')),
        place('station', (p) => p.nameZh === '北京西'),
      ),
    ).toBeLessThan(1);
    expect(
      kmBetween(
        point(stop('大兴机场')),
        place('airport', (p) => p.code === 'PKX'),
      ),
    ).toBeLessThan(1);
    // PEK's coordinates are the airport's reference point: terminal 2 is next to it, terminal 3 some 4 km
    // south-east.
    const pek = place('airport', (p) => p.code === 'PEK');
    expect(kmBetween(point(stop('2号航站楼')), pek)).toBeLessThan(2);
    expect(kmBetween(point(stop('3号航站楼')), pek)).toBeLessThan(5);
    expect(Number(stop('3号航站楼').stop_lat)).toBeLessThan(Number(stop('2号航站楼').stop_lat));
    // Neighbouring stations lie about their track distance apart: 西单 → 宣武门 is 815 m.
    expect(kmBetween(point(stop('西单')), point(stop('宣武门')))).toBeGreaterThan(0.5);
    expect(kmBetween(point(stop('西单')), point(stop('宣武门')))).toBeLessThan(1.2);
  });

  it('runs trains all day with times that never go back, weekdays and weekends', () => {
    const services = new Set(trips.map((t) => t.service_id));
    const calendar = new Set(table('calendar.txt').map((c) => c.service_id));
    expect([...services].every((s) => calendar.has(s))).toBe(true);
    expect(trips.length).toBeGreaterThan(10_000);
    const backwards = stopTimes.filter(
      (st, i) =>
        stopTimes[i - 1]?.trip_id === st.trip_id && (st.arrival_time ?? '') < (stopTimes[i - 1]?.departure_time ?? ''),
    );
    expect(backwards).toEqual([]);
    const line4 = trips.filter((t) => t.route_id === 'L4');
    expect(new Set(line4.map((t) => t.service_id))).toEqual(new Set(['W12345', 'W67']));
    const firstTimes = stopTimes.filter((st) => st.stop_sequence === '1').map((st) => st.departure_time ?? '');
    expect(firstTimes.some((t) => t < '05:30:00')).toBe(true);
    expect(firstTimes.some((t) => t >= '23:00:00')).toBe(true);
  });
});
