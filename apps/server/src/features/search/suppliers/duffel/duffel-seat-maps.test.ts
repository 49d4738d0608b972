import { seatPriceIn } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import type { Offer, SeatMap } from '../../../../lib/duffel/types';
import { seatMapsOf } from './duffel-seat-maps';

const RATES = {};

/** A seat with Duffel's services for the passengers it is sold to, priced in yuan. */
const seat = (designator: string, prices: Record<string, string>) => ({
  type: 'seat',
  designator,
  name: 'Standard seat',
  disclosures: [],
  available_services: Object.entries(prices).map(([passenger, amount]) => ({
    id: `ase_${designator}_${passenger}`,
    passenger_id: passenger,
    total_amount: amount,
    total_currency: 'CNY',
  })),
});

const map = {
  id: 'sea_1',
  slice_id: 'sli_1',
  segment_id: 'seg_1',
  cabins: [
    {
      deck: 0,
      aisles: 1,
      cabin_class: 'economy',
      wings: null,
      rows: [
        {
          sections: [
            // An exit-row seat is not sold to the child; a window seat costs the child less.
            { elements: [seat('12A', { pas_adult: '120.00', pas_child: '60.00' })] },
            { elements: [seat('12C', { pas_adult: '150.00' })] },
          ],
        },
      ],
    },
  ],
} as unknown as SeatMap;
const offer = {
  slices: [{ segments: [{ id: 'seg_1' }] }],
  passengers: [
    { id: 'pas_adult', type: 'adult', age: null },
    { id: 'pas_child', type: 'child', age: 8 },
  ],
} as unknown as Pick<Offer, 'slices' | 'passengers'>;

describe("Duffel's seat maps as ours", () => {
  it('price each seat for each traveller, as Duffel sells it to their passenger', () => {
    const maps = seatMapsOf([map], offer, [{ kind: 'air' }], RATES);
    const party = ['ADULT', 'CHILD'] as const;
    expect(seatPriceIn(maps, 0, '12A', 0, party)).toBe(12_000);
    expect(seatPriceIn(maps, 0, '12A', 1, party)).toBe(6_000);
    expect(seatPriceIn(maps, 0, '12C', 0, party)).toBe(15_000);
    expect(seatPriceIn(maps, 0, '12C', 1, party)).toBeUndefined();
  });

  it('price a party listed child-first, and an offer listing its child first, for the right traveller', () => {
    const childFirst = { ...offer, passengers: [...offer.passengers].reverse() } as typeof offer;
    const maps = seatMapsOf([map], childFirst, [{ kind: 'air' }], RATES);
    const party = ['CHILD', 'ADULT'] as const;
    expect(seatPriceIn(maps, 0, '12A', 0, party)).toBe(6_000);
    expect(seatPriceIn(maps, 0, '12A', 1, party)).toBe(12_000);
    expect(seatPriceIn(maps, 0, '12C', 0, party)).toBeUndefined();
    expect(seatPriceIn(maps, 0, '12C', 1, party)).toBe(15_000);
  });
});
