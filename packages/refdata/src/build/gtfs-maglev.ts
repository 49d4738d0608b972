import { stopId } from './gtfs-metro-shanghai';
import type { MetroTables } from './gtfs-zip';

/**
 * The Shanghai Maglev's published service (Shanghai Maglev Transportation Development Co.): Longyang Road
 * to Pudong International Airport, 30 km in 8 minutes, the first and last trains from each end, a train
 * every 15 to 20 minutes between them (the feed takes 20), every day. Its stations are the metro's own
 * stops of the same name (Lines 2, 7 and 16 at 龙阳路; Line 2 at 浦东国际机场), so a plan changes there.
 */
export const SHANGHAI_MAGLEV = {
  agency: ['SHMAGLEV', 'Shanghai Maglev', 'https://www.smtdc.com', 'Asia/Shanghai', 'zh'],
  route: { id: 'SHMAGLEV', en: 'Shanghai Maglev', zh: '上海磁浮', colour: '009BC0', type: 12 },
  ends: ['龙阳路', '浦东国际机场'],
  runMinutes: 8,
  headway: 20,
  /** First and last departures from Longyang Road, and from the airport. */
  departures: [
    { first: '06:45', last: '21:40' },
    { first: '07:02', last: '21:42' },
  ],
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const HHMMSS = (min: number) => `${pad(Math.floor(min / 60))}:${pad(min % 60)}:00`;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Departure minutes from the first train every headway, then the last train at its own time. */
export function maglevDepartures(first: string, last: string, headway: number): number[] {
  const out: number[] = [];
  for (let m = minutesOf(first); m <= minutesOf(last); m += headway) out.push(m);
  if (out.at(-1) !== minutesOf(last)) out.push(minutesOf(last));
  return out;
}

/** The Maglev as rows of the metro feed: its agency, route, every train each way and its daily service. */
export function maglevTables(): MetroTables {
  const m = SHANGHAI_MAGLEV;
  const service = 'SHMAGLEV-DAILY';
  const tables: MetroTables = {
    agency: [[...m.agency]],
    stops: [],
    routes: [[m.route.id, m.agency[0], m.route.en, m.route.zh, m.route.type, m.route.colour, 'FFFFFF']],
    trips: [],
    stopTimes: [],
    calendar: [[service, 1, 1, 1, 1, 1, 1, 1, '20260101', '20271231']],
    frequencies: [],
  };
  m.departures.forEach(({ first, last }, direction) => {
    const [from, to] = direction === 0 ? m.ends : [m.ends[1], m.ends[0]];
    maglevDepartures(first, last, m.headway).forEach((dep, i) => {
      const tripId = `${m.route.id}-${direction}-${String(i + 1).padStart(3, '0')}`;
      tables.trips.push([m.route.id, service, tripId, m.route.id, direction]);
      const arr = HHMMSS(dep + m.runMinutes);
      tables.stopTimes.push([tripId, HHMMSS(dep), HHMMSS(dep), stopId(from), 1], [tripId, arr, arr, stopId(to), 2]);
    });
  });
  return tables;
}
