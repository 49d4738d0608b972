import { distanceKm } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient } from '../../../test/booking-client';
import type { TestApp } from '../../../test/harness';
import { searchTestApp } from '../../../test/support/search-app';

const LONGYANG_ROAD = { lat: 31.2033, lon: 121.5574 };
const PUDONG_AIRPORT = { lat: 31.1443, lon: 121.8083 };

describe('door-to-door plans by the Shanghai Maglev', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await searchTestApp(() => new Date('2026-11-22T04:00:00Z'));
  });
  afterAll(() => t.close());

  it('rides Line 2 from Lujiazui to Longyang Road and the Maglev to Pudong airport for a flight, at the Maglev’s own ¥50', async () => {
    const { results } = await bookingClient(t).search({
      type: 1,
      legs: [
        {
          departure: '@31.2363,121.5055',
          departureName: '陆家嘴',
          destination: 'URC',
          departure_date: '2026/12/01',
        },
      ],
    });
    const plans = results.filter((r) => r.kind === 'mix');
    const byMaglev = plans.filter((p) => p.legs.some((l) => l.carrierName?.en === 'Shanghai Maglev'));
    expect(byMaglev.length).toBeGreaterThan(0);
    for (const plan of byMaglev) {
      const i = plan.legs.findIndex((l) => l.carrierName?.en === 'Shanghai Maglev');
      const maglev = plan.legs[i];
      expect(maglev?.kind).toBe('subway');
      expect(maglev?.carrierName?.['zh-CN']).toBe('上海磁浮');
      expect(maglev?.price.amount).toBe(5000);
      expect(distanceKm(maglev?.from ?? { lat: 0, lon: 0 }, LONGYANG_ROAD)).toBeLessThan(1);
      expect(distanceKm(maglev?.to ?? { lat: 0, lon: 0 }, PUDONG_AIRPORT)).toBeLessThan(3);
      // Line 2 to the Maglev, then on to the flight from Pudong.
      expect(plan.legs[i - 1]?.carrierName?.en).toBe('Line 2');
      expect(plan.legs.some((l) => l.kind === 'air')).toBe(true);
    }
  }, 300_000);
});
