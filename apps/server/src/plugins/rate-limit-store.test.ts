import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { pgRateLimitStore } from './rate-limit-store';

/** The API's request counters in PostgreSQL as two server processes keep them: the limit holds for both together. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

/** A server process's counters: a store of its own over the shared database. */
const serverProcess = (): FastifyRateLimitStore => new (pgRateLimitStore(database.db))({} as never);
const count = (p: FastifyRateLimitStore, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    p.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), windowMs, max),
  );
const shared = async (key: string) =>
  Number(
    (await sql<{ count: number }>`select count from api_rate_counters where key = ${key}`.execute(database.db)).rows[0]
      ?.count ?? 0,
  );
let keys = 0;
const newKey = () => `test-${++keys}-${Math.random().toString(36).slice(2)}`;

describe('request counters shared by the processes through PostgreSQL', () => {
  it('counts one process’s requests one by one', async () => {
    const p = serverProcess();
    const key = newKey();
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) seen.push((await count(p, key, 30)).current);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await shared(key)).toBe(40);
  });

  it('holds the limit for two processes together, whatever the order of their requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 24 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        async (max, order) => {
          const both = [serverProcess(), serverProcess()];
          const key = newKey();
          let allowed = 0;
          for (const first of order) {
            const p = both[first ? 0 : 1] as FastifyRateLimitStore;
            if ((await count(p, key, max)).current <= max) allowed++;
          }
          expect(allowed).toBe(Math.min(max, order.length));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('holds the limit for fifty requests at once to two processes', async () => {
    const both = [serverProcess(), serverProcess()];
    const key = newKey();
    const first = [
      await count(both[0] as FastifyRateLimitStore, key, 20),
      await count(both[1] as FastifyRateLimitStore, key, 20),
    ];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => count(both[i % 2] as FastifyRateLimitStore, key, 20)),
    );
    expect([...first, ...answers].filter((a) => a.current <= 20)).toHaveLength(20);
    expect(await shared(key)).toBe(52);
  });

  it('starts a new window once the old one has ended', async () => {
    const p = serverProcess();
    const key = newKey();
    expect((await count(p, key, 100, 200)).current).toBe(1);
    expect((await count(p, key, 100, 200)).current).toBe(2);
    await expect.poll(async () => (await count(p, key, 100, 200)).current, { timeout: 10_000 }).toBe(1);
  });
});
