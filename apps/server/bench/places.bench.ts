// `npm run bench:places -w apps/server` (also in `npm run bench`): place search over HTTP, the home page's
// suggestions, against one server process as `npm start` runs it (compiled, its own process and
// PostgreSQL), the clients in this process. Prints figures; never fails on speed.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startCompiledServer } from './compiled-server';

const CLIENTS = 32;
const SECONDS = 10;
const words = ['bei', 'shang', 'BJS', '上海', 'guangz', 'cd', 'xian', 'PEK', 'shenzhen', 'hangzhou', '成都', 'lon'];
const quantile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const server = await startCompiledServer({ RATE_LIMIT_MAX: '100000000' });
try {
  // Warm: every word once, so the first figures are not the server's first answers.
  for (const word of words) await (await fetch(`${server.base}/api/place?keyword=${encodeURIComponent(word)}`)).text();
  for (const compressed of [true, false]) {
    const latencies: number[] = [];
    let errors = 0;
    const cpu0 = server.cpuMs();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, w) => {
        for (let i = w; performance.now() - t0 < SECONDS * 1000; i++) {
          const t = performance.now();
          const res = await fetch(
            `${server.base}/api/place?keyword=${encodeURIComponent(words[i % words.length] as string)}`,
            {
              headers: { 'accept-encoding': compressed ? 'gzip, deflate, br' : 'identity' },
            },
          );
          await res.arrayBuffer();
          if (!res.ok) errors++;
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = server.cpuMs();
    latencies.sort((a, b) => a - b);
    console.log(
      `place search over HTTP (${compressed ? 'answers compressed, as browsers ask' : 'answers not compressed'}), ${CLIENTS} clients for ${SECONDS} s on one server process: ` +
        `${(latencies.length / seconds).toFixed(0)} requests/s, p50 ${ms(quantile(latencies, 0.5))}, p97.5 ${ms(quantile(latencies, 0.975))}, p99 ${ms(quantile(latencies, 0.99))}, ${errors} errors; ` +
        `server CPU ${((cpu.server - cpu0.server) / latencies.length).toFixed(2)} ms a request (target ≥ 500 requests/s, p97.5 ≤ 50 ms); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  }
  // The target's load: 500 requests a second arriving on their own (every 2 ms, whether or not earlier ones
  // are answered), as browsers send them, each timed from when it was due.
  // Keywords nobody asked before in this run, for the same load without the kept answers: every
  // two- and three-letter prefix.
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const fresh = [...letters].flatMap((a) =>
    [...letters].flatMap((b) => [a + b, ...[...letters].map((c) => a + b + c)]),
  );
  for (const [rate, label, keyword] of [
    [500, 'the home page’s twelve keywords', (i: number) => words[i % words.length] as string],
    [700, 'the home page’s twelve keywords', (i: number) => words[i % words.length] as string],
    [500, 'a new keyword each', (i: number) => fresh[i % fresh.length] as string],
  ] as const) {
    const latencies: number[] = [];
    let errors = 0;
    const t0 = performance.now();
    const due = rate * SECONDS;
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < due; i++) {
      const at = t0 + (i * 1000) / rate;
      const wait = at - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(
        fetch(`${server.base}/api/place?keyword=${encodeURIComponent(keyword(i))}`, {
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        })
          .then(async (res) => {
            await res.arrayBuffer();
            if (!res.ok) errors++;
            latencies.push(performance.now() - at);
          })
          .catch(() => {
            errors++;
          }),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `place search over HTTP at ${rate} requests/s arriving on their own for ${SECONDS} s, ${label} (answers compressed): ${(latencies.length / seconds).toFixed(0)} answered a second, ` +
        `p50 ${ms(quantile(latencies, 0.5))}, p97.5 ${ms(quantile(latencies, 0.975))}, p99 ${ms(quantile(latencies, 0.99))}, ${errors} errors (target: 500 requests/s with p97.5 ≤ 50 ms); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  }
} finally {
  await server.stop();
}
process.exit(0);
