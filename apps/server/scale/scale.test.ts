import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { PullResponse, SearchResult } from '@junction/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMessage, SocketClient } from '../src/features/chat/chat.test-support';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../src/features/payment/payment.test-support';
import { traveller } from '../test/booking-client';
import {
  ensurePackages,
  type Postgres,
  type Proc,
  repoRoot,
  type Server,
  secrets,
  startNginx,
  startPostgres,
  startRedis,
  startServer,
  stop,
  tmpDir,
} from './infra';

/**
 * Three server processes behind nginx on PostgreSQL and Redis, as deployed (see compose.yaml): whatever
 * one process starts, counts or delivers, the others see, and a process killed mid-load loses nothing.
 */
let dir: string;
let postgres: Postgres | undefined;
let redis: Proc | undefined;
let nginx: { url: string; proc: Proc; accessLog: string } | undefined;
const servers: Server[] = [];
let db: pg.Pool;
let smsFile: string;
const RATE_LIMIT = 300;

beforeAll(async () => {
  const bins = ensurePackages();
  execFileSync('npm', ['run', 'build:server', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  dir = await tmpDir();
  postgres = await startPostgres(bins.pgBin, dir);
  const r = await startRedis(bins.redis);
  redis = r.proc;
  smsFile = path.join(dir, 'sms.jsonl');
  const env = {
    NODE_ENV: 'production',
    // A declared demonstration: the simulators stand in for the card processor, the sellers and the railway.
    DEMO_MODE: 'true',
    MESSAGING_STAND_INS: 'true',
    ...secrets,
    DATABASE_URL: postgres.url,
    REDIS_URL: r.url,
    HOST: '127.0.0.1',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))
      ? path.join(repoRoot, 'apps/web/dist')
      : '/nonexistent',
    SMS_OUTBOX_FILE: smsFile,
    RATE_LIMIT_MAX: String(RATE_LIMIT),
    // Every traveller here books with one contact address.
    ORDER_CONTACT_UNPAID_MAX: '100000',
    CONTACT_MAIL_PER_DAY: '100000',
    SEARCH_LATENCY_SCALE: '0.1',
    SEARCH_SUPPLIER_FAILURES: 'false',
    SEARCH_PLANNER_WORKERS: '1',
    GATEWAY_SIM_LATENCY_MS: '20',
    PAYMENT_SETTLE_AFTER_MS: '2000',
    TICKETING_DELAY_MS: '200',
    TICKETING_FAILURE_RATE: '0',
    RAIL_IDENTITY_DELAY_MS: '0',
    RAIL_IDENTITY_LATENCY_MS: '0',
    CHAT_FIXED_NOW: '2026-11-26T04:00:00Z',
    CHAT_RATE_PER_MINUTE: '1000',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  // The first process creates the tables; the others start on them together.
  servers.push(await startServer(env));
  servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  nginx = await startNginx(
    bins.nginx,
    dir,
    servers.map((s) => s.port),
  );
  db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  execFileSync(
    'npx',
    ['tsx', 'apps/server/src/db/agent-cli.ts', '--email', 'lin@junction.example', '--name', 'Lin Fang'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, NODE_ENV: 'test', AGENT_PASSWORD: 'service2026' },
      stdio: 'ignore',
    },
  );
}, 600_000);

afterAll(async () => {
  await db?.end();
  await stop(nginx?.proc);
  await Promise.all(servers.map((s) => stop(s)));
  await stop(redis);
  await postgres?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}, 120_000);

type Answer = { status: number; json: unknown; cookie: string | undefined };

/**
 * One HTTP call from a local address of our choosing (127.x.y.z), so each simulated traveller has an
 * address of its own for the rate limit, as travellers behind a load balancer do.
 */
function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {}
          const setCookie = res.headers['set-cookie']?.find((c) => c.startsWith('sid='));
          resolve({ status: res.statusCode ?? 0, json, cookie: setCookie?.split(';')[0] });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Retries a request that got no answer (a process died under it) with the same idempotency key or client id. */
async function retried(send: () => Promise<Answer>): Promise<Answer & { tries: number }> {
  for (let tries = 1; ; tries++) {
    const answer = await send().catch(() => ({ status: 0, json: null, cookie: undefined }));
    if (![0, 502, 503, 504].includes(answer.status) || tries >= 20) return { ...answer, tries };
    await new Promise((r) => setTimeout(r, 200));
  }
}

const lb = () => (nginx as { url: string }).url;
let phones = 0;
let addresses = 0;
const freshAddress = () => {
  addresses++;
  return `127.0.${10 + (addresses >> 8)}.${addresses & 255}`;
};

async function smsCode(mobile: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const line = existsSync(smsFile)
      ? readFileSync(smsFile, 'utf8')
          .trim()
          .split('\n')
          .reverse()
          .find((l) => l.includes(mobile))
      : undefined;
    const code = /(\d{6})/.exec(line ? ((JSON.parse(line) as { text: string }).text ?? '') : '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code texted to ${mobile}`);
}

async function signUp(base: string, from: string): Promise<{ cookie: string; mobile: string }> {
  const mobile = `139${20_000_000 + phones++}`;
  const sent = await call(base, 'POST', '/code', {
    body: { type: 'mobile', target: mobile, purpose: 'register' },
    from,
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const res = await call(base, 'POST', '/register', {
    body: { type: 'mobile', target: mobile, password: 'travel2026', code: await smsCode(mobile) },
    from,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { cookie: res.cookie ?? '', mobile };
}

const searchDate = () => {
  const d = new Date(Date.now() + 21 * 86_400_000);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
};
const flightSearch = () => ({
  type: 1,
  mode: 'flight',
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: searchDate() }],
});

async function pullAll(base: string, searchId: string, from: string): Promise<PullResponse[]> {
  const pulls: PullResponse[] = [];
  let cursor = 0;
  for (let i = 0; i < 400; i++) {
    const res = await retried(() => call(base, 'POST', '/api/v2/pull', { body: { searchId, cursor }, from }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const body = res.json as PullResponse;
    pulls.push(body);
    cursor = body.cursor;
    if (body.done) return pulls;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('search never finished');
}

/** A signed-in traveller with a saved traveller and a bookable nonstop flight found through the load balancer. */
async function bookingTraveller(from = freshAddress()) {
  const { cookie } = await signUp(lb(), from);
  const saved = await call(lb(), 'POST', '/api/passenger', {
    cookie,
    from,
    body: traveller('张伟', '1985-03-02'),
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const passenger = saved.json as { id: string; birthDate: string; documents: { id: string }[] };
  let result: SearchResult | undefined;
  let searchId = '';
  for (let tries = 0; !result && tries < 5; tries++) {
    const started = await retried(() => call(lb(), 'POST', '/api/v2/search', { body: flightSearch(), from }));
    searchId = (started.json as { searchId: string }).searchId;
    const pulls = await pullAll(lb(), searchId, from);
    result = pulls.flatMap((p) => p.results).find((x) => x.agent === 'own' && x.legs.length === 1);
  }
  if (!result) throw new Error('no nonstop flight');
  const offer = await call(
    lb(),
    'GET',
    `/api/booking/offer?${new URLSearchParams({ searchId, resultId: result.id })}`,
    {
      cookie,
      from,
    },
  );
  expect(offer.status, JSON.stringify(offer.json)).toBe(200);
  const price = (offer.json as { result: SearchResult }).result.price.amount;
  const orderBody = {
    searchId,
    resultId: result.id,
    travellers: [{ passengerId: passenger.id, documentId: passenger.documents[0]?.id, railSeat: false }],
    contact: { name: '张伟', phoneCountry: 'CN', phone: '13800138000', email: 'zhang.wei@example.com' },
    extras: { rail: [], baggage: [] },
    railTicketing: 'offline',
    expected: { totalMinor: price, baggageMinor: 0 },
  };
  return { cookie, from, orderBody };
}

async function token(base: string, from: string, cookie: string): Promise<string> {
  const res = await retried(() =>
    call(base, 'POST', '/gateway-sim/v1/tokens', { body: cardDetails(TEST_CARDS.visa), from, cookie }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json as { token: string }).token;
}

/** What the processor holds for an order. */
async function charged(orderId: string) {
  const rows = await db.query<{ captured: number; refunded: number; captures: number }>(
    `select coalesce(sum(amount_captured), 0)::int as captured, coalesce(sum(amount_refunded), 0)::int as refunded,
      coalesce(sum(captures), 0)::int as captures from gateway_sim_intents where metadata->>'orderId' = $1`,
    [orderId],
  );
  return rows.rows[0] as { captured: number; refunded: number; captures: number };
}

describe('three server processes behind nginx on PostgreSQL and Redis', () => {
  it('pulls a search started on one process from the others, and from the load balancer', async () => {
    const [a, b, c] = servers as [Server, Server, Server];
    const started = await call(a.url, 'POST', '/api/v2/search', { body: flightSearch() });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const { searchId } = started.json as { searchId: string };
    const onB = await pullAll(b.url, searchId, '127.0.0.1');
    const onC = await pullAll(c.url, searchId, '127.0.0.1');
    const ids = (pulls: PullResponse[]) => new Set(pulls.flatMap((p) => p.results.map((r) => r.id)));
    expect(ids(onB).size).toBeGreaterThan(10);
    expect(ids(onC)).toEqual(ids(onB));
    expect(ids(await pullAll(lb(), searchId, '127.0.0.1'))).toEqual(ids(onB));
    // Redis holds it, not one process's memory.
    const rows = await db.query('select count(*)::int as n from search_sessions');
    expect(rows.rows[0].n).toBe(0);
  });

  it('keeps a session signed in on one process valid on all, and signed out on all', async () => {
    const [a, b, c] = servers as [Server, Server, Server];
    const from = freshAddress();
    const { cookie } = await signUp(a.url, from);
    for (const s of [a, b, c]) expect((await call(s.url, 'GET', '/user', { cookie, from })).status).toBe(200);
    expect((await call(c.url, 'POST', '/logout', { cookie, from })).status).toBe(200);
    for (const s of [a, b, c]) expect((await call(s.url, 'GET', '/user', { cookie, from })).status).toBe(401);
  });

  it("counts one address's requests to every process together", async () => {
    const from = freshAddress();
    const before = readFileSync((nginx as { accessLog: string }).accessLog, 'utf8').length;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 6; i += 12) {
      const batch = await Promise.all(
        Array.from({ length: 12 }, () => call(lb(), 'GET', '/api/place?keyword=bei', { from })),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    // Round robin: every process answered a share of them.
    const log = readFileSync((nginx as { accessLog: string }).accessLog, 'utf8').slice(before);
    for (const s of servers) expect(log).toContain(`127.0.0.1:${s.port} `);
    // A verification code asked of each process in turn is sent once (one a minute per number).
    const mobile = '13977770001';
    const codes = [];
    for (const s of servers)
      codes.push(
        (
          await call(s.url, 'POST', '/code', {
            body: { type: 'mobile', target: mobile, purpose: 'register' },
            from: freshAddress(),
          })
        ).status,
      );
    expect(codes).toEqual([200, 429, 429]);
  });

  it('captures once when one order is paid 30 times at once across the three processes', async () => {
    const t = await bookingTraveller();
    const order = await retried(() =>
      call(lb(), 'POST', '/api/order', {
        cookie: t.cookie,
        from: t.from,
        body: t.orderBody,
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(order.status, JSON.stringify(order.json)).toBe(200);
    const { id: orderId, payment } = order.json as { id: string; payment: { price: { amount: number } } };
    // Each attempt brings its own card token, as each browser tokenises the card it pays with.
    const tokens = await Promise.all(
      Array.from({ length: 30 }, (_, i) => token((servers[i % 3] as Server).url, t.from, t.cookie)),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call((servers[i % 3] as Server).url, 'POST', '/api/order/pay', {
          cookie: t.cookie,
          from: t.from,
          headers: { 'idempotency-key': randomUUID() },
          body: { orderId, method: { kind: 'card', token: tokens[i] } },
        }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200).map((r) => r.json as { attemptId: string; outcome: string });
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((s) => s.attemptId)).size).toBe(1);
    expect(ok.every((s) => s.outcome === 'succeeded')).toBe(true);
    // The others are told the order is paid (2000), or that another payment of it is under way (2102).
    const refused = answers.filter((r) => r.status !== 200).map((r) => (r.json as { errorCode: number }).errorCode);
    expect(
      refused.filter((c) => c !== 2000 && c !== 2102),
      JSON.stringify(refused),
    ).toEqual([]);
    expect(await charged(orderId)).toEqual({ captured: payment.price.amount, refunded: 0, captures: 1 });
  });

  it('delivers chat messages between a traveller on one process and an agent on another', async () => {
    const [a, b, c] = servers as [Server, Server, Server];
    const from = freshAddress();
    const { cookie } = await signUp(a.url, from);
    const login = await call(b.url, 'POST', '/login', {
      body: { username: 'lin@junction.example', password: 'service2026', identity: 'email' },
      from: freshAddress(),
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const traveller = await SocketClient.open(a.url, cookie);
    const agent = await SocketClient.open(b.url, login.cookie, { role: 'agent' });
    const hello = await call(c.url, 'POST', '/api/chat/message', {
      cookie,
      from,
      body: { kind: 'text', clientId: `scale${randomUUID().slice(0, 8)}`, text: 'Hello from process C' },
    });
    expect(hello.status, JSON.stringify(hello.json)).toBe(200);
    const conversationId = (hello.json as { conversationId: string }).conversationId;
    await agent.next((f) => f.type === 'conversation' && f.conversationId === conversationId);
    expect(
      (await call(c.url, 'POST', '/api/service/take', { cookie: login.cookie, body: { conversationId } })).status,
    ).toBe(200);
    await call(b.url, 'POST', '/api/service/message', {
      cookie: login.cookie,
      body: {
        kind: 'text',
        clientId: `scale${randomUUID().slice(0, 8)}`,
        text: 'Answer from process B',
        conversationId,
      },
    });
    await traveller.next(isMessage('Answer from process B'));
    await Promise.all([traveller.close(), agent.close()]);
  });

  it('loses no order and no message when a process is killed mid-load', async () => {
    const travellers = await Promise.all(Array.from({ length: 8 }, () => bookingTraveller()));
    const victim = servers[1] as Server;
    const sent = new Map<string, string[]>();
    const orderKeys = new Map<string, string[]>();
    const conversationOf = new Map<string, string>();
    const paidOnce = new Map<string, number>();
    let killed = false;
    let retries = 0;
    const count = (a: { tries: number }) => {
      retries += a.tries - 1;
      return a;
    };
    const load = travellers.map(async (t, n) => {
      const keys: string[] = [];
      const messages: string[] = [];
      orderKeys.set(t.cookie, keys);
      sent.set(t.cookie, messages);
      for (let round = 0; round < 4; round++) {
        const key = randomUUID();
        keys.push(key);
        const order = await retried(() =>
          call(lb(), 'POST', '/api/order', {
            cookie: t.cookie,
            from: t.from,
            body: t.orderBody,
            headers: { 'idempotency-key': key },
          }),
        );
        count(order);
        expect(order.status, JSON.stringify(order.json)).toBe(200);
        const orderId = (order.json as { id: string }).id;
        const card = await token(lb(), t.from, t.cookie);
        const payKey = randomUUID();
        const paid = await retried(() =>
          call(lb(), 'POST', '/api/order/pay', {
            cookie: t.cookie,
            from: t.from,
            headers: { 'idempotency-key': payKey },
            body: { orderId, method: { kind: 'card', token: card } },
          }),
        );
        count(paid);
        // Paid, or failed as a whole (2113) when the process died under it: never charged without the order knowing.
        const failedWhole = paid.status === 422 && (paid.json as { errorCode: number }).errorCode === 2113;
        if (!failedWhole) expect(paid.status, JSON.stringify(paid.json)).toBe(200);
        const state = paid.json as { outcome?: string; amount?: { amount: number } };
        if (state.outcome === 'succeeded' && state.amount) paidOnce.set(orderId, state.amount.amount);
        const text = `message ${n}-${round}`;
        const clientId = `scale${randomUUID().replaceAll('-', '').slice(0, 16)}`;
        const said = await retried(() =>
          call(lb(), 'POST', '/api/chat/message', {
            cookie: t.cookie,
            from: t.from,
            body: { kind: 'text', clientId, text },
          }),
        );
        count(said);
        expect(said.status, JSON.stringify(said.json)).toBe(200);
        conversationOf.set(t.cookie, (said.json as { conversationId: string }).conversationId);
        messages.push(text);
        if (!killed && n === 0 && round === 1) {
          killed = true;
          victim.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(load);
    expect(killed).toBe(true);
    await victim.exited;

    for (const t of travellers) {
      // Every order asked for exists once, whatever process took the request or its retry.
      const list = await call(lb(), 'GET', '/api/orders?filter=all&page=1&pageSize=50', {
        cookie: t.cookie,
        from: t.from,
      });
      expect(list.status, JSON.stringify(list.json)).toBe(200);
      const orders = (list.json as { items: { id: string }[]; total: number }).items;
      expect(orders).toHaveLength((orderKeys.get(t.cookie) ?? []).length);
      // Every message sent is stored once, in order.
      const conversationId = conversationOf.get(t.cookie);
      const page = await call(lb(), 'GET', `/api/chat/messages?conversationId=${conversationId}&after=0&limit=200`, {
        cookie: t.cookie,
        from: t.from,
      });
      expect(page.status, JSON.stringify(page.json)).toBe(200);
      const texts = (page.json as { messages: { sender: string; text: string | null }[] }).messages
        .filter((m) => m.sender === 'traveller')
        .map((m) => m.text);
      expect(texts).toEqual(sent.get(t.cookie));
      // Each order is paid once or, if its payment was cut off, charged nothing once settled.
      for (const o of orders) {
        const money = await charged(o.id);
        expect(money.captures).toBeLessThanOrEqual(1);
        expect(money.refunded).toBe(0);
        const told = paidOnce.get(o.id);
        if (told !== undefined) expect(money).toEqual({ captured: told, refunded: 0, captures: 1 });
      }
    }
    const total = [...orderKeys.values()].flat().length;
    console.info(
      `killed one of three processes mid-load: ${total} orders (${paidOnce.size} paid at once), ` +
        `${[...sent.values()].flat().length} messages, ${retries} requests retried after the kill, none lost or doubled`,
    );
  });
});
