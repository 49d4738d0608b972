import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import runtime from '../runtime.json' with { type: 'json' };
import { freePort } from '../test/support/free-port';

export { freePort };

/**
 * What `npm run test:scale` runs, as a deployment would: PostgreSQL and Redis from Debian packages
 * (installed when missing, as CI does for Chromium), the compiled server in several processes, and nginx
 * in front with the project's own configuration (deploy/nginx, shared with compose.yaml).
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;

function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}
const nginxBin = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const redisBin = () => ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));

/** Installs postgresql, redis-server and nginx from Debian when missing, without starting their services. */
export function ensurePackages(): { pgBin: string; nginx: string; redis: string } {
  const missing = [
    ...(postgresBin() ? [] : ['postgresql']),
    ...(redisBin() ? [] : ['redis-server']),
    ...(nginxBin() ? [] : ['nginx']),
  ];
  if (missing.length > 0) {
    if (!isRoot) throw new Error(`missing Debian packages, and not root to install them: ${missing.join(' ')}`);
    // The packages' services must not start: the test runs its own instances.
    const policy = '/usr/sbin/policy-rc.d';
    const ownPolicy = !existsSync(policy);
    if (ownPolicy) execFileSync('sh', ['-c', `printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod +x ${policy}`]);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } finally {
      if (ownPolicy) execFileSync('rm', ['-f', policy]);
    }
  }
  const pgBin = postgresBin();
  const nginx = nginxBin();
  const redis = redisBin();
  if (!pgBin || !nginx || !redis) throw new Error('postgresql, redis-server or nginx did not install');
  return { pgBin, nginx, redis };
}

/** Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(cmd: string, args: string[]): void {
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' });
  else execFileSync(cmd, args, { stdio: 'ignore' });
}

export type Postgres = { url: string; stop: () => Promise<void> };

export async function startPostgres(pgBin: string, dir: string): Promise<Postgres> {
  const data = path.join(dir, 'pg');
  await fs.mkdir(data, { mode: 0o700 });
  if (isRoot) execFileSync('chown', ['postgres:postgres', data]);
  asPostgres(path.join(pgBin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  asPostgres(path.join(pgBin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(data, 'log'), '-w', 'start']);
  asPostgres(path.join(pgBin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'junction']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/junction`,
    stop: async () => asPostgres(path.join(pgBin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']),
  };
}

export type Proc = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(cmd: string, args: string[], env: Record<string, string> = {}): Proc {
  const child = spawn(cmd, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startRedis(redis: string): Promise<{ url: string; proc: Proc }> {
  const port = await freePort();
  // As compose.yaml runs it: nothing saved, the least recently used expiring keys evicted when memory runs short.
  const proc = run(redis, [
    ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    ...['--maxmemory', '512mb', '--maxmemory-policy', 'volatile-lru'],
  ]);
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return { url, proc };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start: ${proc.output()}`);
}

export type Server = Proc & { url: string; port: number; env: Record<string, string> };

export const secrets = {
  SECRET_KEY: randomBytes(32).toString('base64'),
  DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
};

/** One compiled server process (what `npm start` and the container run). */
export async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  const p = port ?? (await freePort());
  const all = { ...env, PORT: String(p) };
  const proc = run(process.execPath, [...runtime.nodeOptions, runtime.entry], { ...runtime.env, ...all });
  const url = `http://127.0.0.1:${p}`;
  for (let i = 0; i < 1200; i++) {
    if (proc.child.exitCode !== null) throw new Error(`server stopped at start:\n${proc.output()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { ...proc, url, port: p, env: all };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.child.kill('SIGKILL');
  throw new Error(`server did not start:\n${proc.output()}`);
}

/** nginx with deploy/nginx/junction.conf, round robin over `upstreams`; its access log names the upstream. */
export async function startNginx(
  nginx: string,
  dir: string,
  upstreams: number[],
): Promise<{ url: string; proc: Proc; accessLog: string }> {
  const conf = path.join(dir, 'nginx');
  await fs.mkdir(conf, { recursive: true });
  const port = await freePort();
  const site = await fs.readFile(path.join(repoRoot, 'deploy/nginx/junction.conf'), 'utf8');
  if (!site.includes('listen 8080;')) throw new Error('deploy/nginx/junction.conf no longer listens on 8080');
  await fs.writeFile(path.join(conf, 'junction.conf'), site.replace('listen 8080;', `listen 127.0.0.1:${port};`));
  await fs.writeFile(
    path.join(conf, 'junction-upstream.conf'),
    upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
  );
  const accessLog = path.join(conf, 'access.log');
  await fs.writeFile(
    path.join(conf, 'nginx.conf'),
    `${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${conf}/nginx.pid;
error_log ${conf}/error.log warn;
events { worker_connections 2048; }
http {
  log_format upstream '$remote_addr $upstream_addr $status "$request"';
  access_log ${accessLog} upstream;
  client_body_temp_path ${conf}/body;
  proxy_temp_path ${conf}/proxy;
  fastcgi_temp_path ${conf}/fastcgi;
  uwsgi_temp_path ${conf}/uwsgi;
  scgi_temp_path ${conf}/scgi;
  include junction.conf;
}
`,
  );
  const proc = run(nginx, ['-p', conf, '-c', path.join(conf, 'nginx.conf')]);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (proc.child.exitCode !== null) throw new Error(`nginx stopped: ${proc.output()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, proc, accessLog };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not start: ${proc.output()}`);
}

export async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill(signal);
  await Promise.race([proc.exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
}

export const tmpDir = async (): Promise<string> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-scale-'));
  await fs.chmod(dir, 0o755);
  return dir;
};
