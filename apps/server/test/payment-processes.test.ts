import { randomBytes, randomUUID } from 'node:crypto';
import { apiErrorSchema, ERRORS, type Order, paymentStateSchema } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { Mailer, SmtpSink } from '../src/features/account/messaging/mailer';
import { LogSmsProvider } from '../src/features/account/messaging/sms';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { signWebhook } from '../src/features/payment/gateway/webhook-signature';
import type { CrashPoint } from '../src/features/payment/payment.service';
import { cardDetails, chargedFor, payingTraveller } from '../src/features/payment/payment.test-support';
import { Keyring } from '../src/lib/crypto';
import { createTestDatabase, QUIET_SETTINGS, type TestApp, testConfig, testRefdata } from './harness';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * Payment across real server processes on one database: parallel requests through two processes, and
 * processes killed (SIGKILL) at each step of the pay flow, then restarted and reconciled.
 */
const SECRET_KEY = randomBytes(32).toString('base64');
const DATA_KEY = randomBytes(32);
const WEBHOOK_SECRET = 'process-test-webhook-secret-0123';
const secrets = () => ({
  hmacKey: Buffer.from(SECRET_KEY, 'base64'),
  keyring: new Keyring(new Map([['p1', DATA_KEY]]), 'p1'),
});

type Server = ServerProcess;

/** Starts `main.ts` in a process of its own on the test database; its log is kept for the scan. */
const startServer = (databaseUrl: string, env: Record<string, string> = {}): Promise<Server> =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'debug',
    RUN_JOBS: 'false',
    WEB_DIST: '/nonexistent',
    SECRET_KEY,
    DATA_KEYS: `p1:${DATA_KEY.toString('base64')}`,
    GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    GATEWAY_SIM_LATENCY_MS: '5',
    SEARCH_PLANNER_WORKER: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMIT_MAX: '1000000',
    PAYMENT_WAIT_MS: '30000',
    ...env,
  });

/** The app in this process on the same database: it makes the orders and, after a crash, reconciles. */
async function localApp(url: string, db: Db): Promise<TestApp> {
  const mailbox = new SmtpSink();
  await mailbox.start();
  const mailer = new Mailer(mailbox.url, 'Junction <no-reply@junction.example>');
  const sms = new LogSmsProvider(() => {});
  const app = await buildApp(
    testConfig({
      ...QUIET_SETTINGS,
      GATEWAY_SIM_LATENCY_MS: '0',
      GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENT_SETTLE_AFTER_MS: '0',
    }),
    { db, refdata: testRefdata(), mailer, sms, secrets: secrets(), databaseUrl: url },
  );
  await app.ready();
  return {
    app,
    db,
    mailbox,
    sms,
    close: async () => {
      await app.close();
      mailer.close();
      await mailbox.stop();
    },
  };
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let local: TestApp;
let p: Awaited<ReturnType<typeof payingTraveller>>;
const servers: Server[] = [];
const logs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  local = await localApp(database.url, database.db);
  p = await payingTraveller(local, new Date());
}, 180_000);
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await local?.close();
  await database?.drop();
});

async function tokenAt(server: Server, number: string): Promise<string> {
  const res = await fetch(`${server.url}/gateway-sim/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: p.cookie },
    body: JSON.stringify(cardDetails(number)),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

function payAt(server: Server, orderId: string, token: string, key: string) {
  return fetch(`${server.url}/api/order/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: p.cookie, 'idempotency-key': key },
    body: JSON.stringify({ orderId, method: { kind: 'card', token } }),
  });
}

const charged = (orderId: string) => chargedFor(database.db, orderId);

/** Paid exactly once and charged the order's price, or not paid and charged nothing. */
async function expectOnceOrNot(order: Order): Promise<'paid' | 'unpaid'> {
  const now = await p.get(order.id);
  const money = await charged(order.id);
  const attempts = await database.db
    .selectFrom('paymentAttempts')
    .select(['state'])
    .where('orderId', '=', order.id)
    .execute();
  expect(attempts.filter((a) => ['created', 'action', 'capturing', 'unknown'].includes(a.state))).toEqual([]);
  if (now.status === 2) {
    expect(now.paymentStatus).toBe(2);
    expect(money).toEqual({ captured: order.payment.price.amount, refunded: 0, captures: 1 });
    expect(attempts.filter((a) => a.state === 'succeeded')).toHaveLength(1);
    return 'paid';
  }
  expect(now).toMatchObject({ status: 0, paymentStatus: 0 });
  expect(money.captured - money.refunded).toBe(0);
  return 'unpaid';
}

describe('two server processes on one database', () => {
  it('capture once for 50 parallel payments of one order, over 8 rounds; the others answer 2000 or the same result', async () => {
    const a = await startServer(database.url);
    const b = await startServer(database.url);
    servers.push(a, b);
    for (let round = 0; round < 8; round++) {
      const order = await p.order();
      const shared = randomUUID();
      const sharedToken = await tokenAt(a, TEST_CARDS.visa);
      const tokens = await Promise.all(Array.from({ length: 25 }, (_, i) => tokenAt(i % 2 ? a : b, TEST_CARDS.visa)));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const server = i % 2 === 0 ? a : b;
          return i % 2 === 0
            ? payAt(server, order.id, sharedToken, shared)
            : payAt(server, order.id, tokens[(i - 1) / 2] as string, randomUUID());
        }),
      );
      const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, body: await r.json() })));
      const ok = bodies.filter((r) => r.status === 200).map((r) => paymentStateSchema.parse(r.body));
      const refused = bodies.filter((r) => r.status !== 200).map((r) => apiErrorSchema.parse(r.body).errorCode);
      expect(ok.length, `round ${round}`).toBeGreaterThan(0);
      expect(new Set(ok.map((s) => s.attemptId)).size).toBe(1);
      expect(ok.every((s) => s.outcome === 'succeeded')).toBe(true);
      expect(
        refused.every((c) => c === ERRORS.ORDER_ALREADY_PAID.errorCode),
        JSON.stringify(refused),
      ).toBe(true);
      expect(await expectOnceOrNot(order)).toBe('paid');
    }
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
    logs.push(a.output(), b.output());
  }, 600_000);
});

describe('a server killed at each step of the pay flow', () => {
  const payAndDie = async (
    point: CrashPoint,
    card: string,
    after?: (server: Server, orderId: string, pay: Promise<Response>) => Promise<void>,
  ) => {
    const server = await startServer(database.url, { PAYMENT_CRASH_AT: point });
    servers.push(server);
    const order = await p.order();
    const token = await tokenAt(server, card);
    const pay = payAt(server, order.id, token, randomUUID());
    if (after) await after(server, order.id, pay);
    else await pay.catch(() => undefined);
    const code = await server.exited;
    logs.push(server.output());
    expect(server.child.signalCode ?? code).toBe('SIGKILL');
    // Restart: a process of the same app reconciles, twice over (the second changes nothing).
    await local.app.payments.reconcile(true);
    await local.app.payments.reconcile(true);
    return order;
  };

  const cases: [CrashPoint, string, 'paid' | 'unpaid'][] = [
    ['attempt-recorded', TEST_CARDS.visa, 'unpaid'],
    ['intent-created', TEST_CARDS.visa, 'unpaid'],
    ['confirmed', TEST_CARDS.mastercard, 'paid'],
    ['before-capture', TEST_CARDS.visa, 'paid'],
    ['captured', TEST_CARDS.unionpay, 'paid'],
    ['before-commit', TEST_CARDS.visa, 'paid'],
    ['after-commit', TEST_CARDS.visa, 'paid'],
    ['failed-before-commit', TEST_CARDS.declined, 'unpaid'],
  ];
  for (const [point, card, expected] of cases) {
    it(`settles an order once after a kill at "${point}"`, async () => {
      const order = await payAndDie(point, card);
      expect(await expectOnceOrNot(order)).toBe(expected);
      // An unpaid order can still be paid, once.
      if (expected === 'unpaid') {
        const res = await p.pay(order.id, await p.token());
        expect(paymentStateSchema.parse(res.json()).outcome).toBe('succeeded');
        expect(await expectOnceOrNot(order)).toBe('paid');
      }
    }, 120_000);
  }

  for (const point of ['webhook-received', 'webhook-before-commit'] as const) {
    it(`settles a 3-D Secure payment once after a kill "${point}"`, async () => {
      const order = await payAndDie(point, TEST_CARDS.threeDSecure, async (server, orderId, pay) => {
        const state = paymentStateSchema.parse(await (await pay).json());
        expect(state.outcome).toBe('action');
        const passed = await fetch(`${server.url}${state.actionUrl}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
          body: 'result=pass',
          redirect: 'manual',
        });
        expect(passed.status).toBe(303);
        // The processor's webhook reaches the server, which dies handling it.
        const intent = await database.db
          .selectFrom('paymentAttempts')
          .select('intentId')
          .where('orderId', '=', orderId)
          .executeTakeFirstOrThrow();
        const event = await database.db
          .selectFrom('gatewaySimEvents')
          .selectAll()
          .where('intentId', '=', intent.intentId as string)
          .where('type', '=', 'payment_intent.amount_capturable_updated')
          .executeTakeFirstOrThrow();
        const body = JSON.stringify({
          id: event.id,
          type: event.type,
          created: Math.floor(event.createdAt.getTime() / 1000),
          data: { intentId: event.intentId, refundId: null },
        });
        await fetch(`${server.url}/api/payment/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'gateway-signature': signWebhook(WEBHOOK_SECRET, body, Date.now()),
          },
          body,
        }).catch(() => undefined);
      });
      expect(await expectOnceOrNot(order)).toBe('paid');
    }, 120_000);
  }
});

describe('card data at rest and in logs', () => {
  it('no table and no server log holds a test card number or security code', async () => {
    const numbers = Object.values(TEST_CARDS);
    const tables = await sql<{ schemaname: string; tablename: string }>`
      select schemaname, tablename from pg_tables where schemaname in ('public', 'graphile_worker')`.execute(
      database.db,
    );
    expect(tables.rows.length).toBeGreaterThan(20);
    for (const { schemaname, tablename } of tables.rows) {
      const rows = await sql<{
        row: string;
      }>`select row_to_json(t)::text as row from ${sql.table(`${schemaname}.${tablename}`)} t`.execute(database.db);
      for (const { row } of rows.rows) {
        for (const n of numbers) expect(row, `${tablename}`).not.toContain(n);
        expect(row, tablename).not.toMatch(/"cvc"|"cvv"/i);
      }
    }
    expect(logs.length).toBeGreaterThan(2);
    for (const log of logs) {
      for (const n of numbers) expect(log).not.toContain(n);
      expect(log).not.toMatch(/"cvc":|"cvv":/i);
    }
  });
});
