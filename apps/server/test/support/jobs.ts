import { sql } from 'kysely';
import type { TestApp } from '../harness';

/**
 * Runs the app's jobs `rounds` times (once unless told), each time with every job not running made due
 * first: those queued in the app's future (its clock is held ahead of the database's) or waiting for a retry.
 */
export async function runAllJobs(t: Pick<TestApp, 'app' | 'db'>, rounds = 1): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
    await t.app.jobs?.runDueJobs();
  }
}
