import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testBound, testRefdata } from '../../../../test/harness';
import { Inventory } from '../inventory/inventory';
import { SimulatedFlightSupplier } from './flight-supplier';
import type { Bound, SupplierRequest } from './supplier';

const TODAY = '2026-11-26';

describe('a simulated flight seller’s quote', () => {
  let inv: Inventory;
  let seller: SimulatedFlightSupplier;
  const bound = (from: string, to: string, date: string): Bound => testBound(inv, from, to, date);
  const request = (bounds: Bound[], adults = 1, cabin: 'Y' | 'C' = 'Y'): SupplierRequest => ({
    cabin,
    party: { adults, children: 0, infants: 0 },
    today: TODAY,
    trips: [{ date: bounds[0]?.date ?? '', bounds }],
  });

  beforeAll(() => {
    inv = Inventory.load(testRefdata(), false);
    seller = new SimulatedFlightSupplier(inv, {
      id: 'skyway',
      name: { en: 'SkyWay Travel', 'zh-CN': '天途旅行' },
      airlines: new Set(['CA', 'MU', 'CZ', 'HU', 'ZH', 'FM', 'MF', '3U', 'SC', 'HO', 'CX', 'KA']),
      markup: 1,
      spread: 0.08,
    });
  }, 120_000);

  const requests = () => [
    request([bound('BJS', 'SHA', '2026-12-07')]),
    request([bound('CAN', 'CTU', '2026-12-09')], 3, 'C'),
    request([bound('BJS', 'SHA', '2026-12-07'), bound('SHA', 'BJS', '2026-12-10')], 2),
    request([bound('BJS', 'XIY', '2026-12-07'), bound('XIY', 'CTU', '2026-12-09'), bound('CTU', 'SZX', '2026-12-12')]),
  ];

  it('answers any result of its search exactly as the search did, for one way, round and multi-city trips', async () => {
    const asked = requests();
    const answers = await Promise.all(asked.map((r) => seller.search(r)));
    for (const results of answers) expect(results.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(
        fc
          .nat({ max: asked.length - 1 })
          .chain((i) => fc.tuple(fc.constant(i), fc.nat({ max: (answers[i]?.length ?? 1) - 1 }))),
        async ([i, j]) => {
          const result = answers[i]?.[j];
          if (!result) throw new Error('no result');
          expect(await seller.quote(result, asked[i] as SupplierRequest)).toEqual(result);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers nothing for flights it does not sell or that do not fly, or a result of another date', async () => {
    const [oneWay] = requests() as [SupplierRequest];
    const [result] = await seller.search(oneWay);
    if (!result) throw new Error('no result');
    const leg = result.id.slice(2);
    for (const id of [`F:XX9999@${Date.parse('2026-12-07T08:00:00Z')}`, `F:${leg}|${leg}`, 'D:whatever', `${leg}`])
      expect(await seller.quote({ ...result, id }, oneWay)).toBeUndefined();
    expect(await seller.quote({ ...result, date: '2026-12-08' }, oneWay)).toBeUndefined();
  });
});
