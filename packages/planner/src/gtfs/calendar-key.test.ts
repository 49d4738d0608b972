import { addDays, daysBetween } from '@junction/domain';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { firstDepartures } from '../timetable/timetable.test-support';
import { calendarKey, type LoadedTimetable, shiftedTimetable, timetableFromGtfs } from './gtfs-timetable';
import { packFeed } from './packed-feed';
import { readGtfsZip } from './read-gtfs';

type Service = { days: number; start: string; end: string };

/** A feed of one agency in `timezone` whose every service runs one trip of its own, at a time of its own. */
function feed(timezone: string, services: Service[]) {
  const ymd = (iso: string) => iso.replaceAll('-', '');
  const bit = (s: Service, d: number) => ((s.days >> d) & 1).toString();
  const files: Record<string, string> = {
    'agency.txt': `agency_id,agency_name,agency_url,agency_timezone\nJT,Junction Test,https://junction.example,${timezone}\n`,
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,39.9,116.4\nB,Beta,31.2,121.5\n',
    'routes.txt': 'route_id,agency_id,route_short_name,route_long_name,route_type\nR1,JT,G1,Alpha-Beta,2\n',
    'trips.txt': `route_id,service_id,trip_id,trip_short_name\n${services.map((_, i) => `R1,S${i},T${i},G${i + 1}`).join('\n')}\n`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence\n${services
      .map(
        (_, i) =>
          `T${i},${String(6 + i).padStart(2, '0')}:00:00,${String(6 + i).padStart(2, '0')}:00:00,A,1\nT${i},${String(11 + i).padStart(2, '0')}:30:00,${String(11 + i).padStart(2, '0')}:30:00,B,2`,
      )
      .join('\n')}\n`,
    'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n${services
      .map((s, i) => `S${i},${[0, 1, 2, 3, 4, 5, 6].map((d) => bit(s, d)).join(',')},${ymd(s.start)},${ymd(s.end)}`)
      .join('\n')}\n`,
  };
  return packFeed(readGtfsZip(zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)])))));
}

const build = (f: ReturnType<typeof feed>, firstDate: string, days: number) =>
  timetableFromGtfs([f], { firstDate, days, fares: () => ({ boardFee: 0, perKm: 40 }), changeSeconds: () => 0 });

/** What planning reads of a timetable, on its own clock (seconds from its epoch). */
const runs = (l: LoadedTimetable) => ({
  departures: firstDepartures(l.timetable),
  routeDays: [...l.timetable.routeDays],
  arrival: [...l.timetable.arrival],
});
const names = (l: LoadedTimetable) =>
  Array.from({ length: l.timetable.tripIds.length }, (_, t) => l.timetable.tripIds.at(t));

describe('one timetable for windows of one calendar', () => {
  const date = (from: string, max: number) => fc.integer({ min: 0, max }).map((d) => addDays(from, d));
  const service = fc
    .record({ days: fc.integer({ min: 1, max: 127 }), start: date('2025-12-01', 400), length: fc.nat(500) })
    .map(({ days, start, length }) => ({ days, start, end: addDays(start, length) }));

  it('gives a window the timetable of another with its calendar key, shifted to its dates', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Asia/Shanghai', 'America/New_York', 'Europe/London'),
        fc.array(service, { minLength: 1, maxLength: 4 }),
        // Windows from Thursdays, as a week's timetable starts, over two years: many share a calendar.
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 9 }),
        (timezone, services, weekA, weekB, days) => {
          const f = feed(timezone, services);
          const a = addDays('2026-01-01', 7 * weekA);
          const b = addDays('2026-01-01', 7 * weekB);
          const built = build(f, b, days);
          const shifted = shiftedTimetable(build(f, a, days), daysBetween(a, b));
          // Windows whose timetables differ never share a key (the key may tell apart some that do not).
          if (JSON.stringify(runs(shifted)) !== JSON.stringify(runs(built)))
            expect(calendarKey([f], a, days)).not.toBe(calendarKey([f], b, days));
          if (calendarKey([f], a, days) !== calendarKey([f], b, days)) return;
          expect(runs(shifted)).toEqual(runs(built));
          expect(shifted.epochMs).toBe(built.epochMs);
          expect(names(shifted)).toEqual(names(built));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('tells apart the windows across the end of a service and across a change of clocks', () => {
    const daily = { days: 127, start: '2026-01-01', end: '2027-12-31' };
    const china = [feed('Asia/Shanghai', [daily])];
    expect(calendarKey(china, '2026-12-09', 9)).toBe(calendarKey(china, '2027-06-02', 9));
    expect(calendarKey(china, '2026-12-09', 9)).not.toBe(calendarKey(china, '2027-12-29', 9));
    const york = [feed('America/New_York', [daily])];
    expect(calendarKey(york, '2026-02-05', 9)).toBe(calendarKey(york, '2026-02-19', 9));
    // Clocks go forward on 8 March 2026.
    expect(calendarKey(york, '2026-02-05', 9)).not.toBe(calendarKey(york, '2026-03-05', 9));
  });

  it('names a shifted window’s trips by their own dates', () => {
    const f = feed('Asia/Shanghai', [{ days: 127, start: '2026-01-01', end: '2027-12-31' }]);
    const first = build(f, '2026-12-09', 2);
    const later = shiftedTimetable(first, 14);
    expect(names(first)).toEqual(['G1 20261209', 'G1 20261210']);
    expect(names(later)).toEqual(['G1 20261223', 'G1 20261224']);
    expect(new Date(later.epochMs).toISOString()).toBe('2026-12-23T00:00:00.000Z');
    // The columns are the first window's, not copies.
    expect(later.timetable.arrival).toBe(first.timetable.arrival);
  });
});
