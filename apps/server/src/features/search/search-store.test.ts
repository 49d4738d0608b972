import { describe, expect, it } from 'vitest';
import { answerWith, anyCriteria as criteria, folded, sellerResult as result } from '../../../test/search-answers';
import { MAX_RESULTS, MemorySearchStore, resultsOf, SessionResults } from './search-store';

describe('the in-process search store', () => {
  it('returns the changes after the one asked from; folded, each result changed since a cursor in its latest form', async () => {
    let now = 0;
    const store = new MemorySearchStore(10, () => now);
    await store.create({ id: 's', criteria, language: 'en', createdAt: 0, expiresAt: 1000, total: 2 });
    await answerWith(store, 's', 'a', [result('x', 500, 'a'), result('y', 700, 'a')]);
    const state = new SessionResults();
    const first = await store.read('s', 0, now);
    state.apply(await folded(store, first?.entries));
    expect(state.changedSince(0).map((r) => r.id)).toEqual(['x', 'y']);
    const cursor = state.seq;
    await answerWith(store, 's', 'b', [result('y', 650, 'b')]);
    const second = await store.read('s', cursor, now);
    expect(second?.entries).toHaveLength(1);
    state.apply(await folded(store, second?.entries));
    const changed = state.changedSince(cursor);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.price.amount).toBe(650);
    expect(changed[0]?.sellers.map((s) => s.supplier)).toEqual(['b', 'a']);
    expect(second?.answered).toBe(2);
    expect(state.changedSince(state.seq)).toEqual([]);
    expect((await store.read('s', state.seq, now))?.entries).toEqual([]);
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
    await answerWith(store, 's', 'down', 'failed');
    expect(await store.read('s', 0, 0)).toMatchObject({ answered: 1, failed: ['down'], entries: [] });
  });
});

describe('the results of a session folded from its changes', () => {
  it('applies a re-quoted price, folds each change once, and keeps at most the limit of journeys', () => {
    const state = new SessionResults();
    const many = Array.from({ length: MAX_RESULTS + 5 }, (_, i) => result(`r${i}`, 100 + i, 'a'));
    state.apply([{ seq: 1, kind: 'answer', supplier: 'a', answer: { results: many, textLength: 1 } }]);
    expect(state.size).toBe(MAX_RESULTS);
    state.apply([
      { seq: 2, kind: 'reprice', resultId: 'r0', amount: 90 },
      { seq: 2, kind: 'reprice', resultId: 'r0', amount: 80 },
      { seq: 3, kind: 'reprice', resultId: 'unknown', amount: 1 },
    ]);
    expect(state.get('r0')?.price.amount).toBe(90);
    expect(state.get('unknown')).toBeUndefined();
    expect(state.changedSince(1).map((r) => r.id)).toEqual(['r0']);
    expect(resultsOf([])).toEqual([]);
  });
});
