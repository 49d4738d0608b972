import { CABINS } from '@junction/domain';
import { loadRefdata, type MetroFare } from '@junction/refdata';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceFactor,
  airFare,
  metroFare,
  partyTotal,
  railFare,
  railPartyTotal,
  railRemaining,
  railStock,
} from './fares';

const base = { airline: 'CA', flight: 'CA1501', date: '2026-12-01', km: 1080, cabin: 'Y' as const, daysAhead: 14 };

describe('the fare model', () => {
  it('gives the same fare for the same flight, day and cabin, in whole yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 15_000 }), fc.integer({ min: 0, max: 365 }), (km, daysAhead) => {
        const a = airFare({ ...base, km, daysAhead });
        expect(airFare({ ...base, km, daysAhead })).toBe(a);
        expect(a % 100).toBe(0);
        expect(a).toBeGreaterThan(0);
      }),
    );
  });

  it('charges more for longer flights and better cabins', () => {
    expect(airFare({ ...base, km: 3000 })).toBeGreaterThan(airFare(base));
    const byCabin = CABINS.map((cabin) => airFare({ ...base, cabin }));
    expect(byCabin).toEqual([...byCabin].sort((a, b) => a - b));
  });

  it('rises as departure approaches, from two months out to the last days', () => {
    expect(advanceFactor(0)).toBeGreaterThan(advanceFactor(7));
    expect(advanceFactor(7)).toBeGreaterThan(advanceFactor(30));
    expect(advanceFactor(30)).toBeGreaterThan(advanceFactor(60));
    expect(airFare({ ...base, daysAhead: 1 })).toBeGreaterThan(airFare({ ...base, daysAhead: 45 }));
  });

  it('prices a party: children at three quarters, infants at a tenth', () => {
    expect(partyTotal(100_000, { adults: 2, children: 1, infants: 1 })).toBe(200_000 + 75_000 + 10_000);
  });

  it('prices a rail party: children at half in half yuan, infants on a lap for free', () => {
    expect(railPartyTotal(55_350, { adults: 2, children: 1 })).toBe(110_700 + 27_700);
  });

  it('prices rail by distance and class, in half yuan, never below five yuan', () => {
    expect(railFare('G', 'O', 1300)).toBe(59_800);
    expect(railFare('G', 'M', 1300)).toBeGreaterThan(railFare('G', 'O', 1300));
    expect(railFare('K', 'A1', 5)).toBe(500);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4000 }), (km) => {
        expect(railFare('D', 'O', km) % 50).toBe(0);
      }),
    );
  });

  it('keeps remaining tickets stable for a train, day and class, with some sold out', () => {
    expect(railRemaining('G1', '2026-12-01', 'O')).toBe(railRemaining('G1', '2026-12-01', 'O'));
    const counts = Array.from({ length: 200 }, (_, i) => railRemaining(`G${i}`, '2026-12-01', 'O'));
    expect(counts.some((c) => c === 0)).toBe(true);
    expect(counts.every((c) => c >= 0)).toBe(true);
  });

  it('sells out the configured trains in every class, on every day or on one day only', () => {
    const stock = railStock(' G113 , D701@2026-12-05 ');
    const classes = ['O', 'M', 'A9', 'A1', 'A3', 'A4', 'WZ', 'F'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(...classes),
        (n, day, seat) => {
          const date = `2026-12-${String(day).padStart(2, '0')}`;
          expect(stock('G113', date, seat)).toBe(0);
          expect(stock('D701', date, seat)).toBe(day === 5 ? 0 : railRemaining('D701', date, seat));
          // Other trains keep the railway's own count.
          expect(stock(`K${n}`, date, seat)).toBe(railRemaining(`K${n}`, date, seat));
        },
      ),
    );
    expect(railStock('')).toBe(railRemaining);
  });

  it('prices each city’s metro by its published distance scale', () => {
    const { metroFares } = loadRefdata();
    const fare = (city: string) => (km: number) => metroFare(metroFares[city] as MetroFare, km);
    expect([1, 6, 6.1, 12, 20, 32, 33, 52, 53].map(fare('BJS'))).toEqual([300, 300, 400, 400, 500, 600, 700, 700, 800]);
    // Guangzhou: ¥2 to 4 km, ¥1 more per 4 km to 12 km, per 6 km to 24 km, then per 8 km.
    expect([3, 4, 5, 8, 9, 12, 13, 18, 24, 25, 32, 33].map(fare('CAN'))).toEqual([
      200, 200, 300, 300, 400, 400, 500, 500, 600, 700, 700, 800,
    ]);
    // Shanghai: ¥3 to 6 km, then ¥1 per 10 km.
    expect([6, 7, 16, 17].map(fare('SHA'))).toEqual([300, 400, 400, 500]);
    // The Shanghai Maglev has a flat fare of its own over its whole line.
    expect([1, 30, 38].map(fare('Shanghai Maglev'))).toEqual([5000, 5000, 5000]);
    // Farther never costs less, and never less than the first fare.
    for (const scale of Object.values(metroFares))
      fc.assert(
        fc.property(
          fc.float({ min: 0, max: 200, noNaN: true }),
          fc.float({ min: 0, max: 50, noNaN: true }),
          (km, more) => {
            const a = metroFare(scale, km);
            return a >= scale.firstYuan * 100 && metroFare(scale, km + more) >= a;
          },
        ),
      );
  });
});
