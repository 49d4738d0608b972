// `npm run bench:soak -w apps/server`: mixed traffic for SOAK_MINUTES (10 by default) against the server as
// `npm start` runs it (compiled, in its own process, on its embedded PostgreSQL): sign-up and sign-in,
// searches (flights, and everything with trains and door-to-door plans), booking, payment, chat and notices,
// by SOAK_USERS travellers at once. Prints the server's memory by minute and its growth, the errors and the
// latency percentiles by kind of request; never fails.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, type PullResponse, type SearchResult, toRequestDate } from '@junction/domain';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { startCompiledServer } from './compiled-server';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const users = Number(process.env.SOAK_USERS ?? 12);
const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'junction-soak-')), 'sms.jsonl');
const server = await startCompiledServer({
  RATE_LIMIT_MAX: '100000000',
  AUTH_IP_LIMIT_FACTOR: '1000',
  SEARCH_LATENCY_SCALE: '0.2',
  SEARCH_SUPPLIER_FAILURES: 'false',
  GATEWAY_SIM_LATENCY_MS: '20',
  TICKETING_DELAY_MS: '500',
  CHAT_FIXED_NOW: '2026-11-26T04:00:00Z',
  CHAT_RATE_PER_MINUTE: '10000',
  MAX_EVENT_LOOP_DELAY_MS: '0',
  SMS_OUTBOX_FILE: outbox,
});
const base = server.base;

const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const failure = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
async function call(kind: string, method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown, key?: string) {
  const t = performance.now();
  let res: Response;
  try {
    res = await fetch(base + url, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    failure(`${kind} ${(e as Error).message}`);
    return { status: 0, json: null as unknown, cookie: undefined };
  }
  const json = (await res.json().catch(() => null)) as unknown;
  const list = latencies.get(kind) ?? [];
  list.push(performance.now() - t);
  latencies.set(kind, list);
  if (!res.ok) {
    failure(`${kind} ${res.status}`);
    if (process.env.SOAK_VERBOSE) console.warn(kind, res.status, JSON.stringify(json));
  }
  return { status: res.status, json, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

/** The code texted to a phone number: the server as `npm start` runs it writes each text to its outbox file. */
async function textedCode(mobile: string): Promise<string | undefined> {
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').split('\n') : [];
    for (const line of lines.reverse()) {
      if (!line) continue;
      const sms = JSON.parse(line) as { to: string; text: string };
      if (sms.to.replace('+86', '') === mobile) return /(\d{6})/.exec(sms.text)?.[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

let phones = 0;
const date = () => toRequestDate(addDays(new Date().toISOString().slice(0, 10), 10 + Math.floor(Math.random() * 20)));
const id18 = (seq: number) => {
  const first17 = `11010119850302${String(100 + (seq % 900))}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
};
const ROUTES = [
  ['BJS', 'SHA'],
  ['SHA', 'CAN'],
  ['CTU', 'BJS'],
  ['SZX', 'HGH'],
];

async function traveller(n: number, deadline: number) {
  const mobile = `136${30_000_000 + n * 10_000 + phones++}`;
  await call('code', 'POST', '/code', undefined, { type: 'mobile', target: mobile, purpose: 'register' });
  const reg = await call('register', 'POST', '/register', undefined, {
    type: 'mobile',
    target: mobile,
    password: 'travel2026',
    code: await textedCode(mobile),
  });
  let cookie = reg.cookie ?? '';
  const saved = await call('passenger', 'POST', '/api/passenger', cookie, {
    chineseName: '张伟',
    nationality: 'CN',
    documents: [{ type: 'B', number: id18(n) }],
  });
  const passenger = saved.json as { id: string; documents: { id: string }[] };
  for (let round = 0; performance.now() < deadline; round++) {
    if (round % 5 === 4) {
      const login = await call('login', 'POST', '/login', undefined, {
        username: mobile,
        password: 'travel2026',
        identity: 'mobile',
      });
      cookie = login.cookie ?? cookie;
    }
    await call('place', 'GET', `/api/place?keyword=${['bei', 'shang', 'cd', 'xian'][round % 4]}`);
    // Every third search asks everyone: trains and door-to-door plans (the planner threads) besides flights.
    const [from, to] = ROUTES[(n + round) % ROUTES.length] as [string, string];
    const started = await call('search', 'POST', '/api/v2/search', undefined, {
      type: 1,
      mode: round % 3 === 2 ? 'all' : 'flight',
      legs: [{ departure: from, destination: to, departure_date: date() }],
    });
    const searchId = (started.json as { searchId?: string } | null)?.searchId;
    if (!searchId) continue;
    let cursor = 0;
    let found: SearchResult | undefined;
    for (let i = 0; i < 200; i++) {
      const pull = (await call('pull', 'POST', '/api/v2/pull', undefined, { searchId, cursor })).json as PullResponse;
      if (!pull) break;
      cursor = pull.cursor;
      found ??= pull.results.find((r) => r.agent === 'own' && r.kind === 'flight' && r.legs.length === 1);
      if (pull.done) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    if (found && round % 2 === 0) {
      const offer = await call(
        'offer',
        'GET',
        `/api/booking/offer?${new URLSearchParams({ searchId, resultId: found.id })}`,
        cookie,
      );
      const price = (offer.json as { result?: SearchResult } | null)?.result?.price.amount ?? 0;
      const order = await call(
        'order',
        'POST',
        '/api/order',
        cookie,
        {
          searchId,
          resultId: found.id,
          travellers: [{ passengerId: passenger.id, documentId: passenger.documents[0]?.id, railSeat: false }],
          contact: { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' },
          extras: { rail: [], baggage: [] },
          railTicketing: 'offline',
          expected: { totalMinor: price, baggageMinor: 0 },
        },
        randomUUID(),
      );
      const orderId = (order.json as { id?: string } | null)?.id;
      if (orderId) {
        const token = await call('token', 'POST', '/gateway-sim/v1/tokens', cookie, {
          number: TEST_CARDS.visa,
          expMonth: 12,
          expYear: 2030,
          name: 'ZHANG WEI',
          cvc: '123',
          billing: {
            line1: '1 Jianguomenwai Avenue',
            line2: 'Floor 8',
            city: 'Beijing',
            region: 'Beijing',
            country: 'CN',
            zip: '100004',
            phone: '+8613800138000',
          },
        });
        await call(
          'pay',
          'POST',
          '/api/order/pay',
          cookie,
          { orderId, method: { kind: 'card', token: (token.json as { token: string } | null)?.token } },
          randomUUID(),
        );
        await call('order view', 'GET', `/api/order?id=${orderId}`, cookie);
      }
    }
    await call('chat', 'POST', '/api/chat/message', cookie, {
      kind: 'text',
      clientId: `soak${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      text: `Question ${round}`,
    });
    await call('notices', 'GET', '/notifications', cookie);
  }
}

const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
const idle = server.rssMb();
const t0 = performance.now();
const deadline = t0 + minutes * 60_000;
const cpu0 = server.cpuMs();
// The server's resident memory every 5 s: its median by minute, so a collection that comes a little
// earlier or later does not count as growth or shrinkage.
const samples: number[][] = [];
// Only the soak's minutes count: the travellers' last requests after the deadline are not a minute of traffic.
const sampler = setInterval(() => {
  const minute = Math.floor((performance.now() - t0) / 60_000);
  if (minute < minutes) samples[minute] = [...(samples[minute] ?? []), server.rssMb()];
}, 5000);
await Promise.all(Array.from({ length: users }, (_, n) => traveller(n, deadline)));
clearInterval(sampler);
const cpu = server.cpuMs();
const median = (list: number[] = []) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const byMinute = samples.filter((m) => m.length > 0).map(median);
// The first minute builds the timetables of new dates and fills the caches: growth is counted after it.
const growthFrom = (minute: number) =>
  byMinute.length > minute + 1 ? ((byMinute.at(-1) as number) - (byMinute[minute] as number)).toFixed(0) : '–';
const q = (sorted: number[], f: number) => (sorted[Math.floor(f * (sorted.length - 1))] ?? 0).toFixed(1);
const elapsedMin = (performance.now() - t0) / 60_000;
console.log(
  `soak: ${users} travellers for ${minutes} min of mixed traffic against the server as npm start runs it (compiled, its own process, its PostgreSQL); ${load()}`,
);
console.log(
  `  server RSS idle ${idle.toFixed(0)} MB; median by minute (MB): ${byMinute.map((m) => m.toFixed(0)).join(' → ')}; peak ${server.peakRssMb().toFixed(0)} MB; growth to the last minute from the second ${growthFrom(1)} MB, from the third ${growthFrom(2)} MB`,
);
console.log(
  `  CPU per minute: server ${((cpu.server - cpu0.server) / 1000 / elapsedMin).toFixed(1)} s, PostgreSQL ${((cpu.db - cpu0.db) / 1000 / elapsedMin).toFixed(1)} s`,
);
let total = 0;
for (const [kind, list] of [...latencies.entries()].sort()) {
  list.sort((a, b) => a - b);
  total += list.length;
  console.log(
    `  ${kind.padEnd(10)} ${String(list.length).padStart(6)} requests, p50 ${q(list, 0.5)} ms, p95 ${q(list, 0.95)} ms, p99 ${q(list, 0.99)} ms`,
  );
}
const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
console.log(
  `  ${total} requests, ${errorCount} errors${errorCount ? `: ${JSON.stringify(Object.fromEntries(errors))}` : ''}`,
);
await server.stop();
fs.rmSync(path.dirname(outbox), { recursive: true, force: true });
process.exit(0);
