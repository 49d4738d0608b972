import type { GtfsFeed } from '@junction/planner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FlightSchedule } from './flight-schedule';
import { findItineraries } from './itineraries';

/** A week-round feed of flights given as [number, airline, from, to, departs, arrives] in UTC hours. */
function schedule(flights: [string, string, string, string, number, number][]): FlightSchedule {
  const feed: GtfsFeed = {
    agencies: new Map(),
    stops: [],
    routes: new Map(flights.map(([n, airline]) => [n, { agencyId: airline, type: 1100, shortName: airline }])),
    trips: flights.map(([n]) => ({ id: n, routeId: n, serviceId: 'ALL', shortName: n })),
    stopTimes: new Map(
      flights.map(([n, , from, to, dep, arr]) => [
        n,
        [
          { stopId: from, arrival: dep * 3600, departure: dep * 3600 },
          { stopId: to, arrival: arr * 3600, departure: arr * 3600 },
        ],
      ]),
    ),
    calendar: new Map([['ALL', { days: 127, start: '20260101', end: '20271231' }]]),
  };
  return new FlightSchedule(feed);
}

const DAY = Date.parse('2026-12-01T00:00:00Z');
const query = (s: FlightSchedule, mct: number) => ({
  origins: [s.indexOf('AAA') as number],
  destinations: [s.indexOf('DDD') as number],
  fromMs: DAY,
  toMs: DAY + 86_400_000,
  countryOf: () => 'CN',
  connectionMinutes: () => mct,
  sameTicket: (a: string, b: string) => a === b,
});
const numbers = (s: FlightSchedule, its: ReturnType<typeof findItineraries>) =>
  its.map((i) => i.segments.map((f) => s.numberOf(f.flight)).join('+'));

describe('flight itineraries', () => {
  it('connects on one ticket only when the airport’s minimum connection time fits', () => {
    const s = schedule([
      ['XX1', 'XX', 'AAA', 'HHH', 8, 10],
      ['XX2', 'XX', 'HHH', 'DDD', 10.75, 12],
    ]);
    expect(numbers(s, findItineraries(s, query(s, 45)))).toEqual(['XX1+XX2']);
    expect(numbers(s, findItineraries(s, query(s, 60)))).toEqual([]);
  });

  it('sells a change of airlines only as a self-transfer with its protected buffer', () => {
    const s = schedule([
      ['XX1', 'XX', 'AAA', 'HHH', 8, 10],
      ['YY1', 'YY', 'HHH', 'DDD', 12, 13],
      ['YY2', 'YY', 'HHH', 'DDD', 13.5, 14.5],
    ]);
    const its = findItineraries(s, query(s, 45));
    expect(numbers(s, its)).toEqual(['XX1+YY2']);
    expect(its[0]?.selfTransferAfter).toBe(0);
  });

  it('lists nonstop flights first and keeps only departures of the day', () => {
    const s = schedule([
      ['XX1', 'XX', 'AAA', 'HHH', 8, 10],
      ['XX2', 'XX', 'HHH', 'DDD', 11, 12],
      ['ZZ9', 'ZZ', 'AAA', 'DDD', 20, 23],
    ]);
    expect(numbers(s, findItineraries(s, query(s, 45)))).toEqual(['ZZ9', 'XX1+XX2']);
  });
});

describe('a trip within one country', () => {
  const country: Record<string, string> = { AAA: 'CN', DDD: 'CN', HHH: 'CN', KKK: 'KR', EEE: 'KR' };
  const hubOf = (s: FlightSchedule, its: ReturnType<typeof findItineraries>) =>
    its.flatMap((i) =>
      i.segments.length > 1 ? [s.airports[s.destination[i.segments[0]?.flight as number] as number]] : [],
    );
  const inCountries = (s: FlightSchedule, to: string) => ({
    ...query(s, 45),
    destinations: [s.indexOf(to) as number],
    countryOf: (a: number) => country[s.airports[a] as string] ?? '',
  });

  it('never changes planes abroad: no Beijing–Shanghai through Seoul', () => {
    const leg = fc.record({
      hub: fc.constantFrom('HHH', 'KKK'),
      airline: fc.constantFrom('XX', 'YY'),
      departs: fc.integer({ min: 0, max: 20 }),
      minutes: fc.integer({ min: 60, max: 300 }),
      wait: fc.integer({ min: 60, max: 400 }),
    });
    fc.assert(
      fc.property(fc.array(leg, { minLength: 1, maxLength: 12 }), (legs) => {
        const s = schedule(
          legs.flatMap((l, i): [string, string, string, string, number, number][] => {
            const landing = l.departs + l.minutes / 60;
            const onward = landing + l.wait / 60;
            return [
              [`${l.airline}${i}A`, l.airline, 'AAA', l.hub, l.departs, landing],
              [`${l.airline}${i}B`, l.airline, l.hub, 'DDD', onward, onward + 1.5],
            ];
          }),
        );
        expect(hubOf(s, findItineraries(s, inCountries(s, 'DDD')))).not.toContain('KKK');
      }),
      { numRuns: 200 },
    );
  });

  it('still connects abroad on a trip between countries', () => {
    const s = schedule([
      ['XX1', 'XX', 'AAA', 'KKK', 8, 10],
      ['XX2', 'XX', 'KKK', 'EEE', 11, 12],
      ['XX3', 'XX', 'AAA', 'HHH', 8, 10],
      ['XX4', 'XX', 'HHH', 'EEE', 11, 14],
    ]);
    expect(new Set(hubOf(s, findItineraries(s, inCountries(s, 'EEE'))))).toEqual(new Set(['KKK', 'HHH']));
  });
});

describe('the flights of a route', () => {
  it('are the departures from the airport to those destinations, in the same order', () => {
    const airports = ['AAA', 'BBB', 'CCC', 'DDD'];
    const flight = fc.record({
      from: fc.constantFrom(...airports),
      to: fc.constantFrom(...airports),
      departs: fc.integer({ min: 0, max: 47 * 4 }),
      minutes: fc.integer({ min: 30, max: 900 }),
    });
    fc.assert(
      fc.property(
        fc.array(flight, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...airports),
        fc.subarray(airports, { minLength: 1 }),
        fc.integer({ min: 0, max: 48 * 60 }),
        fc.integer({ min: 1, max: 30 * 60 }),
        (flights, origin, destinations, fromMinute, windowMinutes) => {
          const s = schedule(
            flights
              .filter((f) => f.from !== f.to)
              .map((f, i) => [`F${i}`, 'XX', f.from, f.to, f.departs / 4, f.departs / 4 + f.minutes / 60]),
          );
          const o = s.indexOf(origin);
          if (o === undefined) return;
          const ds = destinations.flatMap((d) => (s.indexOf(d) === undefined ? [] : [s.indexOf(d) as number]));
          const from = DAY + fromMinute * 60_000;
          const to = from + windowMinutes * 60_000;
          const want = s
            .departures(o, from, to)
            .filter((f) => ds.includes(s.destination[f.flight] as number))
            .sort((a, b) => a.departure - b.departure || a.flight - b.flight);
          expect(s.departuresTo(o, ds, from, to)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});
