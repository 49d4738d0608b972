import v8 from 'node:v8';
import vm from 'node:vm';
import type { SearchCriteria, SearchCriteriaInput, SearchResult } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemorySearchStore } from '../../src/features/search/search-store';
import { answerWith } from '../search-answers';
import { securitySuite } from './support';

/**
 * Threat: memory filled through inputs nobody bounded. Every request field has a bound, every route a body
 * limit that fits it, and the search store a budget in bytes: 300 maximal searches grow the server's heap
 * by less than 50 MB, and requests past the limits are refused before anything is kept.
 */
v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const s = securitySuite({ SEARCH_LATENCY_SCALE: '0', SEARCH_SUPPLIER_FAILURES: 'false', SEARCH_STORE_MAX_MB: '16' });

const name = (c: string) => c.repeat(100);
const places = ['BJS', 'SHA', 'CAN', 'CTU', 'SZX', 'XIY'];
/** The largest criteria the contract accepts: five legs with every name at its longest, twenty filters. */
function maximalCriteria(i: number): SearchCriteriaInput {
  return {
    type: 3,
    mode: 'train',
    flexDays: 0,
    adults: 9,
    legs: places.slice(0, 5).map((from, k) => ({
      departure: from,
      destination: places[k + 1] ?? 'BJS',
      departure_date: `2026/12/${String(1 + k * 2).padStart(2, '0')}`,
      departureName: name('北'),
      destinationName: name('上'),
      departureCityCode: `${i}`.padEnd(10, 'X'),
      destinationCityCode: 'Y'.repeat(10),
    })),
    filters: Object.fromEntries(
      Array.from({ length: 20 }, (_, k) => [`filter-${k}-${i}`.padEnd(40, 'f'), Array(20).fill('v'.repeat(40))]),
    ),
  };
}

describe('bounded inputs', () => {
  it('refuse what the contract does not bound: big bodies, many filters, long values', async () => {
    const base = maximalCriteria(0);
    const huge = { ...base, filters: { blob: 'x'.repeat(1_000_000) } };
    const res = await s.post('/api/v2/search', huge);
    expect([res.statusCode, res.json().errorCode]).toEqual([413, 4130]);
    const many = await s.post('/api/v2/search', {
      ...base,
      filters: Object.fromEntries(Array.from({ length: 21 }, (_, k) => [`f${k}`, true])),
    });
    expect(many.statusCode).toBe(400);
    const nested = await s.post('/api/v2/search', { ...base, filters: { deep: [[['x']]] } });
    expect(nested.statusCode).toBe(400);
    const login = await s.post('/login', { username: 'a@b.co', password: 'x'.repeat(20_000), identity: 'email' });
    expect(login.statusCode).toBe(413);
    expect(JSON.stringify(maximalCriteria(0)).length).toBeLessThan(32 * 1024);
  });

  it('keep the heap within 50 MB over 300 maximal searches', async () => {
    // Warm up every code path once, so what follows measures only what the searches keep.
    await s.post('/api/v2/search', maximalCriteria(0), { ip: s.freshIp() });
    const before = heapMb();
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          s.post('/api/v2/search', maximalCriteria(batch * 10 + i), { ip: s.freshIp() }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      // Oversized criteria in between are refused before they are read.
      const big = await s.post('/api/v2/search', { ...maximalCriteria(batch), filters: { blob: 'x'.repeat(900_000) } });
      expect(big.statusCode).toBe(413);
    }
    // Let every supplier answer, so the sessions hold all they will hold.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const grown = heapMb() - before;
    console.info(`heap grew by ${grown.toFixed(1)} MB over 300 maximal searches`);
    expect(grown).toBeLessThan(50);
  }, 180_000);
});

describe('NUL bytes', () => {
  it('are refused with 400 naming the field, on every route that takes text', async () => {
    const { cookie, mobile, password } = await s.registerMobile();
    const nul = 'amy\u0000@example.com';
    const cases: [string, object, string, number][] = [
      ['/code', { type: 'email', target: nul, purpose: 'register' }, 'target', 1000],
      ['/register', { type: 'email', target: nul, password: 'travel2026' }, 'target', 1000],
      ['/login', { username: nul, password: 'travel2026', identity: 'email' }, 'username', 1001],
      ['/password/reset', { type: 'email', target: nul, code: '123456', password: 'travel2026' }, 'target', 1000],
      ['/api/verify/resend', { email: nul }, 'email', 1000],
      ['/bind', { type: 'email', target: nul, code: '123456' }, 'target', 1000],
      ['/user', { name: 'Amy\u0000Li' }, 'name', 1000],
      ['/user', { nickname: '\u0000' }, 'nickname', 1000],
      ['/api/passenger', { surname: 'LI\u0000', givenNames: 'AMY', documents: [] }, 'surname', 1000],
      ['/api/v2/search', { ...maximalCriteria(1), filters: { 'a\u0000': true } }, 'filters.a', 1000],
    ];
    for (const [url, body, field, code] of cases) {
      const res = await s.post(url, body, { cookie, ip: s.freshIp() });
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        expect.objectContaining({ errorCode: code, params: { field, reason: 'nul' } }),
      ]);
    }
    const agent = await s.post(
      '/login',
      { username: mobile, password, identity: 'mobile' },
      { headers: { 'user-agent': 'Evil\u0000Agent' }, ip: s.freshIp() },
    );
    // A header is no field to refuse: the session keeps it without the control character.
    expect(agent.statusCode).toBe(200);
    const query = await s.t.app.inject({ method: 'GET', url: '/api/place?keyword=bj%00' });
    expect(query.json()).toMatchObject({ errorCode: 1000, params: { field: 'keyword', reason: 'nul' } });
  });
});

describe('the search store', () => {
  const criteria = { type: 1, legs: [] } as unknown as SearchCriteria;
  const result = (id: string, size: number): SearchResult =>
    ({
      id,
      price: { amount: 100, currency: 'CNY' },
      sellers: [{ supplier: 'a', name: 'x'.repeat(size), price: { amount: 100, currency: 'CNY' } }],
    }) as unknown as SearchResult;

  it('never holds more bytes than its budget, whatever sessions and answers arrive', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), id: fc.integer({ min: 0, max: 5 }) }),
      fc.record({
        kind: fc.constant('answer' as const),
        id: fc.integer({ min: 0, max: 5 }),
        results: fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 4000 })), {
          maxLength: 20,
        }),
      }),
      fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 600_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 80 }),
        fc.integer({ min: 5_000, max: 200_000 }),
        async (ops, budget) => {
          let now = 0;
          const store = new MemorySearchStore(10, () => now, budget);
          for (const o of ops) {
            if (o.kind === 'create')
              await store.create({
                id: `s${o.id}`,
                criteria,
                language: 'en',
                createdAt: now,
                expiresAt: now + 1_200_000,
                total: 1,
              });
            else if (o.kind === 'answer')
              await answerWith(
                store,
                `s${o.id}`,
                'a',
                o.results.map(([id, size]) => result(`r${id}`, size)),
              );
            else now += o.ms;
            // Only a session filling alone may pass the budget: every other one and every expired one is gone.
            if (store.bytes > budget) expect(store.size).toBe(1);
            expect(store.bytes).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { seed: 1126, numRuns: 200 },
    );
  });
});
