import { randomUUID } from 'node:crypto';
import { currentUserSchema, type PullResponse, type SearchResult, sameInBoth } from '@junction/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { Mailer, SmtpSink } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import type { Supplier } from '../src/features/search/suppliers/supplier';
import { bookingClient, CONTACT, orderBody, traveller } from './booking-client';
import {
  createTestApp,
  createTestDatabase,
  QUIET_SETTINGS,
  type TestApp,
  testConfig,
  testRefdata,
  testSecrets,
} from './harness';
import { skipWithoutRedis, startRedis, type TestRedis } from './redis';

/**
 * Two instances of the app on one database, as two server processes behind a load balancer: whatever
 * one process starts or counts, the other sees. Once with PostgreSQL alone, once with Redis as well.
 */
const START = new Date('2026-11-22T04:00:00Z');
const now = () => START;

type Pair = { a: TestApp; b: TestApp; close: () => Promise<void> };

/** Two apps sharing one database, key material and mailbox; each has its own SMS provider. */
async function twoApps(overrides: Record<string, string>): Promise<Pair> {
  // Reading the timetables takes seconds of CPU: done before the apps start, as at a server's start.
  await sharedInventory(testRefdata(), true);
  const database = await createTestDatabase();
  const mailbox = new SmtpSink();
  await mailbox.start();
  const secrets = testSecrets();
  const apps: TestApp[] = [];
  const mailers: Mailer[] = [];
  for (let i = 0; i < 2; i++) {
    const mailer = new Mailer(mailbox.url, 'Junction <no-reply@junction.example>');
    mailers.push(mailer);
    const sms = new LogSmsProvider(() => {});
    const app: FastifyInstance = await buildApp(testConfig(overrides), {
      db: database.db,
      refdata: testRefdata(),
      mailer,
      sms,
      secrets,
      databaseUrl: database.url,
      now,
    });
    await app.ready();
    apps.push({ app, db: database.db, mailbox, sms, close: async () => {} });
  }
  return {
    a: apps[0] as TestApp,
    b: apps[1] as TestApp,
    close: async () => {
      for (const t of apps) await t.app.close();
      for (const m of mailers) m.close();
      await mailbox.stop();
      await database.drop();
    },
  };
}

const oneWay = {
  type: 1 as const,
  mode: 'flight' as const,
  legs: [{ departure: 'BJS', destination: 'SHA', departure_date: '2026/12/10' }],
};

/** Pulls a search through `on` until it is done. */
async function pullAll(on: TestApp, searchId: string): Promise<SearchResult[]> {
  const byId = new Map<string, SearchResult>();
  let cursor = 0;
  for (let i = 0; i < 600; i++) {
    const res = await on.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PullResponse;
    for (const r of body.results) byId.set(r.id, r);
    cursor = body.cursor;
    if (body.done) return [...byId.values()];
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('search never finished');
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function sharedBehaviour(name: string, env: () => Record<string, string>, sessionsIn: 'postgres' | 'redis') {
  describe(`two processes on one database (${name})`, () => {
    let pair: Pair;
    let client: ReturnType<typeof bookingClient>;
    beforeAll(async () => {
      pair = await twoApps({ ...QUIET_SETTINGS, ...env(), RUN_JOBS: 'true' });
      client = bookingClient(pair.a);
    }, 120_000);
    afterAll(() => pair?.close());

    it('books on one process from a search started on the other, signed in on the first', async () => {
      const { a, b } = pair;
      const cookie = await client.signUp();
      // The session made on A is valid on B.
      const me = await b.app.inject({ method: 'GET', url: '/user', headers: { cookie } });
      expect(me.statusCode, me.body).toBe(200);
      expect(currentUserSchema.safeParse(me.json()).success).toBe(true);
      const wei = await client.save(cookie, traveller('张伟', '1985-03-02'));

      const started = await a.app.inject({ method: 'POST', url: '/api/v2/search', payload: oneWay });
      expect(started.statusCode, started.body).toBe(200);
      const { searchId } = started.json() as { searchId: string };
      const results = await pullAll(b, searchId);
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from search_sessions where id = ${searchId}`.execute(a.db);
      expect(rows.rows[0]?.n).toBe(sessionsIn === 'postgres' ? 1 : 0);
      const nonstop = results.find((r) => r.agent === 'own' && r.legs.length === 1);
      expect(nonstop).toBeDefined();

      // B quotes and books the result A's suppliers found; both runners are on, the notice goes out once.
      const offer = await bookingClient(b).offerOf(cookie, searchId, (nonstop as SearchResult).id);
      const smsBefore = a.sms.sent.length + b.sms.sent.length;
      const created = await bookingClient(b).create(cookie, orderBody(offer, searchId, [wei]), randomUUID());
      expect(created.statusCode, created.body).toBe(200);
      const orderId = (created.json() as { id: string }).id;
      await until(() => a.mailbox.received.some((m) => m.to.includes(CONTACT.email)), 'the order mail');
      await until(() => a.sms.sent.length + b.sms.sent.length > smsBefore, 'the order text');
      // Both processes look for jobs every couple of seconds: give the other one time to run it again.
      await new Promise((r) => setTimeout(r, 3000));
      expect(a.mailbox.received.filter((m) => m.to.includes(CONTACT.email))).toHaveLength(1);
      expect(a.sms.sent.length + b.sms.sent.length).toBe(smsBefore + 1);

      // The order and its notice read the same from either process.
      for (const t of [a, b]) {
        const order = await t.app.inject({ method: 'GET', url: `/api/order?id=${orderId}`, headers: { cookie } });
        expect(order.statusCode, order.body).toBe(200);
        const notices = await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } });
        expect(notices.statusCode, notices.body).toBe(200);
        expect(JSON.stringify(notices.json())).toContain(orderId);
      }
    });

    it('signs out on every process at once', async () => {
      const { a, b } = pair;
      const cookie = await client.signUp();
      expect((await b.app.inject({ method: 'POST', url: '/logout', headers: { cookie } })).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'GET', url: '/user', headers: { cookie } })).statusCode).toBe(401);
    });

    it('locks an account after five wrong passwords, wherever each was tried', async () => {
      const { a, b } = pair;
      await client.signUp();
      // The number the sign-up code was texted to (the profile shows it masked).
      const mobile = (a.sms.sent.at(-1)?.to ?? '').replace('+86', '');
      const signIn = (t: TestApp, password: string, i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/login',
          payload: { username: mobile, password, identity: 'mobile' },
          remoteAddress: `10.66.0.${i}`,
        });
      for (let i = 0; i < 5; i++)
        expect((await signIn(i % 2 ? b : a, `wrong${i}pass`, i)).json()).toMatchObject({ errorCode: 1002 });
      for (const t of [a, b]) expect((await signIn(t, 'travel2026', 9)).json()).toMatchObject({ errorCode: 1429 });
    });
  });

  describe(`the API's rate limit over two processes (${name})`, () => {
    let pair: Pair;
    beforeAll(async () => {
      pair = await twoApps({ ...QUIET_SETTINGS, ...env(), RATE_LIMIT_MAX: '6' });
    }, 120_000);
    afterAll(() => pair?.close());

    it('counts the requests of one address to either process together', async () => {
      const { a, b } = pair;
      const ask = (t: TestApp, ip: string) =>
        t.app.inject({ method: 'GET', url: '/api/place?keyword=bei', remoteAddress: ip });
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await ask(i % 2 ? b : a, '10.9.0.1'));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
      expect(answers[6]?.json()).toMatchObject({ errorCode: 1429 });
      // Another address has its own count.
      expect((await ask(a, '10.9.0.2')).statusCode).toBe(200);
      // Sent at once to both, still six pass in a window.
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 ? b : a, '10.9.0.3')));
      expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(6);
    });
  });
}

sharedBehaviour('PostgreSQL alone', () => ({}), 'postgres');

describe.skipIf(skipWithoutRedis())('with Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());
  sharedBehaviour('PostgreSQL and Redis', () => ({ REDIS_URL: redis.url }), 'redis');
});

describe('a search whose starting process died', () => {
  it('ends once every supplier’s time limit has passed, the answers that never came counted as failed', async () => {
    let clock = START.getTime();
    // A supplier asked by a process that then died: its answer never reaches the shared store.
    const lost: Supplier = {
      id: 'lost',
      name: sameInBoth('Lost'),
      kind: 'flight',
      search: () => new Promise<never>(() => {}),
      quote: async () => undefined,
    };
    const t = await createTestApp({ ...QUIET_SETTINGS, SEARCH_SUPPLIER_TIMEOUT_MS: '60000' }, () => new Date(clock), {
      suppliers: () => [lost],
    });
    try {
      const started = await t.app.inject({ method: 'POST', url: '/api/v2/search', payload: oneWay });
      expect(started.statusCode, started.body).toBe(200);
      const { searchId } = started.json() as { searchId: string };
      const pull = async () =>
        (
          await t.app.inject({ method: 'POST', url: '/api/v2/pull', payload: { searchId, cursor: 0 } })
        ).json() as PullResponse;
      expect(await pull()).toMatchObject({ done: false, phase: 'request', answered: 0, total: 1 });
      clock += 64_000;
      expect(await pull()).toMatchObject({ done: false, answered: 0 });
      clock += 2_000;
      expect(await pull()).toMatchObject({ done: true, phase: 'pull', answered: 1, total: 1 });
    } finally {
      await t.close();
    }
  });
});
