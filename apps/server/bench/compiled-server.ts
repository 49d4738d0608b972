// The server as `npm start` runs it, for the benchmarks: the compiled JavaScript in a process of its own
// (its own embedded PostgreSQL in a temporary directory), so its memory and CPU are the server's alone and
// the benchmark's clients do not share its thread.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import runtime from '../runtime.json' with { type: 'json' };
import { embeddedUrl } from '../src/db/embedded';

const root = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  base: string;
  pid: number;
  /** Its embedded PostgreSQL, for another server process on the same database (`DATABASE_URL`). */
  databaseUrl: string;
  /** The server process's resident memory now, in MB. */
  rssMb: () => number;
  /** The highest resident memory the process has had (since the last `resetPeak`), in MB. */
  peakRssMb: () => number;
  /** Starts the peak afresh from the resident memory now; false where the system cannot (not Linux). */
  resetPeak: () => boolean;
  /** CPU time used so far, ms: by the server process (all its threads), and by its PostgreSQL processes. */
  cpuMs: () => { server: number; db: number };
  /**
   * Transactions PostgreSQL has counted so far in the server's database (each statement outside a transaction is
   * one), read once the backends have reported them: an idle backend reports its counts within 10 s, so this
   * waits that long first.
   */
  transactions: () => Promise<number>;
  stop: () => Promise<void>;
};

let built = false;
/** Compiles the server once per benchmark run (`npm run build:server`, a second or so). */
export function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'ignore' });
  built = true;
}

const status = (pid: number, field: string) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

/** CPU time of a process (user + system, every thread), ms; 0 once it is gone. */
const cpuOf = (pid: number) => {
  try {
    const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
};

/** A process's descendants (the embedded PostgreSQL and its backends). */
const descendants = (pid: number): number[] => {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((c) => [c, ...descendants(c)]);
};

/**
 * Starts the compiled server as `npm run serve` does (Node's options and the allocator's settings of
 * `runtime.json`) with these settings, and waits until it answers.
 */
export async function startCompiledServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  buildServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-bench-server-'));
  fs.chmodSync(dataDir, 0o755);
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(
    process.execPath,
    [...runtime.nodeOptions, ...nodeArgs, path.join(root, runtime.entry)],
    {
      cwd: root,
      env: {
        ...runtime.env,
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(port + 1),
        WEB_DIST: '/nonexistent',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A benchmark that fails or is stopped leaves no server behind.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error('the server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid as number;
  const databaseUrl = env.DATABASE_URL ?? embeddedUrl(port + 1);
  /** The connection reading the counts, made at the first reading. */
  let counter: Promise<pg.Client> | undefined;
  return {
    base,
    pid,
    databaseUrl,
    rssMb: () => status(pid, 'VmRSS'),
    peakRssMb: () => status(pid, 'VmHWM'),
    resetPeak: () => {
      // Linux: writing 5 to clear_refs sets the process's peak resident set (VmHWM) to what it holds now.
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    cpuMs: () => ({ server: cpuOf(pid), db: descendants(pid).reduce((sum, p) => sum + cpuOf(p), 0) }),
    transactions: async () => {
      counter ??= (async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        return client;
      })();
      const client = await counter;
      await new Promise((r) => setTimeout(r, 10_500));
      await client.query('select pg_stat_clear_snapshot()');
      const row = (
        await client.query<{ n: string }>(
          'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
        )
      ).rows[0];
      return Number(row?.n ?? 0);
    },
    stop: async () => {
      process.off('exit', stopOnExit);
      await counter?.then((client) => client.end()).catch(() => {});
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
