import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';

/**
 * The payload of every job, by name. A feature that adds a job declares its payload here by augmentation,
 * next to its handler, so `addJob` checks the payload at compile time:
 *
 *     declare module '../../jobs/jobs' {
 *       interface JobPayloads { 'orders.expire': { orderId: string } }
 *     }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by each feature through declaration merging
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

export type JobOptions = {
  /** One pending job per key: adding another with the same key replaces the waiting one. */
  jobKey?: string;
  /** Not before this time (default: at once). */
  runAt?: Date;
  /** Tries before the job is given up (default 25, with exponential back-off between them). */
  maxAttempts?: number;
  /** Jobs of one queue run one at a time, in order. */
  queue?: string;
  /** Lower runs first (default 0). */
  priority?: number;
};

export type JobContext = {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  /** Aborts when the runner stops; long jobs should pass it on. */
  signal: AbortSignal;
};

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export type TaskDefinition = {
  name: string;
  payload: z.ZodType;
  handle: JobHandler<unknown>;
};

export type ScheduleDefinition = {
  name: string;
  /** Five-field crontab pattern, in UTC. */
  cron: string;
  /** After downtime, run the missed occurrences of this period once (default: none). */
  backfillMs: number;
};

/**
 * What features register with the job runner: the handler of each job, with the schema its payload is
 * checked against when the job runs (a payload written by an older release may differ), and the jobs
 * that run on a schedule. `app.ts` owns one registry; any server process runs its jobs.
 */
export class JobRegistry {
  readonly tasks = new Map<string, TaskDefinition>();
  readonly schedules: ScheduleDefinition[] = [];

  task<N extends JobName>(name: N, payload: z.ZodType<JobPayloads[N]>, handle: JobHandler<JobPayloads[N]>): void {
    if (this.tasks.has(name)) throw new Error(`job "${name}" is registered twice`);
    this.tasks.set(name, { name, payload, handle: handle as JobHandler<unknown> });
  }

  /** Runs a registered job on a schedule; every process may hold the schedule, each occurrence runs once. */
  schedule<N extends JobName>(name: N, cron: string, options: { backfillMs?: number } = {}): void {
    if (!this.tasks.has(name)) throw new Error(`schedule for unknown job "${name}"`);
    this.schedules.push({ name, cron, backfillMs: options.backfillMs ?? 0 });
  }
}

/**
 * Adds a job in the caller's transaction: the job exists exactly when the state change beside it was
 * committed, so a booking never expires without its timer and a rolled-back change leaves no job.
 * `db` is a transaction (`db.transaction().execute(async (trx) => addJob(trx, …))`) or the database.
 */
export async function addJob<N extends JobName>(
  // biome-ignore lint/suspicious/noExplicitAny: any schema; the job tables are not part of ours
  db: Kysely<any>,
  name: N,
  payload: JobPayloads[N],
  options: JobOptions = {},
): Promise<{ jobId: string }> {
  const result = await sql<{ id: string }>`
    select id::text from graphile_worker.add_job(
      identifier => ${name},
      payload => ${JSON.stringify(payload ?? {})}::json,
      queue_name => ${options.queue ?? null},
      run_at => ${options.runAt ?? null}::timestamptz,
      max_attempts => ${options.maxAttempts ?? null}::int,
      job_key => ${options.jobKey ?? null},
      priority => ${options.priority ?? null}::int
    )`.execute(db);
  return { jobId: result.rows[0]?.id ?? '' };
}
