import { randomBytes, randomUUID } from 'node:crypto';
import { apiErrorSchema, bookingOfferSchema, type SearchResult, toRequestDate } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../src/features/account/messaging/mailer';
import { sharedInventory } from '../src/features/search/inventory/inventory';
import { bookingClient, orderBody, traveller } from './booking-client';
import { appOnDatabase, createTestDatabase, QUIET_SETTINGS, secretsOf, type TestApp, testRefdata } from './harness';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process';

const SETTINGS = {
  ...QUIET_SETTINGS,
  // Every buyer names one contact address.
  ORDER_CONTACT_UNPAID_MAX: '100000',
};
const secretKey = randomBytes(32).toString('base64');
const dataKey = randomBytes(32).toString('base64');

/**
 * Two server processes on one database: this test's app (process A) and a real server started with
 * `main.ts` (process B). 200 buyers, half on each, race for the last 5 seats of a class on a train.
 */
describe('the last seats of a train, two server processes', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: ServerProcess | undefined;
  let bUrl = '';
  let mailbox: SmtpSink;

  beforeAll(async () => {
    database = await createTestDatabase();
    const started = startServerProcess({
      ...SETTINGS,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: database.url,
      RUN_JOBS: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      SECRET_KEY: secretKey,
      DATA_KEYS: `r1:${dataKey}`,
    });
    mailbox = new SmtpSink();
    await mailbox.start();
    await sharedInventory(testRefdata(), false);
    a = await appOnDatabase(database, mailbox, SETTINGS, { secrets: secretsOf(secretKey, dataKey) });
    // Process B is up once it answers its health check.
    b = await started;
    bUrl = b.url;
  }, 240_000);

  afterAll(async () => {
    if (b) await stopServerProcess(b, 'SIGTERM');
    await a?.app.close();
    await mailbox?.stop();
    await database?.drop();
  });

  it('sells the last 5 seats to at most 5 of 200 buyers; everyone else hears remaining tickets insufficient', async () => {
    const client = bookingClient(a);
    const buyers: { cookie: string; who: Awaited<ReturnType<typeof client.save>> }[] = [];
    for (let i = 0; i < 4; i++) {
      // Accounts made on process A are known to process B: sessions live in the shared database.
      const cookie = await client.signUp();
      buyers.push({ cookie, who: await client.save(cookie, traveller(`赵${'甲乙丙丁'[i]}`, `19${80 + i}-02-1${i}`)) });
    }
    const date = toRequestDate(new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
    const criteria = { type: 1, mode: 'train', legs: [{ departure: 'BJS', destination: 'SHA', departure_date: date }] };
    const onA = await client.search(criteria as Parameters<typeof client.search>[0]);
    const onB = await searchOnB(bUrl, criteria);
    const train = onA.results.find(
      (r) => r.legs.length === 1 && onB.results.some((x) => x.id === r.id),
    ) as SearchResult;
    expect(train).toBeDefined();
    const offerA = await client.offerOf(buyers[0]?.cookie as string, onA.searchId, train.id);
    const leg = offerA.result.legs[0];
    const seatClass = leg?.cabin as string;
    const key = `rail:${leg?.number}:${leg?.departureTime.slice(0, 10)}:${seatClass}`;
    await sql`insert into seat_stock (key, capacity, held) values (${key}, 5, 0)`.execute(a.db);

    const offerB = bookingOfferSchema.parse(
      await (
        await fetch(
          `${bUrl}/api/booking/offer?${new URLSearchParams({ searchId: onB.searchId, resultId: train.id })}`,
          {
            headers: { cookie: buyers[0]?.cookie as string },
          },
        )
      ).json(),
    );
    expect(offerB.remaining.find((r) => r.leg === 0 && r.seatClass === seatClass)?.remaining).toBe(5);

    const attempts = Array.from({ length: 200 }, (_, i) => {
      const buyer = buyers[i % buyers.length] as (typeof buyers)[number];
      if (i % 2 === 0) {
        return client
          .create(buyer.cookie, orderBody(offerA, onA.searchId, [buyer.who]))
          .then((r) => ({ status: r.statusCode, body: r.json() as unknown }));
      }
      return fetch(`${bUrl}/api/order`, {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(orderBody(offerB, onB.searchId, [buyer.who])),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    });
    const answers = await Promise.all(attempts);
    const sold = answers.filter((x) => x.status === 200);
    const refused = answers.filter((x) => x.status !== 200);
    console.info(`200 buyers on two processes: ${sold.length} orders, ${refused.length} refused`);
    expect(sold.length).toBeLessThanOrEqual(5);
    expect(sold.length).toBeGreaterThan(0);
    for (const r of refused) expect(apiErrorSchema.parse(r.body).errorCode).toBe(2007);
    const stock = await a.db.selectFrom('seatStock').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(stock.held).toBe(sold.length);
    const holds = await a.db.selectFrom('seatHolds').selectAll().where('stockKey', '=', key).execute();
    expect(holds).toHaveLength(sold.length);
  }, 240_000);
});

async function searchOnB(base: string, criteria: unknown): Promise<{ searchId: string; results: SearchResult[] }> {
  const started = await fetch(`${base}/api/v2/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(criteria),
  });
  const { searchId } = (await started.json()) as { searchId: string };
  const results: SearchResult[] = [];
  let cursor = 0;
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${base}/api/v2/pull`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchId, cursor }),
    });
    const body = (await res.json()) as { results: SearchResult[]; cursor: number; done: boolean };
    results.push(...body.results);
    cursor = body.cursor;
    if (body.done) break;
    await new Promise((r) => setTimeout(r, 30));
  }
  return { searchId, results };
}
