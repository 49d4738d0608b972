// `npm run bench:busy -w apps/server` (also in `npm run bench`): the server as `npm start` runs it (compiled,
// in its own process, serving the built web app) while travellers search, first alone on the machine, then
// beside two CPU hogs (busy-loop processes, one per core of a 2-core machine), then beside them with more
// travellers than the server has capacity for. Three visitors meanwhile ask for pages, assets and /healthz.
// Travellers pull as the results page does (the first page of the default order). Prints, for each phase,
// the answers to pages, assets and /healthz, the API calls turned away (419), the time to the first
// results (the search asked again after a 419, as the web app does) and the share of searches with
// door-to-door plans, with the load average; then whether the busy machine's two targets are met beside
// the hogs. Never fails on speed. `BUSY_PHASES` picks phases (`alone,hogs,crowd`, all by default);
// `BUSY_CPU_PROF=<dir>` writes the server's CPU profiles there (`node --cpu-prof`). `BUSY_PROCESSES=2` runs a
// second server process on the first one's database and sends every other pull to it, as a load balancer
// without sticky sessions would: searches still start on the first.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, type PullResponse, RESULT_PAGE_SIZE, toRequestDate } from '@junction/domain';
import { startCompiledServer } from './compiled-server';

const root = path.resolve(import.meta.dirname, '../../..');
const webDist = path.join(root, 'apps/web/dist');
const seconds = Number(process.env.BUSY_SECONDS ?? 30);
const phases = new Set((process.env.BUSY_PHASES ?? 'alone,hogs,crowd').split(','));
const profileDir = process.env.BUSY_CPU_PROF;
const processes = Math.max(1, Number(process.env.BUSY_PROCESSES ?? 1));

if (!fs.existsSync(path.join(webDist, 'index.html')))
  execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
const scripts = fs.readdirSync(path.join(webDist, 'assets')).filter((f) => f.endsWith('.js'));
const ASSETS = ['index-', 'app-', 'about-page-', 'faq-page-', 'results-page-', 'antd-scope-']
  .map((prefix) => scripts.find((f) => f.startsWith(prefix)))
  .filter((f): f is string => f !== undefined)
  .map((f) => `/assets/${f}`);

const today = new Date().toISOString().slice(0, 10);
const date = (days: number) => toRequestDate(addDays(today, days));
const PAGES = ['/', '/about', '/faq', '/contact-us', '/airline-fees', '/download', '/agreement/service', '/login'];
PAGES.push(`/search/BJS-SHA-${date(12).slice(2).replaceAll('/', '')}`);

/** Cities of the searches: every ordered pair is a route, each search a new pair and date. */
const CITIES = ['BJS', 'SHA', 'CAN', 'SZX', 'CTU', 'XIY', 'HGH', 'WUH', 'CKG', 'NKG', 'TSN', 'CSX'];
const PAIRS = CITIES.flatMap((from) => CITIES.filter((to) => to !== from).map((to) => [from, to] as const));
const DAYS = 14;
let searches = 0;
const nextCriteria = () => {
  const i = searches++;
  const [from, to] = PAIRS[i % PAIRS.length] as readonly [string, string];
  return { type: 1, legs: [{ departure: from, destination: to, departure_date: date(9 + (i % DAYS)) }] };
};

/** The web app's waits after a 419 (`busy-retry.ts`), at least what the server asks for. */
const BUSY_WAITS_MS = [1000, 2000, 4000, 8000, 15_000];

type Phase = {
  statuses: Record<'page' | 'asset' | 'health', Map<number, number>>;
  starts: number;
  startBusy: number;
  pulls: number;
  pullBusy: number;
  firsts: number[];
  done: number;
  doors: number;
  errors: number;
};
const newPhase = (): Phase => ({
  statuses: { page: new Map(), asset: new Map(), health: new Map() },
  starts: 0,
  startBusy: 0,
  pulls: 0,
  pullBusy: 0,
  firsts: [],
  done: 0,
  doors: 0,
  errors: 0,
});

async function post(base: string, url: string, body: unknown) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as unknown;
  return { status: res.status, json, retryAfter: Number(res.headers.get('retry-after') ?? 0) * 1000 };
}

/** A call made again after each 419 as the web app makes it, up to its five waits; counts the refusals. */
async function untilServed(call: () => ReturnType<typeof post>, busy: () => void) {
  for (let attempt = 0; ; attempt++) {
    const answer = await call();
    const wait = BUSY_WAITS_MS[attempt];
    if (answer.status !== 419 || wait === undefined) return answer;
    busy();
    await new Promise((r) => setTimeout(r, Math.max(wait, answer.retryAfter)));
  }
}

/** The view the results page pulls: the first page of the default order. */
const VIEW = { sort: 'best', offset: 0, limit: RESULT_PAGE_SIZE };

/**
 * One traveller's search as the results page runs it: started, then its first page pulled until done, each
 * pull letting the server wait up to 400 ms for news, the next one 100 ms after a pull that brought some and
 * 400 ms after the one before otherwise; then every result read once, to see whether door-to-door plans
 * were among them.
 */
async function search(bases: readonly string[], p: Phase, criteria = nextCriteria()) {
  const base = bases[0] as string;
  const t0 = performance.now();
  p.starts++;
  const started = await untilServed(
    () => post(base, '/api/v2/search', criteria),
    () => p.startBusy++,
  );
  if (started.status !== 200) return void p.errors++;
  const { searchId } = started.json as { searchId: string };
  let cursor = 0;
  let answered = 0;
  let first = Number.NaN;
  for (let k = 1; ; k++) {
    p.pulls++;
    const asked = performance.now();
    const pulled = await untilServed(
      () => post(bases[k % bases.length] as string, '/api/v2/pull', { searchId, cursor, view: VIEW, waitMs: 400 }),
      () => p.pullBusy++,
    );
    if (pulled.status !== 200) return void p.errors++;
    const pull = pulled.json as PullResponse;
    const news = pull.cursor > cursor || pull.answered > answered;
    cursor = pull.cursor;
    answered = pull.answered;
    if ((pull.page?.results.length ?? 0) > 0 && Number.isNaN(first)) first = performance.now() - t0;
    if (pull.done) break;
    const next = news ? 100 : asked + 400 - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(next, 400))));
  }
  const all = await untilServed(
    () => post(base, '/api/v2/pull', { searchId, cursor: 0 }),
    () => {},
  );
  p.done++;
  if ((all.json as PullResponse | null)?.results.some((r) => r.kind === 'mix')) p.doors++;
  if (!Number.isNaN(first)) p.firsts.push(first);
}

/** A visitor opening pages and their scripts and a load balancer asking /healthz, about four times a second. */
async function visit(base: string, p: Phase, until: number) {
  const count = (kind: keyof Phase['statuses'], status: number) =>
    p.statuses[kind].set(status, (p.statuses[kind].get(status) ?? 0) + 1);
  const get = async (url: string) => {
    try {
      const res = await fetch(base + url, { headers: { accept: 'text/html,*/*' } });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  };
  for (let i = 0; performance.now() < until; i++) {
    const [page, asset, health] = await Promise.all([
      get(PAGES[i % PAGES.length] as string),
      get(ASSETS[i % ASSETS.length] as string),
      get('/healthz'),
    ]);
    count('page', page);
    count('asset', asset);
    count('health', health);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const hogs: ChildProcess[] = [];
const startHogs = () => {
  for (let i = 0; i < 2; i++)
    hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: false }));
};
const stopHogs = () => {
  for (const hog of hogs.splice(0)) hog.kill('SIGKILL');
};
process.once('exit', stopHogs);

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const statusText = (m: Map<number, number>) =>
  [...m.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ');
const p95 = (list: number[], f = 0.95) =>
  list.length === 0
    ? '–'
    : `${([...list].sort((a, b) => a - b)[Math.floor(f * (list.length - 1))] ?? 0).toFixed(0)} ms`;

async function phase(bases: readonly string[], label: string, users: number): Promise<Phase> {
  const base = bases[0] as string;
  const p = newPhase();
  const until = performance.now() + seconds * 1000;
  await Promise.all([
    ...Array.from({ length: 3 }, () => visit(base, p, until)),
    ...Array.from({ length: users }, async () => {
      while (performance.now() < until) await search(bases, p).catch(() => p.errors++);
    }),
  ]);
  console.log(
    `  ${label}, ${users} travellers for ${seconds} s: pages ${statusText(p.statuses.page)}; assets ${statusText(p.statuses.asset)}; /healthz ${statusText(p.statuses.health)}; ` +
      `API 419: ${p.startBusy} of ${p.starts + p.startBusy} starts, ${p.pullBusy} of ${p.pulls + p.pullBusy} pulls; ` +
      `${p.done} searches done (${p.errors} failed); first results p50 ${p95(p.firsts, 0.5)}, p95 ${p95(p.firsts)}; ` +
      `door to door in ${p.doors} of ${p.done} (${percent(p.doors, p.done)} %); ${load()}`,
  );
  return p;
}
const percent = (n: number, of: number) => ((100 * n) / Math.max(1, of)).toFixed(0);

/** The two targets of a busy machine, beside two CPU hogs with ten travellers: met or not, with the figures. */
function targets(p: Phase) {
  const kinds = Object.values(p.statuses);
  const asked = kinds.reduce((sum, m) => sum + [...m.values()].reduce((a, b) => a + b, 0), 0);
  const ok = kinds.reduce((sum, m) => sum + (m.get(200) ?? 0), 0);
  const sorted = [...p.firsts].sort((a, b) => a - b);
  const firstP95 = sorted[Math.floor(0.95 * (sorted.length - 1))] ?? Number.POSITIVE_INFINITY;
  const doors = (100 * p.doors) / Math.max(1, p.done);
  const met = (yes: boolean) => (yes ? 'met' : 'NOT MET');
  const nice = process.env.SEARCH_PLANNER_NICE ?? 'default';
  console.log(
    `  target: pages, assets and /healthz always 200 beside two hogs: ${ok} of ${asked} — ${met(ok === asked)}; ${load()}\n` +
      `  target: first results p95 ≤ 1.5 s and door to door in ≥ 90 % of searches beside two hogs (10 travellers, planner nice ${nice}): ` +
      `${(firstP95 / 1000).toFixed(1)} s, ${doors.toFixed(0)} % — ${met(firstP95 <= 1500 && doors >= 90)}; ${load()}`,
  );
}

const server = await startCompiledServer(
  {
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST: webDist,
    SEARCH_LATENCY_SCALE: '1',
    SEARCH_SUPPLIER_FAILURES: 'false',
  },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
);
const others = await Promise.all(
  Array.from({ length: processes - 1 }, () =>
    startCompiledServer({
      RATE_LIMIT_MAX: '100000000',
      WEB_DIST: webDist,
      DATABASE_URL: server.databaseUrl,
      RUN_JOBS: 'false',
    }),
  ),
);
const bases = [server.base, ...others.map((o) => o.base)];
try {
  // Every door-to-door timetable the searches plan on built first, as on a server that has been up a
  // while: each week of their dates, with Beijing's metro (a journey from or to Beijing) and without. A
  // week's search is asked again until it has door-to-door plans, as a build on a busy machine can take
  // longer than one search waits for it (a build nobody waits for is dropped); four minutes at most.
  const warmUntil = performance.now() + 240_000;
  const warmDays = [...Array.from({ length: Math.ceil(DAYS / 3) }, (_, i) => 3 * i), DAYS - 1];
  const warmStart = performance.now();
  let warmed = 0;
  for (const d of warmDays)
    for (const [from, to] of [
      ['BJS', 'SHA'],
      ['SHA', 'CAN'],
    ] as const) {
      const warm = { type: 1, legs: [{ departure: from, destination: to, departure_date: date(9 + d) }] };
      for (let planned = false; !planned && performance.now() < warmUntil; ) {
        const p = newPhase();
        await search(bases, p, warm).catch(() => {});
        planned = p.doors > 0;
      }
      if (performance.now() < warmUntil) warmed++;
    }
  console.log(
    `\nwarm-up: door-to-door plans for ${warmed} of ${2 * warmDays.length} dates and routes in ${((performance.now() - warmStart) / 1000).toFixed(0)} s; ${load()}`,
  );
  console.log(
    `\nbusy machine: the server with its web app${others.length > 0 ? `, every other pull sent to one of ${others.length} more server processes` : ''}, travellers searching (simulated supplier times), three visitors asking for pages, assets and /healthz; ${os.availableParallelism()} cores:`,
  );
  if (phases.has('alone')) await phase(bases, 'alone', 10);
  startHogs();
  if (phases.has('hogs')) targets(await phase(bases, 'two CPU hogs', 10));
  if (phases.has('crowd')) await phase(bases, 'two CPU hogs', 40);
} finally {
  stopHogs();
  await Promise.all(others.map((o) => o.stop()));
  await server.stop();
}
process.exit(0);
