import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { pgRateLimitStore, RATE_LOCAL_MAX } from './rate-limit-store';

/**
 * The API's request counters in PostgreSQL as two server processes keep them: each counts in its own
 * memory below half the limit and adds its counts to the shared ones in batches, and the limit still
 * holds for both together.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

type Process = { store: FastifyRateLimitStore; flush: () => Promise<void> };
const process = (): Process => {
  const Store = pgRateLimitStore(database.db);
  return { store: new Store({} as never), flush: () => Store.flush() };
};
const count = (p: Process, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    p.store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, max),
  );
const shared = async (key: string) =>
  Number(
    (await sql<{ count: number }>`select count from api_rate_counters where key = ${key}`.execute(database.db)).rows[0]
      ?.count ?? 0,
  );
let keys = 0;
const newKey = () => `test-${++keys}-${Math.random().toString(36).slice(2)}`;

describe('request counters shared by the processes through PostgreSQL', () => {
  it('counts one process’s requests one by one, whether counted here or by the database', async () => {
    const p = process();
    const key = newKey();
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) seen.push((await count(p, key, 30)).current);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    await p.flush();
    expect(await shared(key)).toBe(40);
  });

  it('adds what one process counted to what the other sees', async () => {
    const a = process();
    const b = process();
    const key = newKey();
    for (let i = 0; i < 5; i++) await count(a, key, 1000);
    await a.flush();
    expect(await shared(key)).toBe(5);
    expect((await count(b, key, 1000)).current).toBe(6);
  });

  it('adds a key’s counts once that many wait, without waiting for the timer', async () => {
    const p = process();
    const key = newKey();
    for (let i = 0; i < RATE_LOCAL_MAX + 1; i++) await count(p, key, 10_000);
    await expect.poll(() => shared(key)).toBe(RATE_LOCAL_MAX + 1);
  });

  it('holds the limit for two processes together, whatever the order of their requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 59 }), { maxLength: 4 }),
        async (max, order, flushes) => {
          const both = [process(), process()];
          const key = newKey();
          let allowed = 0;
          for (const [i, first] of order.entries()) {
            const p = both[first ? 0 : 1] as Process;
            if (flushes.includes(i)) await p.flush();
            if ((await count(p, key, max)).current <= max) allowed++;
          }
          expect(allowed).toBe(Math.min(max, order.length));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('holds the limit for fifty requests at once to two processes', async () => {
    const both = [process(), process()];
    const key = newKey();
    // Each process has counted the key once: the burst finds it open in both.
    const first = [await count(both[0] as Process, key, 20), await count(both[1] as Process, key, 20)];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => count(both[i % 2] as Process, key, 20)));
    expect([...first, ...answers].filter((a) => a.current <= 20)).toHaveLength(20);
    await Promise.all(both.map((p) => p.flush()));
    expect(await shared(key)).toBe(52);
  });

  it('starts a new window once the old one has ended', async () => {
    const p = process();
    const key = newKey();
    expect((await count(p, key, 100, 200)).current).toBe(1);
    expect((await count(p, key, 100, 200)).current).toBe(2);
    await expect.poll(async () => (await count(p, key, 100, 200)).current, { timeout: 10_000 }).toBe(1);
  });
});
