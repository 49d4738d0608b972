import { CABINS, listedInCabin, type SearchCriteria, type SearchResult } from '@junction/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { type Inventory, sharedInventory } from './inventory/inventory';
import { SearchService } from './search.service';
import { MemorySearchStore } from './search-store';
import { defaultSuppliers } from './suppliers/catalogue';
import type { Supplier } from './suppliers/supplier';

const now = () => new Date('2026-11-22T04:00:00Z');

/** The simulated flight sellers, always answering, each at once. */
const sellers = (inv: Inventory) =>
  defaultSuppliers(inv, { latencyScale: 0, failures: false, plannerWorker: false }).filter((s) => s.kind === 'flight');

const service = () =>
  new SearchService(
    testRefdata(),
    sharedInventory(testRefdata(), true),
    new MemorySearchStore(100, () => now().getTime()),
    { supplierTimeoutMs: 60_000, suppliers: sellers },
    now,
  );

/** Flights in December: a narrow-body route, a short one with turboprops, and a long one with first class. */
const ROUTES = [
  ['BJS', 'SHA'],
  ['SHA', 'NKG'],
  ['CAN', 'HAK'],
  ['BJS', 'LON'],
] as const;

function criteriaOf(p: {
  route: readonly [string, string];
  type: 1 | 2 | 3;
  day: number;
  cabin: SearchCriteria['cabin'];
  adults: number;
  children: number;
  infants: number;
}): SearchCriteria {
  const date = (d: number) => `2026/12/${String(d).padStart(2, '0')}`;
  const [from, to] = p.route;
  const leg = { departure_only_airport: false, destination_only_airport: false, departure: from, destination: to };
  const legs =
    p.type === 3
      ? [
          { ...leg, departure_date: date(p.day) },
          { ...leg, departure: to, destination: from, departure_date: date(p.day + 3) },
        ]
      : [{ ...leg, departure_date: date(p.day), ...(p.type === 2 ? { return_date: date(p.day + 4) } : {}) }];
  const { type, cabin, adults, children, infants } = p;
  return { type, cabin, adults, children, infants, sort: 'best', mode: 'flight', flexDays: 0, filters: {}, legs };
}

const searchArb = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    type: fc.constantFrom(1 as const, 2 as const, 3 as const),
    day: fc.integer({ min: 1, max: 20 }),
    cabin: fc.constantFrom(...CABINS),
    adults: fc.integer({ min: 1, max: 4 }),
    children: fc.integer({ min: 0, max: 2 }),
    infants: fc.integer({ min: 0, max: 1 }),
  })
  .map(criteriaOf);

const ids = (results: readonly SearchResult[]) => [...new Set(results.map((r) => r.id))].sort();

describe('a search in a cabin', () => {
  let search: SearchService;
  let suppliers: Supplier[];
  beforeAll(async () => {
    search = service();
    suppliers = await search.allSuppliers();
  }, 120_000);

  it('property: lists every flight that sells the cabin with a seat for each traveller, and no other', async () => {
    let leftOut = 0;
    await fc.assert(
      fc.asyncProperty(searchArb, async (criteria) => {
        const request = search.request(criteria);
        const asked = await Promise.all(suppliers.map((s) => s.search(request, AbortSignal.timeout(60_000))));
        const seated = criteria.adults + criteria.children;
        const selling = asked.flat().filter((r) => listedInCabin(r, criteria.cabin, seated));
        const listed = await search.resultsFor(criteria);
        for (const r of listed) expect(listedInCabin(r, criteria.cabin, seated), r.id).toBe(true);
        expect(ids(listed)).toEqual(ids(selling));
        leftOut += asked.flat().length - selling.length;
      }),
      { numRuns: 12, seed: 20261130 },
    );
    // The searches met flights without the cabin, or short of seats in it, and left them out.
    expect(leftOut).toBeGreaterThan(0);
  }, 240_000);

  it('says how many flights it left out, and a day whose flights all lack the cabin has no price in it', async () => {
    // No flight between Beijing and Shanghai sells first class: it is flown by narrow-bodies.
    const first = criteriaOf({
      route: ['BJS', 'SHA'],
      type: 1,
      day: 10,
      cabin: 'F',
      adults: 1,
      children: 0,
      infants: 0,
    });
    const id = await search.start(first, 'en');
    let pulled = await search.pull(id, 0);
    for (let i = 0; !pulled.done && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      pulled = await search.pull(id, 0);
    }
    expect(pulled).toMatchObject({ done: true, resultsJson: '' });
    expect(pulled.withoutCabin).toBeGreaterThan(0);
    expect((await search.lowestNow(first)).lowestMinor).toBeNull();
    // In economy the same day has flights, none left out, and a price.
    const economy = { ...first, cabin: 'Y' as const };
    expect((await search.resultsFor(economy)).length).toBeGreaterThan(0);
    expect((await search.lowestNow(economy)).lowestMinor).toBeGreaterThan(0);
  }, 120_000);
});
