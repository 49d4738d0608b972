import { describe, expect, it } from 'vitest';
import { answerWith, anyCriteria as criteria, sellerResult as result } from '../../../test/search-answers';
import { MemorySearchStore, type SearchStore } from './search-store';
import { SessionCache } from './session-cache';

/** The store, recording where each read started. */
function recording(store: SearchStore) {
  const from: number[] = [];
  const wrapped: SearchStore = {
    create: (m) => store.create(m),
    answer: (id, s, r) => store.answer(id, s, r),
    claimAnswer: (k, id, until) => store.claimAnswer(k, id, until),
    storeAnswer: (id, k, text, reuse, keep) => store.storeAnswer(id, k, text, reuse, keep),
    answerState: (id, k) => store.answerState(id, k),
    storedAnswers: (ids) => store.storedAnswers(ids),
    reprice: (id, r, a) => store.reprice(id, r, a),
    expired: (id) => store.expired(id),
    read: (id, after, now) => {
      from.push(after);
      return store.read(id, after, now);
    },
  };
  return { store: wrapped, from };
}

describe('the cache of folded session results', () => {
  it('reads only the changes after those it folded, and the whole session again once it dropped it', async () => {
    const memory = new MemorySearchStore(10, () => 0);
    const { store, from } = recording(memory);
    for (const id of ['s', 't'])
      await store.create({ id, criteria, language: 'en', createdAt: 0, expiresAt: 600_000, total: 2 });
    await answerWith(store, 's', 'a', [result('x', 500, 'a'), result('y', 700, 'a')]);
    // Room for about one answer's text.
    const cache = new SessionCache(JSON.stringify([result('x', 500, 'a'), result('y', 700, 'a')]).length + 10, 60_000);
    expect((await cache.read(store, 's', 0))?.results.size).toBe(2);
    await answerWith(store, 's', 'b', [result('y', 650, 'b')]);
    const second = await cache.read(store, 's', 1000);
    expect(second?.results.get('y')?.price.amount).toBe(650);
    expect(from).toEqual([0, 1]);
    // Another session's answers push the first out; reading it again starts from its first change.
    await answerWith(store, 't', 'a', [result('z', 100, 'a'), result('w', 100, 'a')]);
    await cache.read(store, 't', 2000);
    expect(cache.size).toBe(1);
    expect((await cache.read(store, 's', 3000))?.results.get('y')?.sellers).toHaveLength(2);
    expect(from.slice(2)).toEqual([0, 0]);
    // Nobody pulled for a minute: gone.
    await cache.read(store, 's', 100_000);
    expect(cache.size).toBe(1);
    expect(await cache.read(store, 'unknown', 100_000)).toBeUndefined();
  });

  it('tells of every session whose results it lets go, pushed out or idle for a minute', async () => {
    const store = new MemorySearchStore(10, () => 0);
    for (const id of ['s', 't', 'u'])
      await store.create({ id, criteria, language: 'en', createdAt: 0, expiresAt: 600_000, total: 2 });
    for (const id of ['s', 't', 'u']) await answerWith(store, id, 'a', [result('x', 500, 'a'), result('y', 700, 'a')]);
    const dropped: string[] = [];
    const room = JSON.stringify([result('x', 500, 'a'), result('y', 700, 'a')]).length + 10;
    const cache = new SessionCache(room, 60_000, undefined, (id) => dropped.push(id));
    await cache.read(store, 's', 0);
    expect(dropped).toEqual([]);
    await cache.read(store, 't', 1000);
    expect(dropped).toEqual(['s']);
    await cache.read(store, 'u', 100_000);
    expect(dropped).toEqual(['s', 't']);
    expect(cache.size).toBe(1);
  });

  it('folds in the answers this process stores as they come, so its pulls read no answer back', async () => {
    const memory = new MemorySearchStore(10, () => 0);
    const { store, from } = recording(memory);
    await store.create({ id: 's', criteria, language: 'en', createdAt: 0, expiresAt: 600_000, total: 3 });
    const cache = new SessionCache();
    for (const [supplier, offers] of [
      ['a', [result('x', 500, 'a')]],
      ['b', [result('x', 450, 'b'), result('y', 300, 'b')]],
    ] as const) {
      const seq = await answerWith(store, 's', supplier, [...offers]);
      if (seq !== undefined) cache.offer('s', seq, supplier, { results: offers, textLength: 10 }, 0);
    }
    const read = await cache.read(store, 's', 0);
    expect(from).toEqual([2]);
    expect(read?.read.entries).toEqual([]);
    expect(read?.results.get('x')?.price.amount).toBe(450);
    expect(read?.results.get('x')?.sellers.map((s) => s.supplier)).toEqual(['b', 'a']);
    // An answer out of turn (another process stored the one before) is read from the store instead.
    await answerWith(memory, 's', 'c', [result('z', 1, 'c')]);
    cache.offer('s', 4, 'd', { results: [result('w', 1, 'd')], textLength: 10 }, 0);
    const after = await cache.read(store, 's', 0);
    expect(after?.results.get('z')).toBeDefined();
    expect(after?.results.get('w')).toBeUndefined();
  });
});
