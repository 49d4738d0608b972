import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The repository's root, where a server process starts. */
export const ROOT = path.resolve(import.meta.dirname, '..');
/** The tests' embedded PostgreSQL. */
export const PG_URL = `postgres://junction:junction@127.0.0.1:${process.env.E2E_PG_PORT ?? '5499'}/postgres`;

/**
 * How a server process is started: the compiled server when `scripts/e2e.mjs` has built it (it builds the
 * site before the tests), the sources through `tsx` otherwise.
 */
export const SERVER_ARGS =
  process.env.E2E_COMPILED_SERVER === '1'
    ? ['--conditions=compiled', '--enable-source-maps', 'apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];

/** A port free on this machine now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/**
 * A second server process on the tests' database, with its own settings over the usual ones (no jobs, no
 * planner worker, nothing read before its first search, the tests' data folder), answered once it says it is healthy. `what` names it when it
 * does not start.
 */
export async function startServer(
  settings: Record<string, string>,
  what: string,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: PG_URL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // As the tests' main server: the machine's load never turns a test's call away as busy.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      RUN_JOBS: 'false',
      SEARCH_PLANNER_WORKER: 'false',
      // Its timetables and gazetteer are read at its first search or map, if it ever draws one.
      SEARCH_WARM_AT_START: 'false',
      // As the tests' main server: no flight re-timed unless a test says so.
      TICKETING_SIM_SCHEDULE_CHANGE_RATE: '0',
      ...settings,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, child };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`${what} did not start`);
}
