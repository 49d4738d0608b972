// `npm run bench -w apps/server`, memory: the server as `npm start` runs it (compiled, its own process and
// PostgreSQL), its resident memory idle once started, then idle again after door-to-door searches have
// started every planner worker and built their timetables. Prints figures; never fails on size.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, type PullResponse, type SearchCriteriaInput, toRequestDate } from '@junction/domain';
import { type ServerProcess, startCompiledServer } from './compiled-server';

const today = new Date().toISOString().slice(0, 10);
const date = (days: number) => toRequestDate(addDays(today, days));
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/** Waits until the server process (all its threads) has used under 2 % of a core for two seconds. */
async function idle(server: ServerProcess): Promise<void> {
  for (let quiet = 0, i = 0; quiet < 2 && i < 120; i++) {
    const before = server.cpuMs().server;
    await new Promise((r) => setTimeout(r, 1000));
    quiet = server.cpuMs().server - before < 20 ? quiet + 1 : 0;
  }
}

/** V8 gives back the memory of a quiet heap some seconds after the work: the figure again after that. */
const SETTLE_S = 15;
const settled = () => new Promise((r) => setTimeout(r, SETTLE_S * 1000));

async function search(base: string, criteria: SearchCriteriaInput): Promise<number> {
  const post = async (url: string, body: unknown) => {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  };
  const { searchId } = (await post('/api/v2/search', criteria)) as { searchId: string };
  let cursor = 0;
  let results = 0;
  for (;;) {
    const pull = (await post('/api/v2/pull', { searchId, cursor })) as PullResponse;
    cursor = pull.cursor;
    results += pull.results.filter((r) => r.kind === 'mix').length;
    if (pull.done) return results;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const t = performance.now();
const server = await startCompiledServer({
  RATE_LIMIT_MAX: '100000000',
  SEARCH_LATENCY_SCALE: '0',
  SEARCH_SUPPLIER_FAILURES: 'false',
  SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
});
try {
  const started = performance.now() - t;
  await idle(server);
  const rss = server.rssMb();
  await settled();
  console.log(
    `server memory: started in ${(started / 1000).toFixed(1)} s; idle after start RSS ${rss.toFixed(0)} MB, ${server.rssMb().toFixed(0)} MB ${SETTLE_S} s later (peak ${server.peakRssMb().toFixed(0)} MB); ${load()}`,
  );
  // Door to door on dates two weeks apart, at once: both planner workers start and two timetables are built.
  const plans = await Promise.all(
    [9, 23].map((days) =>
      search(server.base, {
        type: 1,
        mode: 'all',
        legs: [{ departure: 'BJS', destination: 'SHA', departure_date: date(days) }],
      }),
    ),
  );
  await idle(server);
  const after = server.rssMb();
  await settled();
  console.log(
    `  idle after two door-to-door searches (${plans.join(' and ')} plans, ${os.availableParallelism()} planner workers, two timetables): RSS ${after.toFixed(0)} MB, ${server.rssMb().toFixed(0)} MB ${SETTLE_S} s later (peak ${server.peakRssMb().toFixed(0)} MB); ${load()}`,
  );
} finally {
  await server.stop();
}
