import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/harness';
import type { Db } from '../db/database';
import { JobRunner } from './job-runner';
import { addJob, JobRegistry } from './jobs';

declare module './jobs' {
  interface JobPayloads {
    'test.record': { note: string; failTimes?: number };
    'test.tick': Record<string, unknown>;
  }
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const seen: { note: string; attempt: number }[] = [];
const registry = new JobRegistry();
registry.task('test.record', z.object({ note: z.string(), failTimes: z.number().optional() }), async (p, ctx) => {
  seen.push({ note: p.note, attempt: ctx.attempt });
  if (ctx.attempt <= (p.failTimes ?? 0)) throw new Error('supplier did not answer');
});
registry.task('test.tick', z.object({}).loose(), async () => {});
registry.schedule('test.tick', '* * * * *');

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

const jobRows = () =>
  sql<{ taskIdentifier: string; attempts: number; lastError: string | null; key: string | null }>`
    select task_identifier, attempts, last_error, key from graphile_worker.jobs order by id`.execute(db);

describe('jobs', () => {
  it('exist only when the transaction that added them commits', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await addJob(trx, 'test.record', { note: 'rolled back' });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    await db.transaction().execute((trx) => addJob(trx, 'test.record', { note: 'committed' }));
    const runner = new JobRunner(registry, { connectionString: database.url, concurrency: 1 });
    await runner.runDueJobs();
    expect(seen.map((s) => s.note)).toEqual(['committed']);
    expect((await jobRows()).rows).toEqual([]);
  });

  it('keeps one waiting job per key, and runs nothing before its time', async () => {
    seen.length = 0;
    const later = new Date(Date.now() + 3_600_000);
    await addJob(db, 'test.record', { note: 'first' }, { jobKey: 'order-1-expiry', runAt: later });
    await addJob(db, 'test.record', { note: 'second' }, { jobKey: 'order-1-expiry', runAt: later });
    const rows = (await jobRows()).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key).toBe('order-1-expiry');
    await new JobRunner(registry, { connectionString: database.url, concurrency: 1 }).runDueJobs();
    expect(seen).toEqual([]);
    await sql`delete from graphile_worker._private_jobs`.execute(db);
  });

  it('retries a failing job and records the error, up to its attempts', async () => {
    seen.length = 0;
    await addJob(db, 'test.record', { note: 'flaky', failTimes: 5 }, { maxAttempts: 2 });
    const runner = new JobRunner(registry, { connectionString: database.url, concurrency: 1 });
    await runner.runDueJobs();
    // The retry waits for its back-off; bring it forward instead of sleeping.
    await sql`update graphile_worker._private_jobs set run_at = now()`.execute(db);
    await runner.runDueJobs();
    expect(seen).toEqual([
      { note: 'flaky', attempt: 1 },
      { note: 'flaky', attempt: 2 },
    ]);
    const [row] = (await jobRows()).rows;
    expect(row).toMatchObject({ attempts: 2, lastError: expect.stringContaining('supplier did not answer') });
    await sql`delete from graphile_worker._private_jobs`.execute(db);
  });

  it('runs new jobs at once when started, and stops cleanly', async () => {
    seen.length = 0;
    const runner = new JobRunner(registry, { connectionString: database.url, concurrency: 2, pollIntervalMs: 200 });
    await runner.start();
    await addJob(db, 'test.record', { note: 'while running' });
    await expect.poll(() => seen.map((s) => s.note), { timeout: 60_000 }).toEqual(['while running']);
    const crons = await sql<{ identifier: string }>`
      select identifier from graphile_worker._private_known_crontabs`.execute(db);
    expect(crons.rows.map((r) => r.identifier)).toContain('test.tick');
    await runner.stop();
    expect(runner.isRunning).toBe(false);
  });

  it('refuses a schedule for a job nobody handles', () => {
    expect(() => new JobRegistry().schedule('test.tick', '* * * * *')).toThrow('unknown job');
  });
});
