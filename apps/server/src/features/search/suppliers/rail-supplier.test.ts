import { priceOrder } from '@junction/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBound, testRefdata } from '../../../../test/harness';
import { Inventory } from '../inventory/inventory';
import { ChinaRailwaySupplier } from './rail-supplier';
import type { Bound, SupplierRequest } from './supplier';

const TODAY = '2026-11-26';

describe('China Railway’s train results', () => {
  let inv: Inventory;
  let railway: ChinaRailwaySupplier;
  const bound = (from: string, to: string, date: string): Bound => testBound(inv, from, to, date);

  beforeAll(() => {
    inv = Inventory.load(testRefdata(), false);
    railway = new ChinaRailwaySupplier(inv, () => 50);
  }, 120_000);

  it('cost a party what its order charges, on a round trip with a child too', async () => {
    const request: SupplierRequest = {
      cabin: 'Y',
      party: { adults: 1, children: 1, infants: 0 },
      today: TODAY,
      trips: [{ date: '2026-12-07', bounds: [bound('BJS', 'SHA', '2026-12-07'), bound('SHA', 'BJS', '2026-12-10')] }],
    };
    const results = await railway.search(request);
    expect(results.length).toBeGreaterThan(0);
    const mismatched = results.filter((r) => {
      const { breakdown } = priceOrder({
        result: r,
        types: { air: ['ADULT', 'CHILD'], rail: ['ADULT', 'CHILD'] },
        extras: { rail: [], baggage: [] },
        railServiceFeeMinor: 0,
      });
      return breakdown.totalMinor !== r.price.amount;
    });
    expect(mismatched.map((r) => r.id)).toEqual([]);
  });
});
