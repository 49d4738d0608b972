import type { SearchCriteria } from '@junction/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { testRefdata } from '../../../test/harness';
import { sharedInventory } from './inventory/inventory';
import { PLAN_AHEAD, planAhead } from './search.jobs';
import { SearchService } from './search.service';
import { MemorySearchStore } from './search-store';
import { MemoryKeptPlans } from './stores/kept-plans-store';
import { defaultSuppliers } from './suppliers/catalogue';
import { startedPlannerPool } from './suppliers/door-to-door/worker-pool-runner';
import type { Supplier, SupplierRequest } from './suppliers/supplier';

/** Search with one supplier that plans ahead (`prepare`) and one that does not: each request is its criteria. */
const searchWith = (prepare: (criteria: SearchCriteria) => Promise<void>) => ({
  allSuppliers: async () => [
    { id: 'flights' } as Supplier,
    {
      id: 'doors',
      prepare: (request: SupplierRequest) => prepare(request as unknown as SearchCriteria),
    } as unknown as Supplier,
  ],
  request: (criteria: SearchCriteria) => criteria as unknown as SupplierRequest,
});

const now = () => new Date('2026-12-05T17:30:00Z'); // 01:30 on 6 December in Beijing

describe('planning ahead for the pairs searched most', () => {
  it('plans each pair both ways on each of the next seven days, from tomorrow in Beijing, doors left out', async () => {
    const asked: SearchCriteria[] = [];
    let limit = 0;
    const run = await planAhead(
      searchWith(async (criteria) => {
        asked.push(criteria);
      }),
      async (n) => {
        limit = n;
        return [
          { origin: 'BJS', destination: 'SHA' },
          { origin: 'SHA', destination: 'BJS' },
          { origin: '@39.9149,116.4109', destination: 'SHA' },
          { origin: 'CAN', destination: 'CTU' },
        ];
      },
      now,
    );
    expect(limit).toBe(PLAN_AHEAD.pairs);
    const trips = asked.map((c) => `${c.legs[0]?.departure}>${c.legs[0]?.destination} ${c.legs[0]?.departure_date}`);
    expect(new Set(trips).size).toBe(trips.length);
    expect(trips).toHaveLength(4 * 7);
    expect(trips.slice(0, 7)).toEqual(
      [7, 8, 9, 10, 11, 12, 13].map((d) => `BJS>SHA 2026/12/${String(d).padStart(2, '0')}`),
    );
    expect(trips).toContain('CTU>CAN 2026/12/13');
    expect(trips.some((t) => t.includes('@'))).toBe(false);
    expect(run).toEqual({ planned: 28, failed: [] });
    for (const c of asked) expect(c.mode).toBe('all');
  });

  it('goes on past a search that cannot be planned and tells how many could not', async () => {
    let n = 0;
    const run = await planAhead(
      searchWith(async () => {
        if (++n === 3) throw new Error('the planner is busy');
      }),
      async () => [{ origin: 'BJS', destination: 'SHA' }],
      now,
    );
    expect(run.planned).toBe(13);
    expect(run.failed).toHaveLength(1);
  });

  afterAll(() => startedPlannerPool()?.close());

  it('keeps the plans of every day between the pairs for every process, through search and its planner pool', async () => {
    const store = new MemoryKeptPlans(100, () => now().getTime());
    const service = new SearchService(
      testRefdata(),
      sharedInventory(testRefdata(), false),
      new MemorySearchStore(100, () => now().getTime()),
      {
        supplierTimeoutMs: 60_000,
        suppliers: (inv) =>
          defaultSuppliers(inv, {
            latencyScale: 0,
            failures: false,
            plannerWorker: true,
            plannerPool: { workers: 1, maxQueue: 8 },
            keptPlans: store,
          }),
      },
      now,
    );
    const run = await planAhead(service, async () => [{ origin: 'CTU', destination: 'CKG' }], now);
    expect(run).toEqual({ planned: 14, failed: [] });
    // Both ways on each of seven days, one plan between the cities' centres each.
    expect(store.size).toBe(14);
  }, 180_000);
});
