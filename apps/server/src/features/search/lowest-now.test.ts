import { AppError } from '@junction/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { flightsFromBeijing } from '../../../test/support/search-criteria';
import { type Inventory, sharedInventory } from './inventory/inventory';
import { SearchService } from './search.service';
import { MemorySearchStore } from './search-store';
import { defaultSuppliers } from './suppliers/catalogue';
import type { Supplier } from './suppliers/supplier';

const now = () => new Date('2026-11-22T04:00:00Z');

const criteria = flightsFromBeijing('SHA', '2026/12/10');

/** The simulated flight sellers, always answering, each at once. */
const sellers = (inv: Inventory) =>
  defaultSuppliers(inv, { latencyScale: 0, failures: false, plannerWorker: false }).filter((s) => s.kind === 'flight');

/** A seller that fails its next `times` searches, then answers as `s`. */
function failing(s: Supplier, state: { times: number }): Supplier {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    quote: (result, request, signal) => s.quote(result, request, signal),
    search: (request, signal) => {
      if (state.times <= 0) return s.search(request, signal);
      state.times -= 1;
      return Promise.reject(new Error(`${s.id} did not answer`));
    },
  };
}

const service = (suppliers: (inv: Inventory) => Supplier[]) =>
  new SearchService(
    testRefdata(),
    sharedInventory(testRefdata(), true),
    new MemorySearchStore(100, () => now().getTime()),
    { supplierTimeoutMs: 60_000, suppliers },
    now,
  );

describe('the lowest price on sale now', () => {
  let everyone: number | null;
  beforeAll(async () => {
    everyone = (await service(sellers).lowestNow(criteria)).lowestMinor;
    expect(everyone).toBeGreaterThan(0);
  }, 120_000);

  it('is refused, to be asked again, while any seller has not answered, so a missing seller is no fall or rise', async () => {
    const all = sellers(await sharedInventory(testRefdata(), true));
    expect(all.length).toBeGreaterThan(1);
    for (const [i] of all.entries()) {
      const state = { times: 1 };
      const search = service((inv) => sellers(inv).map((s, j) => (j === i ? failing(s, state) : s)));
      const refused = await search.lowestNow(criteria).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('PARTNER_UNAVAILABLE');
      // Asked again once the seller answers: the same lowest price as when everybody answered.
      expect((await search.lowestNow(criteria)).lowestMinor).toBe(everyone);
    }
  });
});
