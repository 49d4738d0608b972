// `npm run bench -w apps/server` (second part): searches over HTTP against one server process as deployed by
// default, on a real PostgreSQL (embedded, in a temporary directory) holding search sessions and request
// counters. Place search over HTTP is `bench/places.bench.ts`. Prints figures; never fails on speed.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  addDays,
  type PullResponse,
  RESULT_PAGE_SIZE,
  type SearchCriteriaInput,
  toRequestDate,
} from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrateToLatest } from '../src/db/migrate';
import { Mailer } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import { Keyring } from '../src/lib/crypto';
import { jsonPost } from './json-post';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-bench-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 20_000 + Math.floor(Math.random() * 20_000), fast: true });
const db = createDb(pg.url);
await migrateToLatest(db);
const refdata = loadRefdata();
await sharedInventory(refdata, false);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_MAX: '100000000',
  SEARCH_LATENCY_SCALE: '0',
  SEARCH_SUPPLIER_FAILURES: 'false',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  RUN_JOBS: 'false',
});
const app = await buildApp(config, {
  db,
  refdata,
  mailer: new Mailer('smtp://127.0.0.1:1', 'bench@junction.example'),
  sms: new LogSmsProvider(() => {}),
  secrets: { hmacKey: randomBytes(32), keyring: new Keyring(new Map([['b1', randomBytes(32)]]), 'b1') },
  databaseUrl: pg.url,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const day = (n: number) => toRequestDate(addDays(new Date().toISOString().slice(0, 10), n));
const CRITERIA: SearchCriteriaInput[] = [
  { type: 1, legs: [{ departure: 'BJS', destination: 'SHA', departure_date: day(9) }] },
  { type: 1, mode: 'train', legs: [{ departure: 'SHA', destination: 'CAN', departure_date: day(10) }] },
  { type: 1, mode: 'flight', legs: [{ departure: 'CTU', destination: 'LON', departure_date: day(12) }] },
  { type: 2, legs: [{ departure: 'BJS', destination: 'SHA', departure_date: day(9), return_date: day(13) }] },
];

const PULL_ALL = process.env.LOAD_PULL === 'all';
/** JSON the search clients received, decompressed. */
let received = 0;

/**
 * One traveller's search as the results page runs it: start, then pull the first page of the default order
 * (a view) until the suppliers are done.
 */
async function search(criteria: SearchCriteriaInput) {
  const t0 = performance.now();
  const post = jsonPost(base, {}, (chars) => {
    received += chars;
  });
  const { searchId } = (await post('/api/v2/search', criteria)) as { searchId: string };
  // LOAD_PULL=all pulls every result as clients did before pages, for comparison.
  const view = PULL_ALL ? undefined : { sort: criteria.sort ?? 'best', offset: 0, limit: RESULT_PAGE_SIZE };
  let cursor = 0;
  let first = Number.NaN;
  for (;;) {
    const pull = (await post('/api/v2/pull', { searchId, cursor, view })) as PullResponse;
    cursor = pull.cursor;
    const arrived = pull.page?.results.length ?? pull.results.length;
    if (arrived > 0 && Number.isNaN(first)) first = performance.now() - t0;
    if (pull.done) return { first, done: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Warm: each date's door-to-door timetable is built once.
for (const c of CRITERIA) await search(c);
console.log(
  `\nsearches end to end, suppliers answering at once and never failing, sessions in PostgreSQL, ${
    PULL_ALL
      ? 'each client pulling every result'
      : `each client pulling the first page of ${RESULT_PAGE_SIZE} results as the results page does`
  }:`,
);
for (const users of [1, 10, 30]) {
  const firsts: number[] = [];
  const dones: number[] = [];
  let errors = 0;
  received = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, u) => {
      for (let i = u; performance.now() - t0 < 15_000; i++) {
        try {
          const r = await search(CRITERIA[i % CRITERIA.length] as SearchCriteriaInput);
          firsts.push(r.first);
          dones.push(r.done);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  firsts.sort((a, b) => a - b);
  dones.sort((a, b) => a - b);
  console.log(
    `  ${String(users).padStart(2)} users for 15 s: ${(dones.length / seconds).toFixed(1)} searches/s; ` +
      `first results p50 ${ms(quantile(firsts, 0.5))}, p95 ${ms(quantile(firsts, 0.95))}; ` +
      `done p50 ${ms(quantile(dones, 0.5))}, p95 ${ms(quantile(dones, 0.95))}; ` +
      `${(received / 1024 / Math.max(1, dones.length)).toFixed(0)} kB of JSON per search; ${errors} errors; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
}

await app.close();
await db.destroy();
await pg.stop();
await fs.rm(dir, { recursive: true, force: true });
process.exit(0);
