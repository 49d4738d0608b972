import { type SearchCriteria, type SearchResult, sameInBoth } from '@junction/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/harness';
import { skipWithoutRedis, startRedis, type TestRedis } from '../../../../test/redis';
import { answerWith, folded } from '../../../../test/search-answers';
import {
  answerJson,
  MemorySearchStore,
  resultsOf,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  SessionResults,
} from '../search-store';
import { PgSearchStore } from './pg-search-store';
import { RedisSearchStore } from './redis-search-store';

/**
 * The shared search stores behave as the in-process one, and two instances on one database or one Redis
 * (two server processes) see the same sessions.
 */
const results = async (store: SearchStore, read: SessionRead | undefined) =>
  read ? resultsOf(await folded(store, read.entries)) : undefined;
const criteria = { type: 1, legs: [{ departure: 'BJS', destination: 'SHA' }] } as unknown as SearchCriteria;
const result = (id: string, amount: number, supplier: string): SearchResult =>
  ({
    id,
    price: { amount, currency: 'CNY' },
    sellers: [{ supplier, name: sameInBoth(supplier), price: { amount, currency: 'CNY' } }],
    legs: [],
  }) as unknown as SearchResult;

let clock = Date.parse('2026-11-22T04:00:00Z');
const now = () => clock;
let n = 0;
const meta = (total: number, ttl = 60_000): SessionMeta => ({
  id: `s${++n}-${Math.random().toString(36).slice(2)}`,
  criteria,
  language: 'en',
  createdAt: clock,
  expiresAt: clock + ttl,
  total,
});

type Kind = { name: string; pair: () => [SearchStore, SearchStore] };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let redis: TestRedis | undefined;
const noRedis = skipWithoutRedis();

beforeAll(async () => {
  database = await createTestDatabase();
  if (!noRedis) redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
  await database.drop();
});

const kinds: Kind[] = [
  { name: 'PostgreSQL', pair: () => [new PgSearchStore(database.db, now), new PgSearchStore(database.db, now)] },
  ...(noRedis
    ? []
    : [
        {
          name: 'Redis',
          pair: (): [SearchStore, SearchStore] => [
            new RedisSearchStore((redis as TestRedis).client(), now),
            new RedisSearchStore((redis as TestRedis).client(), now),
          ],
        },
      ]),
];

describe.each(kinds)('the search store in $name', (kind) => {
  it('answers a read on another instance with only the changes after the one asked from', async () => {
    const [a, b] = kind.pair();
    const m = meta(2);
    await a.create(m);
    await answerWith(a, m.id, 'a', [result('x', 500, 'a'), result('y', 700, 'a')]);
    const state = new SessionResults();
    const first = await b.read(m.id, 0, now());
    state.apply(await folded(b, first?.entries));
    expect(state.changedSince(0).map((r) => r.id)).toEqual(['x', 'y']);
    expect(first?.meta).toEqual(m);
    const cursor = state.seq;
    await answerWith(a, m.id, 'b', [result('y', 650, 'b')]);
    const second = await b.read(m.id, cursor, now());
    expect(second?.entries.map((e) => e.seq)).toEqual([cursor + 1]);
    state.apply(await folded(b, second?.entries));
    const changed = state.changedSince(cursor);
    expect(changed).toHaveLength(1);
    expect(changed[0]?.price.amount).toBe(650);
    expect(changed[0]?.sellers.map((s) => s.supplier)).toEqual(['b', 'a']);
    expect(second?.answered).toBe(2);
    expect(second?.seq).toBe(state.seq);
    expect((await b.read(m.id, state.seq, now()))?.entries).toEqual([]);
  });

  it('gives another instance a large answer exactly as stored, in both languages', async () => {
    const [a, b] = kind.pair();
    const m = meta(1);
    await a.create(m);
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...result(`r${i}`, 10_000 + i, 'a'),
      names: { en: `Beijing South ${i}`, 'zh-CN': `北京南 ${i}` },
    }));
    await answerWith(a, m.id, 'a', many as unknown as SearchResult[]);
    const state = new SessionResults();
    state.apply(await folded(b, (await b.read(m.id, 0, now()))?.entries));
    expect(state.changedSince(0)).toEqual(many);
  });

  it('counts a failed supplier as answered and names it', async () => {
    const [a, b] = kind.pair();
    const m = meta(2);
    await a.create(m);
    await answerWith(a, m.id, 'down', 'failed');
    expect(await b.read(m.id, 0, now())).toMatchObject({ answered: 1, failed: ['down'], entries: [] });
  });

  it('shows a re-priced result after the cursor, and nothing once the session has expired but its criteria', async () => {
    const [a, b] = kind.pair();
    const m = meta(1, 1000);
    await a.create(m);
    await answerWith(a, m.id, 'a', [result('x', 500, 'a')]);
    const state = new SessionResults();
    state.apply(await folded(a, (await a.read(m.id, 0, now()))?.entries));
    const cursor = state.seq;
    await b.reprice(m.id, 'x', 540);
    state.apply(await folded(a, (await a.read(m.id, cursor, now()))?.entries));
    expect(state.changedSince(cursor).map((r) => [r.id, r.price.amount])).toEqual([['x', 540]]);
    expect(await b.expired(m.id)).toBeUndefined();
    clock += 1000;
    expect(await b.read(m.id, 0, now())).toBeUndefined();
    expect(await b.expired(m.id)).toEqual(criteria);
    expect(await b.expired('never-existed')).toBeUndefined();
  });

  it('loses no offer when suppliers answer at once through two instances', async () => {
    const [a, b] = kind.pair();
    const suppliers = Array.from({ length: 12 }, (_, i) => `sup${i}`);
    const m = meta(suppliers.length);
    await a.create(m);
    // Every supplier offers the same three journeys at its own price; some also re-price meanwhile.
    await Promise.all(
      suppliers.map((s, i) =>
        answerWith(i % 2 ? a : b, m.id, s, [
          result('j1', 1000 + i, s),
          result('j2', 2000 - i, s),
          result(`own-${s}`, 300, s),
        ]),
      ),
    );
    const read = await b.read(m.id, 0, now());
    expect(read?.answered).toBe(suppliers.length);
    const byId = new Map((await results(b, read))?.map((r) => [r.id, r]));
    expect(byId.size).toBe(2 + suppliers.length);
    expect(byId.get('j1')?.price.amount).toBe(1000);
    expect(byId.get('j2')?.price.amount).toBe(2000 - 11);
    expect(
      byId
        .get('j1')
        ?.sellers.map((s) => s.supplier)
        .sort(),
    ).toEqual([...suppliers].sort());
    expect(byId.get('j2')?.sellers.map((s) => s.price.amount)).toEqual(
      [...suppliers.keys()].map((i) => 2000 - i).sort((x, y) => x - y),
    );
  });

  it('records an answer stored into a session as that supplier’s answer, read alike on another instance', async () => {
    const [a, b] = kind.pair();
    const m = meta(2);
    await a.create(m);
    const key = `into-${n++}`;
    await a.claimAnswer(key, 'into-1', clock + 10_000);
    const json = answerJson([result('x', 500, 'a')], 0);
    const seq = await a.storeAnswer('into-1', key, json, clock + 60_000, clock + 120_000, {
      session: m.id,
      supplier: 'a',
    });
    expect(seq).toBe(1);
    const read = await b.read(m.id, 0, now());
    expect(read).toMatchObject({ answered: 1, seq: 1, failed: [] });
    expect(read?.entries).toEqual([{ kind: 'answer', supplier: 'a', answerId: 'into-1', seq: 1 }]);
    expect(await b.claimAnswer(key, 'other', clock + 10_000)).toEqual({ id: 'into-1', state: 'done' });
    expect(resultsOf(await folded(b, read?.entries)).map((r) => r.id)).toEqual(['x']);
    // A session that is gone records nothing; the answer is stored all the same.
    expect(await a.storeAnswer('into-2', undefined, json, 0, clock + 120_000, { session: 'gone', supplier: 'a' })).toBe(
      undefined,
    );
    expect([...(await b.storedAnswers(['into-2'])).keys()]).toEqual(['into-2']);
  });

  it('decides who asks for an answer once, whichever instance claims it and however many claim at once', async () => {
    const [a, b] = kind.pair();
    const key = (k: string) => `claim-${n}-${k}`;
    n++;
    const until = clock + 10_000;
    const [k1, k2, k3, k1again] = await Promise.all([
      a.claimAnswer(key('1'), 'a1', until),
      a.claimAnswer(key('2'), 'a2', until),
      a.claimAnswer(key('3'), 'a3', until),
      a.claimAnswer(key('1'), 'a1-again', until),
    ]);
    expect([k1, k2, k3]).toEqual([
      { id: 'a1', state: 'mine' },
      { id: 'a2', state: 'mine' },
      { id: 'a3', state: 'mine' },
    ]);
    expect(k1again).toEqual({ id: 'a1', state: 'pending' });
    expect(await b.claimAnswer(key('2'), 'b2', until)).toEqual({ id: 'a2', state: 'pending' });

    await a.storeAnswer('a2', key('2'), Buffer.from('[]'), clock + 60_000, clock + 120_000);
    await a.storeAnswer('a3', key('3'), 'failed', 0, 0);
    const [again2, again3] = await Promise.all([
      b.claimAnswer(key('2'), 'b2', until),
      b.claimAnswer(key('3'), 'b3', until),
    ]);
    expect(again2).toEqual({ id: 'a2', state: 'done' });
    expect(again3).toEqual({ id: 'b3', state: 'mine' });
  });

  it('reads the same as the in-process store after any sequence of answers and pulls', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('answer' as const),
        supplier: fc.constantFrom('a', 'b', 'c'),
        offers: fc.array(
          fc.record({ id: fc.constantFrom('p', 'q', 'r', 's'), amount: fc.integer({ min: 1, max: 9 }) }),
          {
            maxLength: 4,
          },
        ),
      }),
      fc.record({ kind: fc.constant('fail' as const), supplier: fc.constantFrom('a', 'b', 'c') }),
      fc.record({ kind: fc.constant('pull' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const [shared, other] = kind.pair();
        const model = new MemorySearchStore(10, now);
        const m = meta(3);
        await shared.create(m);
        await model.create(m);
        // Folded a pull at a time, as a server process folds them, against the whole read at once.
        const state = new SessionResults();
        let cursor = 0;
        for (const s of steps) {
          if (s.kind === 'pull') {
            const got = await other.read(m.id, state.seq, now());
            state.apply(await folded(other, got?.entries));
            const want = await model.read(m.id, 0, now());
            const wantResults = resultsOf(await folded(model, want?.entries));
            const key = (r: SearchResult) => `${r.id}:${r.price.amount}:${r.sellers.map((x) => x.supplier).join('')}`;
            expect(state.all().map(key).sort()).toEqual(wantResults.map(key).sort());
            expect(state.changedSince(cursor).length).toBeLessThanOrEqual(wantResults.length);
            expect(got?.answered).toBe(want?.answered);
            expect(got?.failed).toEqual(want?.failed);
            expect(got?.seq).toBe(want?.seq);
            cursor = state.seq;
          } else {
            const answer = s.kind === 'fail' ? 'failed' : s.offers.map((o) => result(o.id, o.amount, s.supplier));
            await answerWith(shared, m.id, s.supplier, answer);
            await answerWith(model, m.id, s.supplier, answer);
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the PostgreSQL search store', () => {
  it('claims the answers a search asks for at once in one statement', async () => {
    let statements = 0;
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const store = new PgSearchStore(counted, now);
    const keys = Array.from({ length: 5 }, (_, i) => `one-statement-${n}-${i}`);
    n++;
    const claims = await Promise.all(keys.map((k, i) => store.claimAnswer(k, `id${i}`, clock + 10_000)));
    expect(claims.map((c) => c.state)).toEqual(['mine', 'mine', 'mine', 'mine', 'mine']);
    expect(statements).toBe(1);
  });

  it('reads an answer stored as text before answers were packed, beside packed ones', async () => {
    const [a, b] = [new PgSearchStore(database.db, now), new PgSearchStore(database.db, now)];
    const m = meta(2);
    await a.create(m);
    const old = `old-${Math.random().toString(36).slice(2)}`;
    const text = JSON.stringify([result('x', 500, 'a')]);
    await sql`insert into search_answers (id, body, keep_until) values (${old}, ${text}, ${new Date(clock + 60_000)})`.execute(
      database.db,
    );
    await a.answer(m.id, 'a', old);
    await answerWith(a, m.id, 'b', [result('y', 700, 'b')]);
    const state = new SessionResults();
    state.apply(await folded(b, (await b.read(m.id, 0, now()))?.entries));
    expect(state.changedSince(0).map((r) => [r.id, r.price.amount])).toEqual([
      ['x', 500],
      ['y', 700],
    ]);
  });

  it('ends the oldest live sessions beyond its limit when it purges, keeping their criteria', async () => {
    const ids = ['p1', 'p2', 'p3'].map((p) => `${p}-${Math.random().toString(36).slice(2)}`);
    const store = new PgSearchStore(database.db, now, 2);
    await sql`delete from search_sessions`.execute(database.db);
    for (const [i, id] of ids.entries()) await store.create({ ...meta(1), id, expiresAt: clock + 60_000 + i });
    await store.purge();
    expect(await store.read(ids[0] as string, 0, now())).toBeUndefined();
    expect(await store.expired(ids[0] as string)).toEqual(criteria);
    for (const id of ids.slice(1)) expect(await store.read(id, 0, now())).toBeDefined();
  });

  it('purges results of expired sessions, and their criteria a day later', async () => {
    const store = new PgSearchStore(database.db, now);
    const m = meta(1, 1000);
    await store.create(m);
    await answerWith(store, m.id, 'a', [result('x', 1, 'a')]);
    clock += 2000;
    expect(await store.purge()).toBeGreaterThanOrEqual(1);
    expect(await store.expired(m.id)).toEqual(criteria);
    clock += 24 * 3600_000;
    await store.purge();
    expect(await store.expired(m.id)).toBeUndefined();
  });
});
