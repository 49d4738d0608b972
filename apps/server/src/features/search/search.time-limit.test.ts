import { addDays, type PullResponse, type SearchCriteriaInput, toRequestDate } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testRefdata } from '../../../test/harness';
import { sharedInventory } from './inventory/inventory';
import { defaultSuppliers } from './suppliers/catalogue';
import { plannerPool } from './suppliers/door-to-door/worker-pool-runner';

const now = () => new Date('2026-11-22T04:00:00Z');
/** The door-to-door supplier's time limit in this test. */
const LIMIT_MS = 3000;
const POOL = { workers: 2, maxQueue: 8 };
const FIRST_DATE = '2026-12-01';

const search = (date: string): SearchCriteriaInput => ({
  type: 1,
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: toRequestDate(date) }],
});

/** An app whose only supplier is door to door, planned in the pool of worker threads. */
const doorToDoorOnly = (limitMs: number) =>
  createTestApp({ SEARCH_SUPPLIER_TIMEOUT_MS: String(limitMs), RATE_LIMIT_MAX: '100000' }, now, {
    suppliers: (inventory) =>
      defaultSuppliers(inventory, { latencyScale: 0, failures: false, plannerWorker: true, plannerPool: POOL }).filter(
        (s) => s.kind === 'mix',
      ),
  });

async function start(t: TestApp, date: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: search(date) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { searchId: string }).searchId;
}

async function pull(t: TestApp, searchId: string, cursor = 0): Promise<PullResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PullResponse;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pulls every 200 ms until the search is done, keeping every result. */
async function untilDone(t: TestApp, searchId: string): Promise<PullResponse> {
  let answer = await pull(t, searchId);
  const results = [...answer.results];
  while (!answer.done) {
    await sleep(200);
    answer = await pull(t, searchId, answer.cursor);
    results.push(...answer.results);
  }
  return { ...answer, results };
}

describe('door-to-door search within its time limit', () => {
  let warm: TestApp;
  let t: TestApp;
  let hasty: TestApp | undefined;
  beforeAll(async () => {
    await sharedInventory(testRefdata(), false);
    // A patient app first: the pool's first worker reads its timetables and plans the first date.
    warm = await doorToDoorOnly(120_000);
    const first = await untilDone(warm, await start(warm, FIRST_DATE));
    expect(first.results.length).toBeGreaterThan(0);
    t = await doorToDoorOnly(LIMIT_MS);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([warm?.close(), t?.close(), hasty?.close()]);
    await plannerPool(POOL).close();
  });

  it('ends each of 30 searches on 30 dates at its time limit: with plans, or the planner reported', async () => {
    const dates = Array.from({ length: 30 }, (_, i) => addDays(FIRST_DATE, i));
    const ids = await Promise.all(dates.map((date) => start(t, date)));

    // Pulled as a client does until done: the limit ends every search whatever the planner is doing.
    const answers = await Promise.all(ids.map((id) => untilDone(t, id)));
    for (const [i, answer] of answers.entries()) {
      expect(answer, dates[i]).toMatchObject({ done: true, answered: 1, total: 1 });
      // Each either has its plans or names the planner as a supplier that did not answer in time.
      if (answer.results.length === 0) expect(answer.failed.map((f) => f.en)).toEqual(['Junction door to door']);
      else expect(answer.failed).toEqual([]);
    }
    // Nothing is left waiting for a worker once its search has given up on it.
    expect(plannerPool(POOL).stats().waiting).toBe(0);
  }, 120_000);

  it('does not wait for the planner past the limit: the search is done, the planner reported, its work dropped', async () => {
    // A limit no timetable build or planning can meet: every search must end on the limit alone.
    hasty = await doorToDoorOnly(1);
    const dates = Array.from({ length: 5 }, (_, i) => addDays('2027-02-01', i * 7));
    const ids = await Promise.all(dates.map((date) => start(hasty as TestApp, date)));
    const answers = await Promise.all(ids.map((id) => untilDone(hasty as TestApp, id)));
    for (const answer of answers) {
      expect(answer).toMatchObject({ done: true, answered: 1, total: 1, results: [] });
      expect(answer.failed.map((f) => f.en)).toEqual(['Junction door to door']);
    }
    // Nobody waits for those weeks' timetables any more: their builds are dropped, not queued.
    expect(plannerPool(POOL).stats()).toMatchObject({ waiting: 0, timetables: { computing: 0 } });
  }, 120_000);
});
