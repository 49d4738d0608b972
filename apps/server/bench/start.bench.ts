// `npm run bench:start -w apps/server` (in `npm run bench -w apps/server`): how long a server process takes
// to start, as `npm start` runs it, on a PostgreSQL already running and migrated (as a deploy or a second
// process finds it): wall time until `/healthz` answers 200, and the CPU the process (all its threads) has
// used by then. The first start reads the GTFS feeds from their zips, as every start did before their
// compact forms were kept in the data directory; the later starts read those. Prints figures; never fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { startCompiledServer } from './compiled-server';

const STARTS = Number(process.env.START_BENCH_RUNS ?? 4);
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'junction-bench-start-'));
fs.chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 20_000 + Math.floor(Math.random() * 20_000), fast: true });
const dataDir = path.join(dir, 'server');
try {
  for (let i = 0; i < STARTS; i++) {
    const t = performance.now();
    // The same data directory each time: its keys, and the feeds' compact forms once the first start kept them.
    const server = await startCompiledServer({ DATABASE_URL: pg.url, DATA_DIR: dataDir, RUN_JOBS: 'true' });
    const wall = (performance.now() - t) / 1000;
    const cpu = server.cpuMs().server / 1000;
    await server.stop();
    const what = i === 0 ? 'first start (feeds read from their zips, database migrated)' : 'later start';
    console.log(`server start, ${what}: ready in ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s of CPU; ${load()}`);
  }
} finally {
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
