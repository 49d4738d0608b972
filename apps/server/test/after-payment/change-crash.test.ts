import { randomBytes, randomUUID } from 'node:crypto';
import { type SearchResult, ticketChangeSchema } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../../src/features/account/messaging/mailer';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { cardDetails, chargedFor } from '../../src/features/payment/payment.test-support';
import { addJob } from '../../src/jobs/jobs';
import { beijingShanghai, bookingClient } from '../booking-client';
import { appOnDatabase, createTestDatabase, QUIET_SETTINGS, secretsOf, type TestApp } from '../harness';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../server-process';
import { travelDays } from '../support/travel-days';
import { changeClient } from './change-client';

const SETTINGS = {
  ...QUIET_SETTINGS,
  TICKETING_FAILURE_RATE: '0',
  GATEWAY_SIM_LATENCY_MS: '0',
  RAIL_SIM_LATENCY_MS: '0',
};
const secretKey = randomBytes(32).toString('base64');
const dataKey = randomBytes(32).toString('base64');
// The local process's clock runs ahead of the real one by this much, to reach a change's payment deadline.
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
/** The trains' day: nine days after the file's one reading of the clock, within the railway's presale. */
const TRAVEL = travelDays();

type Server = ServerProcess;

/** The server in a process of its own on the test database. */
const startServer = (url: string, env: Record<string, string>): Promise<Server> =>
  startServerProcess({
    ...SETTINGS,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: url,
    RUN_JOBS: 'false',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    SECRET_KEY: secretKey,
    DATA_KEYS: `r1:${dataKey}`,
    ...env,
  });

const kill = (s: Server) => stopServerProcess(s);

/**
 * A change's steps run across server processes killed (SIGKILL) between them: after the change is
 * confirmed and its seats held, while its difference is being paid by card, and while its new ticket is
 * being issued. Another process carries on each time, and the order ends either changed (new ticket
 * issued once, the old one changed, the difference taken once) or untouched with the new seats given
 * back — never two live tickets, never money lost.
 */
describe('a change survives killed server processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let mailbox: SmtpSink;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    mailbox = new SmtpSink();
    await mailbox.start();
    a = await appOnDatabase(
      database,
      mailbox,
      { ...SETTINGS, TICKETING_DELAY_MS: '0', JOB_STALE_LOCK_SECONDS: '1', PAYMENT_SETTLE_AFTER_MS: '0' },
      { secrets: secretsOf(secretKey, dataKey), now },
    );
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await kill(s);
    await a?.close();
    await mailbox?.stop();
    await database?.drop();
  });

  const count = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(a.db)).rows[0]?.n ?? 0);
  const subStatus = async (id: string) =>
    (await a.db.selectFrom('subOrders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const liveHolds = (orderId: string) =>
    a.db
      .selectFrom('seatHolds')
      .select(['stockKey', 'seats'])
      .where('orderId', '=', orderId)
      .where('releasedAt', 'is', null)
      .execute();
  const heldIn = async (key: string) =>
    Number((await a.db.selectFrom('seatStock').select('held').where('key', '=', key).executeTakeFirst())?.held ?? 0);

  it('ends changed or untouched, once, whichever step the process dies at', async () => {
    const trains = await bookingClient(a).search(beijingShanghai('train', TRAVEL.day(9)));
    const k = changeClient(a, trains);
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const [booked, dearer] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const order = await k.ticketedTrain(cookie, booked);
    const old = order.subOrders[0]?.id as string;
    const [oldHold] = await liveHolds(order.id);
    if (!oldHold) throw new Error('the booking holds no seats');
    const q = await k.quote(cookie, order.id, old, dearer);
    expect(q.due.amount).toBeGreaterThan(0);

    // 1. Killed once the change is confirmed and its seats held: the process that carries on lapses it at its
    //    deadline, and the order is as before — the old ticket live, the new seats given back.
    const b = await startServer(database.url, {});
    servers.push(b);
    const sent = fetch(`${b.url}/api/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(k.confirmBody(q, dearer)),
    }).catch(() => undefined);
    while ((await count(sql`select count(*) as n from ticket_changes where order_id = ${order.id}`)) === 0)
      await new Promise((r) => setTimeout(r, 50));
    await kill(b);
    await sent;
    const lapsing = await a.db
      .selectFrom('ticketChanges')
      .selectAll()
      .where('orderId', '=', order.id)
      .executeTakeFirstOrThrow();
    const newKey = lapsing.seatKey as string;
    expect(await heldIn(newKey)).toBeGreaterThan(0);
    ahead = 31 * 60_000;
    await k.runJobs();
    expect((await k.order(cookie, order.id)).status).toBe(5);
    expect(await subStatus(old)).toBe('5');
    expect(await subStatus(lapsing.newSubOrderId)).toBe('8');
    expect((await liveHolds(order.id)).map((h) => h.stockKey)).toEqual([oldHold.stockKey]);
    expect(await heldIn(newKey)).toBe(0);
    ahead = 0;

    // 2. The same change again, its difference paid by card at a process killed once the card is captured:
    //    the next process's reconciliation settles the payment once.
    const confirmed = await k.confirm(cookie, await k.quote(cookie, order.id, old, dearer), dearer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    const c = await startServer(database.url, { PAYMENT_CRASH_AT: 'captured', GATEWAY_SIM_LATENCY_MS: '5' });
    servers.push(c);
    const token = await fetch(`${c.url}/gateway-sim/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(cardDetails(TEST_CARDS.visa)),
    }).then(async (r) => ((await r.json()) as { token: string }).token);
    await fetch(`${c.url}/api/order/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ orderId: order.id, method: { kind: 'card', token } }),
    }).catch(() => undefined);
    await kill(c);
    expect(c.child.signalCode).toBe('SIGKILL');
    await a.app.payments.reconcile(true);
    await a.app.payments.reconcile(true);
    expect((await k.order(cookie, order.id)).status).toBe(4);

    // 3. A job runner issuing the new ticket slowly is killed while it is with the railway's desk.
    const r = await startServer(database.url, { RUN_JOBS: 'true', TICKETING_DELAY_MS: '1500' });
    servers.push(r);
    // Issuing (2), or on a slow machine already issued (5): either way the runner dies now.
    while (!['2', '5'].includes(String(await subStatus(change.newSubOrderId))))
      await new Promise((res) => setTimeout(res, 50));
    await kill(r);
    for (let i = 0; i < 20 && (await subStatus(change.newSubOrderId)) !== '5'; i++) {
      await new Promise((res) => setTimeout(res, 1100));
      await addJob(a.db, 'fulfilment.reconcile', {});
      await k.runJobs(2);
    }

    // Changed once (the new ticket issued, the old one changed, one live hold on the new train, the card
    // charged the difference once), or — when a busy machine used up the new ticket's tries — untouched: the
    // old ticket live on its train and the difference back on the card. Never both tickets live.
    await k.runJobs(4);
    expect((await k.order(cookie, order.id)).status).toBe(5);
    const changed = (await subStatus(old)) === '4';
    console.info(`the change ended ${changed ? 'changed' : 'failed, the old ticket standing'}`);
    expect([await subStatus(old), await subStatus(change.newSubOrderId)]).toEqual(changed ? ['4', '5'] : ['5', '8']);
    const tickets = await a.db.selectFrom('tickets').select(['subOrderId', 'ticketNumber']).execute();
    expect(tickets.filter((x) => x.subOrderId === change.newSubOrderId)).toHaveLength(changed ? 1 : 0);
    expect(new Set(tickets.map((x) => x.ticketNumber)).size).toBe(tickets.length);
    expect((await liveHolds(order.id)).map((h) => h.stockKey)).toEqual([changed ? newKey : oldHold.stockKey]);
    expect(await heldIn(changed ? oldHold.stockKey : newKey)).toBe(0);
    const changes = await a.db.selectFrom('ticketChanges').select('status').where('orderId', '=', order.id).execute();
    expect(changes.map((x) => x.status).sort()).toEqual([changed ? 'done' : 'failed', 'lapsed']);
    const money = await chargedFor(a.db, order.id);
    expect(money).toEqual({ captured: q.due.amount, refunded: changed ? 0 : q.due.amount, captures: 1 });
    const told = changed ? 'ticket-changed' : 'change-failed';
    expect(await count(sql`select count(*) as n from notifications where kind = ${told}`)).toBe(1);
  }, 600_000);
});
