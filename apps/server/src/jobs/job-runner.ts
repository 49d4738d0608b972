import {
  Logger,
  type LogLevel,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  runOnce,
  type TaskList,
} from 'graphile-worker';
import pg from 'pg';
import type { JobRegistry } from './jobs';

export type JobLog = (level: LogLevel, message: string, meta?: Record<string, unknown>) => void;

export type JobRunnerOptions = {
  connectionString: string;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often to look for jobs due later (new jobs are announced at once through LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  log?: JobLog;
};

const silent: JobLog = () => {};

function toLogger(log: JobLog): Logger {
  return new Logger((scope) => (level, message, meta) => log(level, message, { ...scope, ...meta }));
}

/** A pool that survives a dropped connection: the runner reconnects, nothing ends the process. */
function jobPool(connectionString: string, max: number, log: JobLog = silent): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  const onError = (err: Error) => log('warning', `job database connection lost: ${err.message}`);
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/** Creates or upgrades the job tables (schema `graphile_worker`); safe to run from every process at start. */
export async function migrateJobs(connectionString: string): Promise<void> {
  const pool = jobPool(connectionString, 1);
  try {
    await runMigrations({ pgPool: pool, logger: toLogger(silent) });
  } finally {
    await pool.end();
  }
}

function taskList(registry: JobRegistry): TaskList {
  const tasks: TaskList = {};
  for (const def of registry.tasks.values()) {
    tasks[def.name] = async (raw, helpers) => {
      const parsed = def.payload.safeParse(raw);
      // A payload no handler can read never will: failing it permanently spares the retries.
      if (!parsed.success) {
        helpers.logger.error(`job ${def.name} has an unreadable payload`, { issues: parsed.error.issues });
        return;
      }
      await def.handle(parsed.data, {
        jobId: helpers.job.id,
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        signal: helpers.abortSignal,
      });
    };
  }
  return tasks;
}

/**
 * Runs the registered jobs from PostgreSQL (graphile-worker): any number of processes may run it at the
 * same time, each job runs once, failures are retried with exponential back-off, and each scheduled
 * occurrence is run by one process only.
 */
export class JobRunner {
  private runner?: Runner;
  private pool?: pg.Pool;

  constructor(
    private readonly registry: JobRegistry,
    private readonly options: JobRunnerOptions,
  ) {}

  get isRunning(): boolean {
    return this.runner !== undefined;
  }

  async start(): Promise<void> {
    if (this.runner) return;
    // One connection listens for new jobs; each job slot may hold one more.
    this.pool = jobPool(this.options.connectionString, this.options.concurrency + 2, this.options.log);
    this.runner = await run({
      pgPool: this.pool,
      concurrency: this.options.concurrency,
      pollInterval: this.options.pollIntervalMs ?? 2000,
      noHandleSignals: true,
      logger: toLogger(this.options.log ?? silent),
      taskList: taskList(this.registry),
      parsedCronItems: parseCronItems(
        this.registry.schedules.map((s) => ({
          task: s.name,
          match: s.cron,
          identifier: s.name,
          options: { backfillPeriod: s.backfillMs },
        })),
      ),
    });
  }

  /** Waits for running jobs to finish (they are told to stop) and releases the connections. */
  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (runner) await runner.stop();
    await this.pool?.end();
    this.pool = undefined;
  }

  /** Runs every job that is due now, then returns: for tests and one-off maintenance. */
  async runDueJobs(): Promise<void> {
    const pool = jobPool(this.options.connectionString, 2, this.options.log);
    try {
      await runOnce({
        pgPool: pool,
        noHandleSignals: true,
        logger: toLogger(this.options.log ?? silent),
        taskList: taskList(this.registry),
      });
    } finally {
      await pool.end();
    }
  }
}
