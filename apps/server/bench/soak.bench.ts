// `npm run bench:soak -w apps/server`: mixed traffic against one server on a real PostgreSQL for
// SOAK_MINUTES (10 by default): sign-up and sign-in, searches, booking, payment and chat, by
// SOAK_USERS travellers at once. Prints memory over time, errors and latency percentiles; never fails.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, type PullResponse, type SearchResult, toRequestDate } from '@junction/domain';
import { loadRefdata } from '@junction/refdata';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrateToLatest } from '../src/db/migrate';
import { Mailer, SmtpSink } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import { migrateJobs } from '../src/jobs/job-runner';
import { Keyring } from '../src/lib/crypto';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const users = Number(process.env.SOAK_USERS ?? 12);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-soak-'));
await fs.chmod(dir, 0o755);
const pg = await startEmbeddedPostgres({ dataDir: dir, port: 20_000 + Math.floor(Math.random() * 20_000), fast: true });
const db = createDb(pg.url);
await migrateToLatest(db);
await migrateJobs(pg.url);
const refdata = loadRefdata();
await sharedInventory(refdata, false);
const codes = new Map<string, string>();
const sink = new SmtpSink();
await sink.start();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_MAX: '100000000',
    AUTH_IP_LIMIT_FACTOR: '1000',
    SEARCH_LATENCY_SCALE: '0.2',
    SEARCH_SUPPLIER_FAILURES: 'false',
    GATEWAY_SIM_LATENCY_MS: '20',
    TICKETING_DELAY_MS: '500',
    CHAT_FIXED_NOW: '2026-11-26T04:00:00Z',
    CHAT_RATE_PER_MINUTE: '10000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  }),
  {
    db,
    refdata,
    mailer: new Mailer(sink.url, 'bench@junction.example'),
    sms: new LogSmsProvider((m) => {
      const code = /(\d{6})/.exec(m.text)?.[1];
      if (code) codes.set(m.to.replace('+86', ''), code);
    }),
    secrets: { hmacKey: randomBytes(32), keyring: new Keyring(new Map([['b1', randomBytes(32)]]), 'b1') },
    databaseUrl: pg.url,
  },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
async function call(kind: string, method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown, key?: string) {
  const t = performance.now();
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as unknown;
  const list = latencies.get(kind) ?? [];
  list.push(performance.now() - t);
  latencies.set(kind, list);
  if (!res.ok) {
    errors.set(`${kind} ${res.status}`, (errors.get(`${kind} ${res.status}`) ?? 0) + 1);
    if (process.env.SOAK_VERBOSE) console.warn(kind, res.status, JSON.stringify(json));
  }
  return { status: res.status, json, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

let phones = 0;
const date = () => toRequestDate(addDays(new Date().toISOString().slice(0, 10), 10 + Math.floor(Math.random() * 20)));
const id18 = (seq: number) => {
  const first17 = `11010119850302${String(100 + (seq % 900))}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
};

async function traveller(n: number, deadline: number) {
  const mobile = `136${30_000_000 + phones++}`;
  await call('code', 'POST', '/code', undefined, { type: 'mobile', target: mobile, purpose: 'register' });
  const reg = await call('register', 'POST', '/register', undefined, {
    type: 'mobile',
    target: mobile,
    password: 'travel2026',
    code: codes.get(mobile),
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
    const started = await call('search', 'POST', '/api/v2/search', undefined, {
      type: 1,
      mode: 'flight',
      legs: [{ departure: 'BJS', destination: 'SHA', departure_date: date() }],
    });
    const searchId = (started.json as { searchId: string }).searchId;
    let cursor = 0;
    let found: SearchResult | undefined;
    for (let i = 0; i < 200; i++) {
      const pull = (await call('pull', 'POST', '/api/v2/pull', undefined, { searchId, cursor })).json as PullResponse;
      cursor = pull.cursor;
      found ??= pull.results.find((r) => r.agent === 'own' && r.legs.length === 1);
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
      const price = (offer.json as { result?: SearchResult }).result?.price.amount ?? 0;
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
      const orderId = (order.json as { id?: string }).id;
      if (orderId) {
        const token = await call('token', 'POST', '/gateway-sim/v1/tokens', undefined, {
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
          { orderId, method: { kind: 'card', token: (token.json as { token: string }).token } },
          randomUUID(),
        );
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

const mb = () => process.memoryUsage().rss / 1e6;
const t0 = performance.now();
const deadline = t0 + minutes * 60_000;
const rss: string[] = [`${mb().toFixed(0)}`];
const sampler = setInterval(() => rss.push(mb().toFixed(0)), 60_000);
// Warm-up: the first minute includes the timetables of new dates; memory growth is counted from its end.
let afterWarmUp = 0;
setTimeout(() => {
  afterWarmUp = mb();
}, 60_000);
await Promise.all(Array.from({ length: users }, (_, n) => traveller(n, deadline)));
clearInterval(sampler);
const q = (sorted: number[], f: number) => (sorted[Math.floor(f * (sorted.length - 1))] ?? 0).toFixed(1);
console.log(`soak: ${users} travellers for ${minutes} min of mixed traffic against one server on PostgreSQL`);
console.log(
  `  RSS by minute (MB): ${rss.join(' → ')}; growth after the first minute ${(mb() - (afterWarmUp || mb())).toFixed(0)} MB`,
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
await app.close();
await sink.stop();
await db.destroy();
await pg.stop();
await fs.rm(dir, { recursive: true, force: true });
process.exit(0);
