import type { RideAfter, SearchResult } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { nextDeparture } from './next-departure';
import type { Supplier } from './suppliers/supplier';

const refdata = testRefdata();
const place = (code: string) => {
  const found = refdata.places.findByCode(code)[0];
  if (!found) throw new Error(`no place ${code}`);
  return found;
};
const PEK = place('PEK');
const SHA = place('SHA');

/** A nonstop Beijing Capital to Shanghai Hongqiao flight at an hour of 10 December, sold in a cabin with seats left in it. */
function flight(number: string, hour: number, cabin: string, remaining: number): SearchResult {
  const at = (h: number) => `2026-12-10T${String(h).padStart(2, '0')}:00:00+08:00`;
  const leg = {
    kind: 'air',
    number,
    from: { code: 'PEK', name: 'Beijing Capital' },
    to: { code: 'SHA', name: 'Shanghai Hongqiao' },
    departureTime: at(hour),
    arrivalTime: at(hour + 2),
    cabin,
    seats: [{ code: cabin, price: { amount: 90_000, currency: 'CNY' }, remaining }],
    soldOut: remaining === 0,
  };
  return { legs: [leg] } as unknown as SearchResult;
}

const seller = (results: SearchResult[]): Supplier =>
  ({ kind: 'flight', search: async () => results }) as unknown as Supplier;

const ride = (cabin: string, travellers: number): RideAfter => ({
  kind: 'air',
  fromPlaceId: PEK.id,
  toPlaceId: SHA.id,
  fromCode: 'PEK',
  toCode: 'SHA',
  after: '2026-12-10T08:00:00+08:00',
  cabin,
  travellers,
});

describe('the next departure of a missed connection', () => {
  const results = [flight('MU5101', 9, 'C', 4), flight('CA1501', 10, 'Y', 2), flight('HU7601', 11, 'Y', 9)];
  const next = (r: RideAfter) =>
    nextDeparture(refdata, async () => [seller(results)], r, new Date('2026-12-01T00:00:00Z'));

  it('is the first flight sold in the ride cabin, not an earlier one in another cabin', async () => {
    expect((await next(ride('Y', 1)))?.number).toBe('CA1501');
    expect((await next(ride('C', 1)))?.number).toBe('MU5101');
  });

  it('has a seat in that cabin for every traveller', async () => {
    expect((await next(ride('Y', 3)))?.number).toBe('HU7601');
    expect(await next(ride('C', 5))).toBeUndefined();
  });
});
