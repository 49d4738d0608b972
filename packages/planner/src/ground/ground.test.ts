import { distanceKm } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TAXI, StopGrid, taxi, taxiTransfers } from './ground';

const point = fc.record({
  lat: fc.double({ min: 18, max: 50, noNaN: true }),
  lon: fc.double({ min: 75, max: 130, noNaN: true }),
});

describe('ground legs', () => {
  it('measures Beijing to Shanghai at about 1,070 km', () => {
    expect(distanceKm({ lat: 39.9042, lon: 116.4074 }, { lat: 31.2304, lon: 121.4737 })).toBeCloseTo(1067, -1);
  });

  it('prices a taxi with the flag fall for short rides and the meter beyond 3 km', () => {
    const here = { lat: 39.9, lon: 116.4 };
    expect(taxi(here, here).price).toBe(DEFAULT_TAXI.flagFallMinor);
    const ride = taxi({ lat: 39.9042, lon: 116.4074 }, { lat: 40.0799, lon: 116.6031 }); // centre to PEK
    expect(ride.km).toBeGreaterThan(30);
    expect(ride.price).toBeGreaterThan(9000);
    expect(ride.seconds).toBeGreaterThan(3600);
  });

  it('estimates a taxi fare in whole yuan, as the meter charges, never off the meter by more than half a yuan', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const ride = taxi(a, b);
        const metered = DEFAULT_TAXI.flagFallMinor + Math.max(0, ride.km - 3) * DEFAULT_TAXI.perKmMinor;
        expect(ride.price % 100).toBe(0);
        expect(Math.abs(ride.price - metered)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('finds exactly the stops a full scan finds, nearest first', () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 60 }),
        point,
        fc.integer({ min: 1, max: 200 }),
        (points, at, km) => {
          const grid = new StopGrid(points);
          const found = grid.near(at, km).map((n) => n.stop);
          const scan = points
            .map((p, stop) => ({ stop, d: distanceKm(at, p) }))
            .filter((x) => x.d <= km)
            .sort((a, b) => a.d - b.d)
            .map((x) => x.stop);
          expect(new Set(found)).toEqual(new Set(scan));
          const distances = found.map((s) => distanceKm(at, points[s] as { lat: number; lon: number }));
          expect(distances).toEqual([...distances].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('links each stop by taxi to its nearest neighbours, never to itself', () => {
    const points = [
      { lat: 39.865, lon: 116.378 }, // Beijing South
      { lat: 39.894, lon: 116.321 }, // Beijing West
      { lat: 40.08, lon: 116.603 }, // PEK
      { lat: 31.23, lon: 121.47 }, // Shanghai, too far
    ];
    const transfers = taxiTransfers(points, 8);
    expect(transfers.some((t) => t.from === 0 && t.to === 2)).toBe(true);
    expect(transfers.some((t) => t.from === t.to)).toBe(false);
    expect(transfers.some((t) => t.from === 3 || t.to === 3)).toBe(false);
  });

  it('follows a city tariff: its flag fall, the distance it covers, its rate and speed', () => {
    const a = { lat: 39.9, lon: 116.4 };
    const b = { lat: 39.9, lon: 116.5 };
    const shenzhen = { ...DEFAULT_TAXI, flagFallMinor: 1000, includedKm: 2, perKmMinor: 270, speedKmh: 30 };
    const ride = taxi(a, b, shenzhen);
    const yuan = (minor: number) => Math.round(minor / 100) * 100;
    expect(ride.price).toBe(yuan(1000 + (ride.km - 2) * 270));
    expect(taxi(a, b, { ...shenzhen, speedKmh: 15 }).seconds).toBeGreaterThan(ride.seconds);
    expect(taxi(a, b, { ...shenzhen, includedKm: undefined }).price).toBe(yuan(1000 + (ride.km - 3) * 270));
  });
});
