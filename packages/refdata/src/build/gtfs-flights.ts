import { distanceKm, utcOffsetSeconds } from '@junction/domain';
import type { RawPlace } from '../types';
import { CALENDAR_HEADER, csvRows, writeGtfsZip } from './gtfs-zip';
import { readCsv, readDat } from './sources';
import type { AircraftClass } from './tables';

/** Cruise speed (km/h) by aircraft class, and minutes of taxi, climb and descent added to every flight. */
const CRUISE_KMH: Record<AircraftClass, number> = {
  'wide-body': 880,
  'narrow-body': 820,
  regional: 720,
  'turbo-prop': 480,
};
const GROUND_MINUTES = 35;

/** A stable 32-bit hash: the same route always gets the same frequency, times and flight numbers. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** How much busier a route is for each end in the top tiers of airport traffic: tier 1 (the busiest hubs), tier 2. */
const TIER_FACTOR: Record<number, number> = { 1: 1.35, 2: 1.15 };

/**
 * Departures per week: short routes fly more often than long ones, big airlines more than small ones,
 * and routes between the busiest airports (`tiers`: the traffic tier of each end, 0 for the rest) more
 * than others; the seeded share keeps every route's number fixed from one build to the next.
 */
export function weeklyFrequency(
  km: number,
  airlineRoutes: number,
  seed: number,
  tiers: [number, number] = [0, 0],
): number {
  const byDistance = km < 800 ? 21 : km < 2000 ? 14 : km < 5000 ? 9 : 6;
  const bySize = airlineRoutes > 1000 ? 1.3 : airlineRoutes > 200 ? 1 : airlineRoutes > 50 ? 0.75 : 0.5;
  const byTraffic = tiers.reduce((f, t) => f * (TIER_FACTOR[t] ?? 1), 1);
  const share = 0.55 + ((seed % 1000) / 1000) * 0.9;
  return Math.max(2, Math.min(42, Math.round(byDistance * bySize * byTraffic * share)));
}

/**
 * Airlines that fly today: an airline of the route data is left out when the airline list marks every
 * airline with its code inactive, or when `curated/airlines-ceased.csv` records it ceased since.
 */
export function flyingAirlines(): (code: string) => boolean {
  const active = new Map<string, boolean>();
  for (const r of readDat('raw/openflights/airlines.dat')) {
    const code = r[3] ?? '';
    if (code) active.set(code, (active.get(code) ?? false) || r[7] === 'Y');
  }
  const ceased = new Set(readCsv('curated/airlines-ceased.csv').map((r) => r.code ?? ''));
  return (code) => active.get(code) === true && !ceased.has(code);
}

const HHMMSS = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
};

/**
 * Writes the world flight timetable as a GTFS feed (route_type 1100, air service) from the OpenFlights
 * routes: every non-codeshare nonstop route between airports we know, with a seeded weekly frequency,
 * departures spread over the day in local time, block times from great-circle distance and aircraft,
 * and flight numbers per airline. Times are in UTC (agency_timezone Etc/UTC), so they may run past 24:00.
 */
export function writeFlightsGtfs(
  places: RawPlace[],
  aircraft: Record<string, { class: AircraftClass }>,
  referenceDate = new Date('2026-06-15T00:00:00Z'),
): { trips: number; flightsPerDay: number; routes: number; airlines: number; droppedCeasedRoutes: number } {
  const airports = new Map(places.filter((p) => p.kind === 'airport').map((p) => [p.code, p]));
  const flying = flyingAirlines();
  const nonstop = readDat('raw/openflights/routes.dat').filter((r) => !r[6] && r[7] === '0');
  const rows = nonstop.filter((r) => flying(r[0] ?? ''));
  const tiers = new Map(readCsv('curated/airport-traffic-tiers.csv').map((r) => [r.iata ?? '', Number(r.tier)]));
  const airlineRoutes = new Map<string, number>();
  for (const r of rows) airlineRoutes.set(r[0] ?? '', (airlineRoutes.get(r[0] ?? '') ?? 0) + 1);

  const seen = new Set<string>();
  const routeRows: (string | number)[][] = [
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
  ];
  const tripRows: (string | number)[][] = [['route_id', 'service_id', 'trip_id', 'trip_short_name']];
  const stopTimeRows: (string | number)[][] = [
    ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence'],
  ];
  const usedAirports = new Set<string>();
  const agencies = new Set<string>();
  const serviceIds = new Set<string>();
  const flightNumbers = new Map<string, number>();
  let weeklyFlights = 0;

  for (const r of rows) {
    const [airline = '', , from = '', , to = '', , , , equipment = ''] = r;
    const key = `${airline}:${from}:${to}`;
    const a = airports.get(from);
    const b = airports.get(to);
    if (!/^[A-Z0-9]{2}$/.test(airline) || !a || !b || from === to || seen.has(key)) continue;
    seen.add(key);
    const km = distanceKm(a, b);
    const plane = aircraft[equipment.split(' ')[0] ?? '']?.class ?? (km > 4500 ? 'wide-body' : 'narrow-body');
    const blockMinutes = Math.round((km / CRUISE_KMH[plane]) * 60 + GROUND_MINUTES);
    const seed = hash(key);
    const perWeek = weeklyFrequency(km, airlineRoutes.get(airline) ?? 0, seed, [
      tiers.get(from) ?? 0,
      tiers.get(to) ?? 0,
    ]);
    const perDay = Math.ceil(perWeek / 7);
    // Days of the week this route flies when it flies less than daily (bit 0 = Monday).
    const daysOfWeek = Math.min(7, Math.ceil(perWeek / perDay));
    const dayMask =
      daysOfWeek === 7
        ? 0x7f
        : [...Array(7).keys()].filter((d) => ((seed >>> d) + d) % 7 < daysOfWeek).reduce((m, d) => m | (1 << d), 0) ||
          1;
    const serviceId = `W${dayMask.toString(2).padStart(7, '0')}`;
    serviceIds.add(serviceId);
    const routeId = key;
    routeRows.push([routeId, airline, airline, `${from}-${to}`, 1100]);
    agencies.add(airline);
    usedAirports.add(from).add(to);
    const offset = Math.round(utcOffsetSeconds(a.tz, referenceDate) / 60);
    for (let k = 0; k < perDay; k++) {
      // Local departures between 06:00 and 23:00, spread evenly with a seeded shift.
      const localMinutes = 360 + Math.floor(((k + ((seed >>> 8) % 97) / 97) / perDay) * 1020);
      let utcMinutes = localMinutes - offset;
      while (utcMinutes < 0) utcMinutes += 1440;
      const number = (flightNumbers.get(airline) ?? 100 + (hash(airline) % 700)) + 1;
      flightNumbers.set(airline, number);
      const tripId = `${airline}${number}:${from}${to}`;
      tripRows.push([routeId, serviceId, tripId, `${airline}${number}`]);
      stopTimeRows.push([tripId, HHMMSS(utcMinutes * 60), HHMMSS(utcMinutes * 60), from, 1]);
      const arrive = (utcMinutes + blockMinutes) * 60;
      stopTimeRows.push([tripId, HHMMSS(arrive), HHMMSS(arrive), to, 2]);
      weeklyFlights += daysOfWeek;
    }
  }

  const files: Record<string, string> = {
    'agency.txt': csvRows([
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone'],
      ...[...agencies].sort().map((a) => [a, a, 'https://junction.example/airlines', 'Etc/UTC']),
    ]),
    'stops.txt': csvRows([
      ['stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'stop_timezone'],
      ...[...usedAirports].sort().map((code) => {
        const p = airports.get(code) as RawPlace;
        return [code, p.nameEn, p.lat.toFixed(5), p.lon.toFixed(5), p.tz];
      }),
    ]),
    'routes.txt': csvRows(routeRows),
    'trips.txt': csvRows(tripRows),
    'stop_times.txt': csvRows(stopTimeRows),
    'calendar.txt': csvRows([
      CALENDAR_HEADER,
      ...[...serviceIds].sort().map((id) => [id, ...[...id.slice(1)].reverse().map(Number), '20260101', '20271231']),
    ]),
  };
  writeGtfsZip('flights', files);
  return {
    trips: tripRows.length - 1,
    flightsPerDay: Math.round(weeklyFlights / 7),
    routes: routeRows.length - 1,
    airlines: agencies.size,
    droppedCeasedRoutes: nonstop.length - rows.length,
  };
}
