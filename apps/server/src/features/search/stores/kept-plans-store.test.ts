import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import { KEEP_PLANS_MS, type KeptPlanStore, MemoryKeptPlans, PgKeptPlans } from './kept-plans-store';

let clock = Date.parse('2026-11-22T04:00:00Z');
const now = () => clock;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const bytes = (...values: number[]) => Uint8Array.from(values);

describe.each<{ name: string; pair: () => [KeptPlanStore, KeptPlanStore] }>([
  { name: 'PostgreSQL', pair: () => [new PgKeptPlans(database.db, now), new PgKeptPlans(database.db, now)] },
  {
    name: 'memory',
    pair: () => {
      const one = new MemoryKeptPlans(10, now);
      return [one, one];
    },
  },
])('plans kept in $name', ({ pair }) => {
  it('are read by another process under their keys, the first kept staying until a week has passed', async () => {
    const [a, b] = pair();
    const key = `k-${Math.random()}`;
    expect(await b.read([key])).toEqual(new Map());
    await a.write(new Map([[key, bytes(1, 2, 3)]]));
    // Another process that planned the same meanwhile leaves the kept plan as it is.
    await b.write(new Map([[key, bytes(9)]]));
    expect(await b.read([key, 'other'])).toEqual(new Map([[key, bytes(1, 2, 3)]]));
    clock += KEEP_PLANS_MS;
    // A week on, the plan no longer serves: the next search plans again and keeps its own.
    expect(await b.read([key])).toEqual(new Map());
    await b.write(new Map([[key, bytes(4, 5)]]));
    expect(await a.read([key])).toEqual(new Map([[key, bytes(4, 5)]]));
    clock += KEEP_PLANS_MS;
    expect(await a.purge?.()).toBeGreaterThanOrEqual(1);
    clock -= KEEP_PLANS_MS;
    expect(await a.read([key])).toEqual(new Map());
  });
});

describe('plans kept in memory', () => {
  it('keep the most recently kept at most', async () => {
    const store = new MemoryKeptPlans(2, now);
    for (const key of ['a', 'b', 'c']) await store.write(new Map([[key, bytes(key.charCodeAt(0))]]));
    expect([...(await store.read(['a', 'b', 'c'])).keys()]).toEqual(['b', 'c']);
    expect(store.size).toBe(2);
  });
});
