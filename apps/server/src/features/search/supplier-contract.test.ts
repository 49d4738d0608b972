import type { PullResponse, SearchResult } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { flightsFromBeijing } from '../../../test/support/search-criteria';
import { type Inventory, sharedInventory } from './inventory/inventory';
import { pullJson, SearchService } from './search.service';
import { MemorySearchStore } from './search-store';
import { defaultSuppliers } from './suppliers/catalogue';
import type { Supplier } from './suppliers/supplier';

const now = () => new Date('2026-11-22T04:00:00Z');

/** The simulated flight sellers, always answering, each at once. */
const sellers = (inv: Inventory) =>
  defaultSuppliers(inv, { latencyScale: 0, failures: false, plannerWorker: false }).filter((s) => s.kind === 'flight');

/** `s` with each of its results changed by `change` before it answers. */
const changing = (s: Supplier, change: (r: SearchResult, i: number) => void): Supplier => ({
  ...s,
  search: async (request, signal) => {
    const results = await s.search(request, signal);
    results.forEach(change);
    return results;
  },
});

describe('suppliers’ results against the contract', () => {
  it('fail the answer of a seller that breaks it, while the other sellers’ results show, unknown keys dropped', async () => {
    const service = new SearchService(
      testRefdata(),
      sharedInventory(testRefdata(), true),
      new MemorySearchStore(100, () => now().getTime()),
      {
        supplierTimeoutMs: 60_000,
        suppliers: (inv) =>
          sellers(inv).map((s, i) =>
            i === 0
              ? changing(s, (r, j) => {
                  // One result of many with a price in fractions of a fen: the whole answer goes.
                  if (j === 3) r.price.amount += 0.5;
                })
              : changing(s, (r) => Object.assign(r, { internalCost: 1 })),
          ),
      },
      now,
    );
    const all = sellers(await sharedInventory(testRefdata(), true));
    const id = await service.start(flightsFromBeijing('SHA', '2026/12/10'), 'en');
    await expect.poll(async () => (await service.pull(id, 0)).done, { interval: 10, timeout: 60_000 }).toBe(true);
    const pulled = JSON.parse(pullJson(await service.pull(id, 0))) as PullResponse;
    expect(pulled.failed.map((f) => f.en)).toEqual([all[0]?.name.en]);
    expect(pulled.results.length).toBeGreaterThan(0);
    for (const r of pulled.results) {
      expect(r).not.toHaveProperty('internalCost');
      expect(Number.isInteger(r.price.amount)).toBe(true);
      expect(r.sellers.map((s) => s.supplier)).not.toContain(all[0]?.id);
    }
  }, 120_000);
});
