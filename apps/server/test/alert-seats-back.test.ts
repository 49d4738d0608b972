import { type NoticePage, type PriceAlert, packSearchLink, searchCriteriaSchema } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { railStock } from '../src/features/search/inventory/fares';
import { ChinaRailwaySupplier } from '../src/features/search/suppliers/rail-supplier';
import { beijingShanghai, bookingClient } from './booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from './harness';
import { registerMobile } from './support/accounts';

const now = () => new Date('2026-11-22T04:00:00Z');
const DATE = '2026/12/10';
const MOBILE = '13900790001';
const EMAIL = 'seats@example.com';

/**
 * The simulated railway's trains sold out in every class, named as its setting names them
 * (`RAIL_SIM_SOLD_OUT`: `G113@2026-12-10,…`); the test changes it as seats come back.
 */
let soldOut = '';

/** Trains from Beijing to Shanghai on the day, as an alert keeps the search. */
const trains = searchCriteriaSchema.parse(beijingShanghai('train', DATE));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, PUBLIC_URL: 'https://junction.example' }, now, {
    suppliers: (inv) => [new ChinaRailwaySupplier(inv, (train, date, seat) => railStock(soldOut)(train, date, seat))],
  });
});
afterAll(() => t.close());

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const alerts = async (cookie: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: { cookie } })).json() as {
      items: PriceAlert[];
    }
  ).items;
const notices = async (cookie: string) =>
  ((await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json() as NoticePage).items;
async function check(cookie: string) {
  await post(cookie, '/alerts-sim/check', {});
  await t.app.jobs?.runDueJobs();
}

describe('a price alert on trains', () => {
  it('tells by notice, e-mail and SMS when seats come back on a sold-out day, and not while it stays sold out', async () => {
    // The day's trains, each with its fare, while they have seats.
    const { results } = await bookingClient(t).search(beijingShanghai('train', DATE));
    const rides = results.filter((r) => r.legs.length === 1 && !r.legs[0]?.soldOut);
    expect(rides.length).toBeGreaterThan(1);
    const day = DATE.replaceAll('/', '-');
    soldOut = results.map((r) => `${r.legs[0]?.number}@${day}`).join(',');

    const cookie = await registerMobile(t, MOBILE, '10.9.79.1');
    await sql`update users set email = ${EMAIL}, email_verified_at = now() where mobile like ${`%${MOBILE}`}`.execute(
      t.db,
    );
    const textsBefore = t.sms.sent.length;
    const made = await post(cookie, '/api/price-alerts', { link: packSearchLink(trains), sms: true });
    expect(made.statusCode, made.body).toBe(200);
    const alert = made.json() as PriceAlert;
    await t.app.jobs?.runDueJobs();
    // Every train sold out: nothing on sale, and a second look finds none either; nobody is told.
    await check(cookie);
    const [sold] = await alerts(cookie);
    expect(sold?.history.map((p) => p.lowestMinor)).toEqual([null, null]);
    expect(await notices(cookie)).toEqual([]);

    // Seats come back on one train (refunds elsewhere): it is on sale again at its fare.
    const back = rides[rides.length - 1];
    const train = back?.legs[0]?.number ?? '';
    soldOut = soldOut
      .split(',')
      .filter((e) => !e.startsWith(`${train}@`))
      .join(',');
    await check(cookie);
    const [after] = await alerts(cookie);
    expect(after?.lowestMinor).toBe(back?.price.amount);
    const told = (await notices(cookie)).filter((n) => n.kind === 'seats-returned');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ alert: alert.id, priceMinor: back?.price.amount });
    expect(told[0]?.params).not.toHaveProperty('wasMinor');
    expect(t.mailbox.received.filter((m) => m.to.includes(EMAIL))).toHaveLength(1);
    const texts = t.sms.sent.slice(textsBefore).filter((s) => s.to.endsWith(MOBILE));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('Shanghai');

    // Seats still on sale at the next check: news once, not again.
    await check(cookie);
    expect((await notices(cookie)).filter((n) => n.kind === 'seats-returned')).toHaveLength(1);
  });
});
