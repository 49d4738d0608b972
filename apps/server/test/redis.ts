import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './global-setup';

/** The Redis server of the machine (Debian's redis-server); CI installs it. */
export const REDIS_SERVER = [process.env.REDIS_SERVER, '/usr/bin/redis-server', '/usr/local/bin/redis-server'].find(
  (p): p is string => !!p && existsSync(p),
);

/** Tests that need Redis run when it is installed; CI (`REQUIRE_REDIS=1`) fails rather than skip them. */
export const skipWithoutRedis = (): boolean => {
  if (REDIS_SERVER) return false;
  if (process.env.REQUIRE_REDIS === '1')
    throw new Error('redis-server is not installed (apt-get install redis-server)');
  return true;
};

export type TestRedis = { url: string; client: () => Redis; stop: () => Promise<void> };

/** A throw-away Redis on a free port, with nothing saved to disk. */
export async function startRedis(): Promise<TestRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed');
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  for (let i = 0; ; i++) {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (i > 100 || child.exitCode !== null) throw new Error('redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    client: () => {
      const c = new Redis(url);
      clients.push(c);
      return c;
    },
    stop: async () => {
      for (const c of clients) c.disconnect();
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
