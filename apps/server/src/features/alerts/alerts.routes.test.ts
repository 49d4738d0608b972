import { apiErrorSchema, type NoticePage, type PriceAlert, packSearchLink } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnDatabase, createTestApp, QUIET_SETTINGS, type TestApp } from '../../../test/harness';
import { registerMobile } from '../../../test/support/accounts';
import { flightsFromBeijing } from '../../../test/support/search-criteria';
import { addJob } from '../../jobs/jobs';
import { HISTORY_POINTS } from './alerts.repository';
import { alertEvent } from './alerts.service';
import { sweepOnBoth } from './alerts.test-support';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);
const SETTINGS = { ...QUIET_SETTINGS, ALERTS_PER_USER: '2', PUBLIC_URL: 'https://junction.example' };

const criteria = (destination = 'SHA', date = '2026/12/10') => flightsFromBeijing(destination, date);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SETTINGS, now);
});
afterAll(() => t.close());

let counter = 0;
let lastMobile = '';
async function traveller(): Promise<string> {
  const mobile = `1390077${String(1000 + counter++).padStart(4, '0')}`;
  lastMobile = mobile;
  const cookie = await registerMobile(t, mobile, `10.9.7.${counter}`);
  // The account's verified address, where its notices are mailed.
  await sql`update users set email = ${`alert${counter}@example.com`}, email_verified_at = now()
    where mobile like ${`%${mobile}`}`.execute(t.db);
  return cookie;
}

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const list = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: { cookie } })).json() as {
    items: PriceAlert[];
    max: number;
  };
const notices = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json() as NoticePage;
const runJobs = () => t.app.jobs?.runDueJobs();

describe('price alerts', () => {
  it('watch a search, tell once by notice, e-mail and SMS when its lowest price falls, and keep the history', async () => {
    const cookie = await traveller();
    const made = await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria()), sms: true });
    expect(made.statusCode, made.body).toBe(200);
    const alert = made.json() as PriceAlert;
    await runJobs();
    const first = (await list(cookie)).items[0];
    expect(first?.lowestMinor).toBeGreaterThan(0);
    expect(first?.history).toHaveLength(1);
    // Searched again with no change: recorded, nobody told.
    clock += 4 * 3600_000;
    await t.app.jobs?.runDueJobs();
    await post(cookie, '/alerts-sim/check', {});
    await runJobs();
    expect((await notices(cookie)).items.filter((n) => n.kind === 'price-fell')).toEqual([]);

    const sale = await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'SHA', percentOff: 30 });
    expect(sale.statusCode, sale.body).toBe(200);
    await post(cookie, '/alerts-sim/check', {});
    await runJobs();
    const after = (await list(cookie)).items[0] as PriceAlert;
    expect(after.lowestMinor).toBeLessThan(first?.lowestMinor ?? 0);
    expect(after.history.map((p) => p.lowestMinor)).toEqual([
      first?.lowestMinor,
      first?.lowestMinor,
      after.lowestMinor,
    ]);
    const told = (await notices(cookie)).items.filter((n) => n.kind === 'price-fell');
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({
      alert: alert.id,
      priceMinor: after.lowestMinor,
      wasMinor: first?.lowestMinor,
    });
    const mail = t.mailbox.received.find((m) => m.raw.includes(`open=3D${alert.id}`) || m.raw.includes(alert.id));
    expect(mail?.raw).toContain('price-alerts');
    expect(t.sms.sent.some((s) => s.text.includes('Beijing') && s.text.includes('Shanghai'))).toBe(true);
    await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'SHA', percentOff: 0 });
  });

  it('keep at most the configured number, refuse a link that is no search, and are nobody else’s', async () => {
    const cookie = await traveller();
    const other = await traveller();
    const a = (await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('SHA')), sms: false })).json();
    // The same search twice is the one alert.
    const again = (await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('SHA')) })).json();
    expect(again.id).toBe(a.id);
    await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CAN')) });
    const third = await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('SZX')) });
    expect(third.statusCode).toBe(422);
    expect(apiErrorSchema.parse(third.json())).toMatchObject({ errorCode: 3302, params: { max: 2 } });
    const bad = await post(cookie, '/api/price-alerts', { link: 'not-a-search' });
    expect(bad.statusCode).toBe(400);
    expect((await post(other, '/api/price-alerts/pause', { id: a.id, paused: true })).statusCode).toBe(404);
    expect((await post(other, '/api/price-alerts/delete', { id: a.id })).statusCode).toBe(404);
    const paused = (await post(cookie, '/api/price-alerts/pause', { id: a.id, paused: true })).json() as PriceAlert;
    expect(paused.status).toBe('paused');
    expect((await post(cookie, '/api/price-alerts/delete', { id: a.id })).statusCode).toBe(200);
    expect((await list(cookie)).items.map((i) => i.id)).not.toContain(a.id);
    expect((await list(other)).items).toEqual([]);
  });

  it('take tracking a watched search again as the new choice of texts, watching again if paused', async () => {
    const cookie = await traveller();
    const link = packSearchLink(criteria('KMG'));
    const made = (await post(cookie, '/api/price-alerts', { link, sms: false })).json() as PriceAlert;
    await runJobs();
    await post(cookie, '/api/price-alerts/pause', { id: made.id, paused: true });
    const again = await post(cookie, '/api/price-alerts', { link, sms: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: made.id, sms: true, status: 'active' });
    expect((again.json() as PriceAlert).history).toHaveLength(1);
    expect((await list(cookie)).items).toMatchObject([{ id: made.id, sms: true, status: 'active' }]);
    const off = (await post(cookie, '/api/price-alerts', { link, sms: false })).json() as PriceAlert;
    expect(off).toMatchObject({ id: made.id, sms: false, status: 'active' });
  });

  it('text an owner who asked for texts only, and never an account without a mobile number', async () => {
    const cookie = await traveller();
    const mobile = lastMobile;
    const made = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('WUH')), sms: false })
    ).json() as PriceAlert;
    await runJobs();
    await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'WUH', percentOff: 30 });
    await post(cookie, '/alerts-sim/check', {});
    await runJobs();
    await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'WUH', percentOff: 0 });
    const told = (await notices(cookie)).items.filter((n) => n.kind === 'price-fell');
    expect(told.map((n) => n.params)).toMatchObject([{ alert: made.id }]);
    expect(t.sms.sent.filter((m) => m.to.endsWith(mobile) && /Wuhan|武汉/.test(m.text))).toEqual([]);

    const noMobile = await traveller();
    await sql`update users set mobile = null, mobile_country = null where mobile like ${`%${lastMobile}`}`.execute(
      t.db,
    );
    const refused = await post(noMobile, '/api/price-alerts', { link: packSearchLink(criteria('WUH')), sms: true });
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({ errorCode: 1000, params: { field: 'sms' } });
    expect((await list(noMobile)).items).toEqual([]);
    const byMail = await post(noMobile, '/api/price-alerts', { link: packSearchLink(criteria('WUH')), sms: false });
    expect(byMail.statusCode, byMail.body).toBe(200);
  });

  it('keep the checks their chart shows and no more', async () => {
    const cookie = await traveller();
    const made = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('NKG')) })
    ).json() as PriceAlert;
    await runJobs();
    // Forty checks made long ago, as an alert watched for weeks has.
    await sql`insert into price_alert_points (alert_id, version, seen_at, lowest_minor)
      select ${made.id}, v, now() - make_interval(days => 60 - v), 80000 from generate_series(2, 41) v`.execute(t.db);
    await sql`update price_alerts set version = 41 where id = ${made.id}`.execute(t.db);
    await post(cookie, '/alerts-sim/check', {});
    await runJobs();
    const kept = await sql<{ n: number; last: number }>`
      select count(*)::int as n, max(version) as last from price_alert_points where alert_id = ${made.id}`.execute(
      t.db,
    );
    expect(kept.rows[0]).toEqual({ n: HISTORY_POINTS, last: 42 });
    expect((await list(cookie)).items[0]?.history).toHaveLength(HISTORY_POINTS);
  });

  it('are searched once per check across two server processes, and told once', async () => {
    const cookie = await traveller();
    const made = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CTU')) })
    ).json() as PriceAlert;
    await runJobs();
    await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'CTU', percentOff: 25 });
    const url = t.databaseUrl ?? '';
    const second = await appOnDatabase({ url, db: t.db }, t.mailbox, SETTINGS, { now });
    try {
      // Both processes hold the schedule and sweep at once; each alert is searched and told once.
      await sweepOnBoth(t, second, () => post(cookie, '/alerts-sim/check', {}));
    } finally {
      await second.close();
    }
    const alert = (await list(cookie)).items.find((i) => i.id === made.id);
    expect(alert?.history).toHaveLength(2);
    expect((await notices(cookie)).items.filter((n) => n.kind === 'price-fell')).toHaveLength(1);
  });

  it('search a state once when a second check is asked for while the first runs', async () => {
    const cookie = await traveller();
    const made = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CTU')) })
    ).json() as PriceAlert;
    await runJobs();
    await post(cookie, '/alerts-sim/check', {});
    const { version } = await t.db
      .selectFrom('priceAlerts')
      .select('version')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    await runJobs();
    // Another process's sweep asked for the same state while that check ran: its job waits for after it.
    await addJob(t.db, 'alerts.check', { alertId: made.id, version });
    await runJobs();
    expect((await list(cookie)).items.find((i) => i.id === made.id)?.history).toHaveLength(2);
  });

  it('end when their travel date has passed, keeping the last price, and never hold back the others', async () => {
    const cookie = await traveller();
    const soon = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('XMN', '2026/11/24')) })
    ).json();
    const later = (await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('XMN')) })).json();
    await runJobs();
    const before = (await list(cookie)).items.find((i) => i.id === soon.id) as PriceAlert;
    expect(before.lowestMinor).toBeGreaterThan(0);
    const back = clock;
    try {
      clock = new Date('2026-11-25T04:00:00Z').getTime();
      expect((await post(cookie, '/alerts-sim/check', {})).json()).toEqual({ queued: 2 });
      await runJobs();
      const items = (await list(cookie)).items;
      const ended = items.find((i) => i.id === soon.id) as PriceAlert;
      expect(ended.status).toBe('ended');
      expect(ended.lowestMinor).toBe(before.lowestMinor);
      expect(ended.history).toHaveLength(1);
      expect(items.find((i) => i.id === later.id)?.history).toHaveLength(2);
      // An ended alert is searched no more, and stays ended when its owner tries to resume it.
      expect((await post(cookie, '/alerts-sim/check', {})).json()).toEqual({ queued: 1 });
      await runJobs();
      const resumed = await post(cookie, '/api/price-alerts/pause', { id: soon.id, paused: false });
      expect((resumed.json() as PriceAlert).status).toBe('ended');
    } finally {
      clock = back;
    }
  });

  it('tell a fall or seats back after a first check, never on the first', () => {
    expect(alertEvent(false, null, 100)).toBeNull();
    expect(alertEvent(true, 200, 100)).toBe('price-fell');
    expect(alertEvent(true, 100, 100)).toBeNull();
    expect(alertEvent(true, 100, 200)).toBeNull();
    expect(alertEvent(true, null, 100)).toBe('seats-returned');
    expect(alertEvent(true, 100, null)).toBeNull();
  });
});
