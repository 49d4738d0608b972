// `npm run bench -w apps/server`: searches end to end over HTTP against the server as `npm start` runs it
// (compiled, in its own process, sessions in its embedded PostgreSQL). Prints figures; never fails on speed.
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
import { type ServerProcess, startCompiledServer } from './compiled-server';
import { jsonPost } from './json-post';

/** `SEARCH_CPU_PROF=<dir>` writes the server's CPU profiles there (`node --cpu-prof`), one a thread. */
const profileDir = process.env.SEARCH_CPU_PROF;
/**
 * How a client pulls (`SEARCH_PULL`): `page` (the default), as the results page does: each pull lets the
 * server wait up to 400 ms for news, and the next follows 100 ms after one that brought news, at once after
 * one that did not. `poll`: a pull every `SEARCH_PULL_MS` (100 by default) that answers at once, as the
 * results page pulled before its pulls waited for news.
 */
const pullMode = process.env.SEARCH_PULL === 'poll' ? 'poll' : 'page';
const pullMs = Number(process.env.SEARCH_PULL_MS ?? 100);
/**
 * `SEARCH_STATEMENTS=1` counts PostgreSQL's transactions a search (each statement outside a transaction is one),
 * background jobs' included; each count waits 10 s for the database's figures.
 */
const countStatements = process.env.SEARCH_STATEMENTS === '1';
/** The results page's pull: the longest the server waits for news, and the pause after news. */
const PAGE_WAIT_MS = 400;
const NEWS_PAUSE_MS = 100;
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

/** JSON received by the clients, decompressed. */
let received = 0;

/**
 * One search: started, then pulled as `pullMode` says until done; `paged`, as the results page pulls it (the
 * first page of the default order, a view), else every result as it arrives.
 */
async function run(base: string, criteria: SearchCriteriaInput, paged = false) {
  const t0 = performance.now();
  const post = jsonPost(base, { origin: base }, (chars) => {
    received += chars;
  });
  const { searchId } = (await post('/api/v2/search', criteria)) as { searchId: string };
  let cursor = 0;
  let answered = 0;
  let first = Number.NaN;
  let results = 0;
  const view = paged ? { view: { sort: 'best', offset: 0, limit: RESULT_PAGE_SIZE } } : {};
  const wait = pullMode === 'page' ? { waitMs: PAGE_WAIT_MS } : {};
  for (;;) {
    const asked = performance.now();
    const pull = (await post('/api/v2/pull', { searchId, cursor, ...view, ...wait })) as PullResponse;
    const news = pull.cursor > cursor || pull.answered > answered;
    cursor = pull.cursor;
    answered = pull.answered;
    const arrived = paged ? (pull.page?.results.length ?? 0) : pull.results.length;
    results = paged ? arrived : results + arrived;
    if (arrived > 0 && Number.isNaN(first)) first = performance.now() - t0;
    if (pull.done) return { first, done: performance.now() - t0, results, failed: pull.failed.length };
    const pause =
      pullMode === 'poll' ? pullMs : news ? NEWS_PAUSE_MS : Math.max(0, asked + PAGE_WAIT_MS - performance.now());
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** The machine's load average beside each figure: timings on a busy machine are slower. */
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const mb = (n: number) => `${n.toFixed(0)} MB`;

async function start(settings: Record<string, string>): Promise<ServerProcess> {
  const t = performance.now();
  const server = await startCompiledServer(
    { RATE_LIMIT_MAX: '100000000', ...settings },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  );
  // Idle once started: the feeds read, the planner workers up, the garbage of loading collected.
  await new Promise((r) => setTimeout(r, 2000));
  console.log(
    `server started in ${((performance.now() - t) / 1000).toFixed(1)} s (PostgreSQL, migrations, feeds); idle RSS ${mb(server.rssMb())}, peak while starting ${mb(server.peakRssMb())}; ${load()}`,
  );
  return server;
}

const quiet = { SEARCH_LATENCY_SCALE: '0', SEARCH_SUPPLIER_FAILURES: 'false' };
/** `SEARCH_BENCH=throughput` runs the throughput part alone, `SEARCH_BENCH=dates` the 30 new dates at once. */
const only = process.env.SEARCH_BENCH;
/** `SEARCH_KINDS=distinct` (or `repeated`) runs that kind of the throughput part only. */
const KINDS = ['repeated', 'distinct', 'kept'] as const;
const kinds = new Set(process.env.SEARCH_KINDS?.split(',') ?? KINDS);
for (const k of kinds)
  if (!(KINDS as readonly string[]).includes(k))
    throw new Error(`SEARCH_KINDS: ${k} is not one of ${KINDS.join(', ')}`);

if (!only) {
  const server = await start({ SEARCH_LATENCY_SCALE: '1', SEARCH_SUPPLIER_FAILURES: 'true' });
  try {
    console.log(
      '\nsearches with the suppliers’ simulated response times (first run of a date builds its door-to-door timetable):',
    );
    for (const [label, criteria] of SEARCHES) {
      const cold = await run(server.base, criteria);
      const warm = await run(server.base, criteria);
      console.log(
        `  ${label.padEnd(40)} first results ${warm.first.toFixed(0).padStart(5)} ms, done ${warm.done.toFixed(0).padStart(5)} ms (cold ${cold.done.toFixed(0)} ms), ${warm.results} results, ${warm.failed} suppliers failed`,
      );
    }
  } finally {
    await server.stop();
  }
}

/** Cities of the distinct searches: every ordered pair of them is a route. */
const CITIES = ['BJS', 'SHA', 'CAN', 'SZX', 'CTU', 'XIY', 'HGH', 'WUH', 'CKG', 'NKG', 'TSN', 'CSX'];
const PAIRS = CITIES.flatMap((from) => CITIES.filter((to) => to !== from).map((to) => [from, to] as const));
/** Two weeks of dates, so the door-to-door timetables of their weeks are built once, at the start. */
const DISTINCT_DAYS = 14;
let distinctCount = 0;
/** A search nobody made before in this run: a new pair of route and date, so no supplier's answer is shared. */
const distinct = (): SearchCriteriaInput => {
  const i = distinctCount++;
  const [from, to] = PAIRS[i % PAIRS.length] as readonly [string, string];
  return { type: 1, legs: [leg(from, to, 9 + (Math.floor(i / PAIRS.length) % DISTINCT_DAYS))] };
};

/** The distinct searches' routes on the days after theirs, each route's plans for its day of the week kept. */
const KEPT_FIRST_DAY = 9 + DISTINCT_DAYS + 2;
let keptCount = 0;
/**
 * A new pair of route and date, as `distinct`, two weeks and more later: the door-to-door plans of its route and
 * day of the week are kept (`keepPlans` made them), so no planner searches them again.
 */
const keptDistinct = (): SearchCriteriaInput => {
  const i = keptCount++;
  const [from, to] = PAIRS[i % PAIRS.length] as readonly [string, string];
  return { type: 1, legs: [leg(from, to, KEPT_FIRST_DAY + (Math.floor(i / PAIRS.length) % DISTINCT_DAYS))] };
};

/**
 * Keeps the door-to-door plans of every route of the distinct searches on each day of a week, as the planning
 * ahead does for the pairs searched most: a search of each, ten at a time. Returns how long it took.
 */
async function keepPlans(base: string): Promise<number> {
  const t = performance.now();
  const week = PAIRS.flatMap(([from, to]) =>
    Array.from({ length: 7 }, (_, d) => leg(from, to, KEPT_FIRST_DAY - 7 + d)),
  );
  await Promise.all(
    Array.from({ length: 10 }, async (_, w) => {
      for (let i = w; i < week.length; i += 10)
        await run(base, { type: 1, legs: [week[i] as ReturnType<typeof leg>] }, true);
    }),
  );
  return performance.now() - t;
}

if (!only || only === 'throughput') {
  console.log(
    `\nthroughput, suppliers answering at once and never failing (each client pulls the first page of results ${pullMode === 'poll' ? `every ${pullMs} ms, each pull answered at once` : `as the results page does: the server waits up to ${PAGE_WAIT_MS} ms for news, the next pull ${NEWS_PAUSE_MS} ms after news`}):`,
  );
  const server = await start(quiet);
  try {
    const repeated = SEARCHES.map(([, c]) => c);
    // Warm: the six searches' timetables, and those of the distinct searches' weeks.
    for (const c of repeated) await run(server.base, c);
    for (let d = 0; d < DISTINCT_DAYS; d += 3) await run(server.base, { type: 1, legs: [leg('BJS', 'SHA', 9 + d)] });
    for (const [name, kind, next] of [
      [
        'repeated',
        'repeated criteria (the six searches above, answers shared)',
        (i: number) => repeated[i % repeated.length],
      ],
      [
        'distinct',
        `distinct criteria (every search a new route and date: ${PAIRS.length} routes × ${DISTINCT_DAYS} days)`,
        () => distinct(),
      ],
      [
        'kept',
        `distinct criteria, door-to-door plans kept (every search a new route and date, ${PAIRS.length} routes × ${DISTINCT_DAYS} days; each route's plans for its day of the week kept a week before)`,
        () => keptDistinct(),
      ],
    ] as const) {
      if (!kinds.has(name)) continue;
      console.log(`  ${kind}:`);
      if (name === 'kept') {
        const ms = await keepPlans(server.base);
        console.log(
          `    the plans of ${PAIRS.length} routes × 7 days kept by searches, ten at a time: ${(ms / 1000).toFixed(0)} s; ${load()}`,
        );
      }
      for (const users of [1, 10, 30]) {
        const seconds = 15;
        received = 0;
        // The peak of each part is its own: the start's and the part before's are not counted in it.
        const ownPeak = server.resetPeak();
        const firsts: number[] = [];
        const dones: number[] = [];
        let errors = 0;
        const statements0 = countStatements ? await server.transactions() : 0;
        const cpu0 = server.cpuMs();
        // The clients run on the same cores: their CPU is spent beside the server's.
        const clients0 = process.cpuUsage();
        const t = performance.now();
        await Promise.all(
          Array.from({ length: users }, async (_, w) => {
            for (let i = w; performance.now() - t < seconds * 1000; i += users) {
              try {
                const r = await run(server.base, next(i) as SearchCriteriaInput, true);
                if (!Number.isNaN(r.first)) firsts.push(r.first);
                dones.push(r.done);
              } catch {
                errors++;
              }
            }
          }),
        );
        const elapsed = (performance.now() - t) / 1000;
        const cpu = server.cpuMs();
        const clients = process.cpuUsage(clients0);
        const done = dones.length;
        const statements = countStatements ? (await server.transactions()) - statements0 : Number.NaN;
        const q = (list: number[], f: number) => {
          const sorted = [...list].sort((a, b) => a - b);
          return (sorted[Math.floor(f * (sorted.length - 1))] ?? 0).toFixed(0);
        };
        console.log(
          `    ${String(users).padStart(2)} users for ${seconds} s on ${os.cpus().length} cores: ${(done / elapsed).toFixed(1)} searches/s (${done}, ${errors} errors); ` +
            `first results p50 ${q(firsts, 0.5)} ms, p95 ${q(firsts, 0.95)} ms; done p50 ${q(dones, 0.5)} ms, p95 ${q(dones, 0.95)} ms; ` +
            `CPU per search: server ${((cpu.server - cpu0.server) / Math.max(1, done)).toFixed(0)} ms, PostgreSQL ${cpu.db >= cpu0.db ? `${((cpu.db - cpu0.db) / Math.max(1, done)).toFixed(0)} ms` : 'not measured (backends ended)'}, these clients ${((clients.user + clients.system) / 1000 / Math.max(1, done)).toFixed(0)} ms; ` +
            (countStatements
              ? `${(statements / Math.max(1, done)).toFixed(1)} PostgreSQL transactions a search; `
              : '') +
            `${(received / Math.max(1, done) / 1e6).toFixed(2)} MB of JSON per search; server RSS ${mb(server.rssMb())}, peak ${ownPeak ? 'in these 15 s' : 'since start'} ${mb(server.peakRssMb())}; ${load()}`,
        );
      }
    }
    await new Promise((r) => setTimeout(r, 10_000));
    console.log(`  server RSS 10 s after the load: ${mb(server.rssMb())}`);
  } finally {
    await server.stop();
  }
}
if (!only || only === 'dates') {
  // Issue #11: door-to-door searches on many new dates at once, each needing a timetable. Every search is
  // done within the supplier time limit, with plans or with the planner reported. Measured to the end, so
  // the busy answer (419) that would turn some away under this load is off.
  console.log('');
  const server = await start({ ...quiet, MAX_EVENT_LOOP_DELAY_MS: '0' });
  try {
    // Idle first: every planner thread started (one after another) and nothing else running.
    for (let calm = 0, i = 0; calm < 2 && i < 120; i++) {
      const cpu = server.cpuMs().server;
      await new Promise((r) => setTimeout(r, 500));
      calm = server.cpuMs().server - cpu < 50 ? calm + 1 : 0;
    }
    const parallel = 30;
    const runs = await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        run(server.base, { type: 1, legs: [leg('BJS', 'SHA', 40 + i)] } satisfies SearchCriteriaInput),
      ),
    );
    const times = runs.map((r) => r.done).sort((a, b) => a - b);
    const planned = runs.filter((r) => r.failed === 0).length;
    const q = (f: number) => (times[Math.floor(f * (times.length - 1))] ?? 0).toFixed(0);
    console.log(
      `${parallel} searches at once on ${parallel} new dates, suppliers answering at once, time limit 8000 ms, ${os.availableParallelism()} planner threads: time to done p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms (target p95 ≤ the time limit + 1 s); door to door planned in ${planned}, reported not answering in ${parallel - planned}; server RSS ${mb(server.rssMb())}, peak ${mb(server.peakRssMb())}; ${load()}`,
    );
  } finally {
    await server.stop();
  }
}
process.exit(0);
