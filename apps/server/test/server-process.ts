import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './support/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  output: () => string;
  /** The exit code, or null when a signal ended it. */
  exited: Promise<number | null>;
};

/**
 * Compiles the server as `npm run build:server` does (a second or so): the global set-up does it once per
 * run, so that every server process the tests start loads JavaScript instead of compiling the sources again.
 */
export function buildServer(): void {
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'pipe' });
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`the server did not compile:\n${stderr || String(e)}`);
  }
}

/**
 * Starts the compiled server (`apps/server/dist/main.js`, as `npm run serve` runs it) in a process of its own
 * with the settings given, and waits until it answers its health check. Its output is kept, for a failure's
 * message and for the scans for card data. Its timetables and gazetteer are read at its first search rather
 * than before it serves (most of these processes never search), unless the settings say otherwise.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=compiled', '--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEARCH_WARM_AT_START: 'false',
      // Node keeps the compiled code of the server's modules on disk, so that every process after the first
      // starts without compiling them again (about 0.7 s of CPU a start).
      NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'junction-node-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // However long a busy machine takes (three minutes at most, the server tests' hook limit).
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${output}`);
    const up = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return { url, child, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Ends a server process (SIGKILL unless told otherwise), unless it has already ended, and waits for it. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}
