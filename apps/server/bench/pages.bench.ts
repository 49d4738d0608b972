// `npm run bench:pages -w apps/server` (also in `npm run bench`): pages opened in Chromium with an empty cache
// over an emulated connection, the way a traveller's phone first opens them: for each page, the scripts and
// stylesheets it fetched, their bytes as sent, when the last of them arrived (the page's code complete) and
// the page's main-thread time (all its tasks, and scripts among them) and, on a results page, when it asked for
// its search: the median of `PAGES_RUNS` loads (3 by default), with the load average. Two connections: 100 ms
// round trips at full speed, and 150 ms at 1.6 Mbit/s.
// The server runs compiled, serving the built web app.
//
// `PAGES_DISTS=<built web app>,<another>` loads the same pages from each in turn (a server for each, the runs
// interleaved), to print the current build beside a previous one (`npm run build -w apps/web` in a worktree of
// the previous commit). Never fails on speed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, toRequestDate } from '@junction/domain';
import { chromium } from '@playwright/test';
import { startCompiledServer } from './compiled-server';

const root = path.resolve(import.meta.dirname, '../../..');
const dists = (process.env.PAGES_DISTS ?? path.join(root, 'apps/web/dist')).split(',').map((d) => path.resolve(d));
const runs = Math.max(1, Number(process.env.PAGES_RUNS ?? 3));
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';

for (const dist of dists)
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`No built web app in ${dist}: run \`npm run build -w apps/web\` first.`);
    process.exit(2);
  }

const today = new Date().toISOString().slice(0, 10);
const shortDate = toRequestDate(addDays(today, 12)).slice(2).replaceAll('/', '');
/** The home page, a sign-in page, the results of a search, a booking page and an information page. */
const PAGES = ['/', '/login', `/search/BJS-SHA-${shortDate}`, '/booking?search=none&result=none', '/faq'];
const LINKS = [
  { name: '100 ms round trips', latency: 100, bytesPerSecond: -1 },
  { name: '150 ms, 1.6 Mbit/s', latency: 150, bytesPerSecond: 200_000 },
];

type Load = { files: number; kB: number; lastMs: number; taskMs: number; scriptMs: number; searchMs?: number };

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;

const browser = await chromium.launch({ executablePath });
const servers = await Promise.all(
  dists.map((dist) => startCompiledServer({ RATE_LIMIT_MAX: '100000000', WEB_DIST: dist })),
);

/** Opens a page with an empty cache and waits until no script or stylesheet has been asked for 1.5 s. */
async function open(base: string, page: string, link: (typeof LINKS)[number]): Promise<Load> {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latency,
      downloadThroughput: link.bytesPerSecond,
      uploadThroughput: -1,
    });
    const urls = new Map<string, string>();
    let files = 0;
    let bytes = 0;
    let lastMs = 0;
    let lastAsked = 0;
    const start = Date.now();
    let searchMs: number | undefined;
    cdp.on('Network.requestWillBeSent', (e) => {
      const { pathname } = new URL(e.request.url);
      if (/\.(js|css)$/.test(pathname)) lastAsked = Date.now();
      if (pathname === '/api/v2/search') searchMs ??= Date.now() - start;
    });
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      if (!url || !/\.(js|css)$/.test(new URL(url).pathname)) return;
      files++;
      bytes += e.encodedDataLength;
      lastMs = Date.now() - start;
    });
    await tab.goto(base + page, { waitUntil: 'load' });
    while (Date.now() - Math.max(lastAsked, start + lastMs) < 1500) await tab.waitForTimeout(250);
    // The page's main thread: all its tasks, and running scripts among them (seconds in Chromium's metrics).
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
    return {
      files,
      kB: bytes / 1024,
      lastMs,
      taskMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      ...(searchMs === undefined ? {} : { searchMs }),
    };
  } finally {
    await context.close();
  }
}

/** The builds' letters, as the first lines print them. */
const BUILDS = dists.map((_, i) => String.fromCharCode(65 + i));
if (dists.length > 1) for (const [i, dist] of dists.entries()) console.log(`${BUILDS[i]}: ${dist}`);

try {
  // One load of each page first, so that each server has read its files and answered its first searches.
  for (const server of servers) for (const page of PAGES) await open(server.base, page, LINKS[0] as (typeof LINKS)[0]);
  for (const link of LINKS) {
    console.log(`\n${link.name}, an empty cache, median of ${runs} (${load()}):`);
    for (const page of PAGES) {
      const loads: Load[][] = dists.map(() => []);
      for (let r = 0; r < runs; r++)
        for (const [i, server] of servers.entries()) loads[i]?.push(await open(server.base, page, link));
      const cells = loads.map((list, i) => {
        const label = dists.length > 1 ? `${BUILDS[i]}: ` : '';
        const searches = list.flatMap((l) => (l.searchMs === undefined ? [] : [l.searchMs]));
        const search = searches.length > 0 ? `, search asked at ${median(searches)} ms` : '';
        return `${label}${median(list.map((l) => l.files))} files, ${median(list.map((l) => l.kB)).toFixed(0)} kB, code complete at ${median(list.map((l) => l.lastMs))} ms${search}, main thread ${median(list.map((l) => l.taskMs))} ms (scripts ${median(list.map((l) => l.scriptMs))} ms)`;
      });
      console.log(`  ${page.padEnd(36)} ${cells.join('  |  ')}`);
    }
  }
  console.log(`\n${load()}`);
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}
