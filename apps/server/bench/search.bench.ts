// `npm run bench -w apps/server`: searches end to end over HTTP on this machine. Prints figures; never fails on speed.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, type PullResponse, type SearchCriteriaInput, toRequestDate } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import { Mailer } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import { Keyring } from '../src/lib/crypto';

const today = new Date().toISOString().slice(0, 10);
const date = (days: number) => toRequestDate(addDays(today, days));
const leg = (departure: string, destination: string, days: number, back?: number) => ({
  departure,
  destination,
  departure_date: date(days),
  ...(back ? { return_date: date(back) } : {}),
});

const SEARCHES: [string, SearchCriteriaInput][] = [
  ['Beijing → Shanghai, everything', { type: 1, legs: [leg('BJS', 'SHA', 9)] }],
  ['Shanghai → Guangzhou, trains', { type: 1, mode: 'train', legs: [leg('SHA', 'CAN', 10)] }],
  ['Chengdu → London, flights', { type: 1, mode: 'flight', legs: [leg('CTU', 'LON', 12)] }],
  ['Beijing ⇄ Shanghai round trip', { type: 2, legs: [leg('BJS', 'SHA', 9, 13)] }],
  ['Shenzhen → Chengdu ±3 days', { type: 1, flexDays: 3, legs: [leg('SZX', 'CTU', 14)] }],
  ['multi-city Beijing → Xi’an → Chengdu', { type: 3, legs: [leg('BJS', 'XIY', 9), leg('XIY', 'CTU', 12)] }],
];

async function run(base: string, criteria: SearchCriteriaInput) {
  const t0 = performance.now();
  const post = async (url: string, body: unknown) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { searchId } = (await post('/api/v2/search', criteria)) as { searchId: string };
  let cursor = 0;
  let first = Number.NaN;
  let results = 0;
  for (;;) {
    const pull = (await post('/api/v2/pull', { searchId, cursor })) as PullResponse;
    cursor = pull.cursor;
    results += pull.results.length;
    if (pull.results.length > 0 && Number.isNaN(first)) first = performance.now() - t0;
    if (pull.done) return { first, done: performance.now() - t0, results, failed: pull.failed.length };
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start(latencyScale: string, failures: boolean, extra: Record<string, string> = {}) {
  const config = loadConfig({
    ...extra,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '1000000',
    // No database here: one process keeps its search sessions and request counters in memory.
    SEARCH_STORE: 'memory',
    SEARCH_LATENCY_SCALE: latencyScale,
    SEARCH_SUPPLIER_FAILURES: String(failures),
  });
  const app = await buildApp(config, {
    db: createDb('postgres://bench@127.0.0.1:1/none', 1),
    refdata,
    mailer: new Mailer('smtp://127.0.0.1:1', 'bench@junction.example'),
    sms: new LogSmsProvider(() => {}),
    secrets: { hmacKey: randomBytes(32), keyring: new Keyring(new Map([['b1', randomBytes(32)]]), 'b1') },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** The machine's load average beside each figure: timings on a busy machine are slower. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`;

const refdata = loadRefdata();
let t = performance.now();
await sharedInventory(refdata, false);
console.log(
  `timetables loaded in ${((performance.now() - t) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB; ${load()}`,
);

{
  const { app, base } = await start('1', true);
  console.log(
    '\nsearches with the suppliers’ simulated response times (first run of a date builds its door-to-door timetable):',
  );
  for (const [label, criteria] of SEARCHES) {
    const cold = await run(base, criteria);
    const warm = await run(base, criteria);
    console.log(
      `  ${label.padEnd(40)} first results ${warm.first.toFixed(0).padStart(5)} ms, done ${warm.done.toFixed(0).padStart(5)} ms (cold ${cold.done.toFixed(0)} ms), ${warm.results} results, ${warm.failed} suppliers failed`,
    );
  }
  await app.close();
}

{
  const { app, base } = await start('0', false);
  const criteria = SEARCHES.map(([, c]) => c);
  for (const c of criteria) await run(base, c);
  // Each client pulls every 100 ms until its search is done, so a few clients cannot keep the server
  // busy: 8 clients, then 32.
  for (const concurrency of [8, 32]) {
    const seconds = 20;
    let done = 0;
    const latencies: number[] = [];
    t = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        for (let i = w; performance.now() - t < seconds * 1000; i++) {
          const r = await run(base, criteria[i % criteria.length] as SearchCriteriaInput);
          latencies.push(r.done);
          done++;
        }
      }),
    );
    const elapsed = (performance.now() - t) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(0);
    console.log(
      `\nthroughput, suppliers answering at once and never failing, ${concurrency} clients for ${seconds} s on ${os.cpus().length} cores: ${(done / elapsed).toFixed(1)} searches/s (${done} searches; time to done p50 ${p(0.5)} ms, p95 ${p(0.95)} ms); ${load()}`,
    );
  }
  await app.close();
}
{
  // Issue #11: door-to-door searches on many new dates at once, each needing its own timetable. Every
  // search is done within the supplier time limit, with plans or with the planner reported.
  // Measured to the end, so the busy answer (419) that would turn some away under this load is off.
  const { app, base } = await start('0', false, { MAX_EVENT_LOOP_DELAY_MS: '0' });
  const parallel = 30;
  t = performance.now();
  const runs = await Promise.all(
    Array.from({ length: parallel }, (_, i) =>
      run(base, { type: 1, legs: [leg('BJS', 'SHA', 40 + i)] } satisfies SearchCriteriaInput),
    ),
  );
  const times = runs.map((r) => r.done).sort((a, b) => a - b);
  const planned = runs.filter((r) => r.failed === 0).length;
  const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(0);
  console.log(
    `\n${parallel} searches at once on ${parallel} new dates, suppliers answering at once, time limit ${loadConfig({}).SEARCH_SUPPLIER_TIMEOUT_MS} ms, ${loadConfig({}).SEARCH_PLANNER_WORKERS} planner threads: time to done p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms (target p95 ≤ the time limit + 1 s); door to door planned in ${planned}, reported not answering in ${parallel - planned}; ${load()}`,
  );
  await app.close();
}
process.exit(0);
