import { type SearchCriteria, type SearchResult, sameInBoth } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { MemorySearchStore, resultsOf, type SessionRead } from './search-store';

const results = (read: SessionRead | undefined) => (read ? resultsOf(read) : undefined);
const criteria = { type: 1, legs: [] } as unknown as SearchCriteria;
const result = (id: string, amount: number, supplier: string): SearchResult =>
  ({
    id,
    price: { amount, currency: 'CNY' },
    sellers: [{ supplier, name: sameInBoth(supplier), price: { amount, currency: 'CNY' } }],
  }) as unknown as SearchResult;

describe('the in-process search store', () => {
  it('returns only what changed since the cursor, each result in its latest form', async () => {
    let now = 0;
    const store = new MemorySearchStore(10, () => now);
    await store.create({ id: 's', criteria, language: 'en', createdAt: 0, expiresAt: 1000, total: 2 });
    await store.answer('s', 'a', [result('x', 500, 'a'), result('y', 700, 'a')]);
    const first = await store.read('s', 0, now);
    expect(results(first)?.map((r) => r.id)).toEqual(['x', 'y']);
    await store.answer('s', 'b', [result('y', 650, 'b')]);
    const second = await store.read('s', first?.cursor ?? 0, now);
    expect(results(second)).toHaveLength(1);
    expect(results(second)?.[0]?.price.amount).toBe(650);
    expect(results(second)?.[0]?.sellers.map((s) => s.supplier)).toEqual(['b', 'a']);
    expect(second?.answered).toBe(2);
    expect(results(await store.read('s', second?.cursor ?? 0, now))).toEqual([]);
    now = 1000;
    expect(await store.read('s', 0, now)).toBeUndefined();
    expect(await store.expired('s')).toBe(criteria);
  });

  it('never holds more sessions than its limit: the oldest go first', async () => {
    const store = new MemorySearchStore(3, () => 0);
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      await store.create({ id, criteria, language: 'en', createdAt: 0, expiresAt: 1000, total: 1 });
    expect(store.size).toBe(3);
    expect(await store.read('a', 0, 0)).toBeUndefined();
    expect(await store.read('e', 0, 0)).toBeDefined();
  });

  it('keeps a failed supplier out of the results and counts it as answered', async () => {
    const store = new MemorySearchStore(3, () => 0);
    await store.create({ id: 's', criteria, language: 'en', createdAt: 0, expiresAt: 1000, total: 2 });
    await store.answer('s', 'down', 'failed');
    expect(await store.read('s', 0, 0)).toMatchObject({ answered: 1, failed: ['down'], resultsJson: '' });
  });
});
