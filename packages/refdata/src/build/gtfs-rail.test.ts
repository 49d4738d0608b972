import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type RailCall, railFaults } from './rail-checks';
import { readStationCoordinates } from './sources';

/** The committed China Railway feed, as the build wrote it: the data build's checks, run again on what ships. */
describe('the generated China Railway feed', () => {
  const files = unzipSync(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../data/gtfs/rail.zip')));
  const table = (name: string): Record<string, string>[] =>
    parse(strFromU8(files[name] as Uint8Array), { columns: true, skip_empty_lines: true });
  const stops = new Map(table('stops.txt').map((s) => [s.stop_id as string, s]));
  const trips = table('trips.txt');
  const located = readStationCoordinates();
  const minutes = (hms: string) => {
    const [h, m] = hms.split(':').map(Number);
    return (h as number) * 60 + (m as number);
  };
  const callsByTrip = new Map<string, RailCall[]>();
  for (const st of table('stop_times.txt')) {
    const stop = stops.get(st.stop_id as string) as Record<string, string>;
    const list = callsByTrip.get(st.trip_id as string) ?? [];
    list.push({
      station: st.stop_id as string,
      lat: Number(stop.stop_lat),
      lon: Number(stop.stop_lon),
      arr: minutes(st.arrival_time as string),
      dep: minutes(st.departure_time as string),
      located: located.has(stop.stop_name as string),
    });
    callsByTrip.set(st.trip_id as string, list);
  }
  const byType = (letter: string) => trips.filter((t) => t.trip_id?.startsWith(letter)).length;

  it('holds the trains of both railway sources, by type', () => {
    expect(trips.length).toBeGreaterThanOrEqual(6400);
    expect(byType('G')).toBeGreaterThanOrEqual(2500);
    expect(byType('D')).toBeGreaterThanOrEqual(1500);
    expect(byType('C')).toBeGreaterThanOrEqual(1100);
    expect(byType('K') + byType('T') + byType('Z')).toBeGreaterThanOrEqual(1150);
  });

  it('lists each train’s calls in order, timed forward, with no station twice in a row', () => {
    for (const [trip, calls] of callsByTrip) {
      const faults = railFaults(trip.charAt(0), calls).filter((f) => f.kind === 'order' || f.kind === 'repeat');
      expect(faults, trip).toEqual([]);
    }
  });

  it('runs no train faster than its class nor stands it longer than the limit, beyond a few misplaced stations', () => {
    const failing = [...callsByTrip].filter(([trip, calls]) => railFaults(trip.charAt(0), calls).length > 0);
    // The build does not judge speeds to or from the stations the coordinate files misplace.
    expect(failing.length).toBeLessThan(callsByTrip.size * 0.02);
  });
});
