import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type NoticePage, type PriceAlert, packSearchLink } from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIET_SETTINGS, type TestApp } from './harness';
import { type ServerProcess, startServerProcess, stopServerProcess } from './server-process';
import { accountMaker } from './support/accounts';
import { flightsFromBeijing } from './support/search-criteria';
import { sharedDatabase } from './support/shared-database';
import { travelDays } from './support/travel-days';

/**
 * Price alerts over two real server processes (`main.ts`, compiled) on one database, each running jobs
 * and holding the alerts' sweep on its schedule, with the simulated flight sellers: when both sweep at
 * once, each alert is still searched once per check, and a fall is told once by notice, e-mail and SMS.
 */
const TRAVEL = travelDays();
const DAY = TRAVEL.day(30);

const flights = (destination: string) => flightsFromBeijing(destination, DAY);

let shared: Awaited<ReturnType<typeof sharedDatabase>>;
/** This process's app on the same database, for signing up (it runs no jobs). */
let desk: TestApp;
let servers: ServerProcess[] = [];
/** The processes being started, so that they are stopped even when the start outlasts its hook. */
let starting: Promise<ServerProcess>[] = [];
let outbox = '';
let signUp: ReturnType<typeof accountMaker>;

beforeAll(async () => {
  shared = await sharedDatabase();
  desk = await shared.app({ ...QUIET_SETTINGS, ALERT_SWEEP_CRON: 'off' });
  signUp = accountMaker(desk, '1390078', 78);
  outbox = path.join(await mkdtemp(path.join(os.tmpdir(), 'alerts-')), 'sms.jsonl');
  const env = shared.processEnv({
    ...QUIET_SETTINGS,
    RUN_JOBS: 'true',
    // Every minute in both: each holds the schedule, as every process of the site does.
    ALERT_SWEEP_CRON: '* * * * *',
    JOB_POLL_MS: '500',
    // Flights only: door-to-door planning stays in one thread of its own, yielding the cores, and the
    // process answers once its flights are read instead of after the door-to-door timetables.
    SEARCH_PLANNER_WORKER: 'true',
    SEARCH_PLANNER_WORKERS: '1',
    SEARCH_PLANNER_NICE: '19',
    SMTP_URL: shared.mailbox.url,
    SMS_OUTBOX_FILE: outbox,
  });
  starting = [startServerProcess(env), startServerProcess(env)];
  servers = await Promise.all(starting);
  // Two processes at once, each within the three minutes a start may take on a busy machine.
}, 360_000);

afterAll(async () => {
  for (const s of await Promise.allSettled(starting))
    if (s.status === 'fulfilled') await stopServerProcess(s.value, 'SIGTERM');
  await desk?.app.close();
  await shared?.close();
  if (outbox) await rm(path.dirname(outbox), { recursive: true, force: true });
});

async function call<T>(server: ServerProcess | undefined, url: string, cookie: string, body?: object): Promise<T> {
  const res = await fetch(`${server?.url}${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** A traveller signed up on this process's app, with a verified e-mail address where notices go. */
async function traveller(): Promise<{ cookie: string; mobile: string; email: string }> {
  const { cookie, mobile } = await signUp();
  const email = `watch${mobile}@example.com`;
  await sql`update users set email = ${email}, email_verified_at = now() where mobile like ${`%${mobile}`}`.execute(
    desk.db,
  );
  return { cookie, mobile, email };
}

const alertsOf = async (cookie: string) =>
  (await call<{ items: PriceAlert[] }>(servers[1], '/api/price-alerts', cookie)).items;
const falls = async (cookie: string) =>
  (await call<NoticePage>(servers[0], '/notifications', cookie)).items.filter((n) => n.kind === 'price-fell');
const mailTo = (email: string) => shared.mailbox.received.filter((m) => m.to.includes(email));
function textsTo(mobile: string): { to: string; text: string }[] {
  if (!existsSync(outbox)) return [];
  return readFileSync(outbox, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to.endsWith(mobile));
}

/** Waits for a state, however long a busy machine takes: the test's limit bounds it. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

/** How many checks each alert has recorded, waiting until every one has at least `n`. */
async function checked(cookie: string, n: number): Promise<number[]> {
  let lengths: number[] = [];
  await until(async () => {
    lengths = (await alertsOf(cookie)).map((a) => a.history.length);
    return lengths.every((l) => l >= n);
  });
  return lengths;
}

/**
 * Both processes sweep the alerts of each traveller at once, as their schedules would: both find the alerts
 * as they were however slowly either answers, since no check can record (its row update waits) until both
 * have queued theirs.
 */
const sweepBoth = (cookies: string[], alerts: { id: string }[]) =>
  desk.db.transaction().execute(async (trx) => {
    const ids = alerts.map((x) => x.id);
    await sql`select id from price_alerts where id = any(${ids}::uuid[]) for update`.execute(trx);
    await Promise.all(cookies.flatMap((cookie) => servers.map((s) => call(s, '/alerts-sim/check', cookie, {}))));
  });

/** Both processes look for jobs twice a second: time for the other to run a check again, if it ever would. */
const settle = () => new Promise((r) => setTimeout(r, 2000));

describe('price alerts on two server processes', () => {
  it('search each alert once per check when both sweep, and tell a fall once by notice, e-mail and SMS', async () => {
    const texted = await traveller();
    const mailed = await traveller();
    const [a, b] = servers;
    const watch = (who: { cookie: string }, sms: boolean, on: ServerProcess | undefined) =>
      call<PriceAlert>(on, '/api/price-alerts', who.cookie, { link: packSearchLink(flights('CTU')), sms });
    // Tracked on either process; each alert's first check is queued at once.
    const alerts = [await watch(texted, true, a), await watch(mailed, false, b)];
    expect(await checked(texted.cookie, 1)).toEqual([1]);
    expect(await checked(mailed.cookie, 1)).toEqual([1]);
    const [first] = await alertsOf(texted.cookie);

    await call(a, '/flight-sim/fares/sale', texted.cookie, { origin: 'BJS', destination: 'CTU', percentOff: 25 });
    await sweepBoth([texted.cookie, mailed.cookie], alerts);
    await until(async () => mailTo(texted.email).length > 0 && mailTo(mailed.email).length > 0);
    await until(() => textsTo(texted.mobile).length > 0);
    await settle();

    for (const [i, who] of [texted, mailed].entries()) {
      const [alert] = await alertsOf(who.cookie);
      expect(alert?.history.map((p) => p.lowestMinor)).toEqual([first?.lowestMinor, alert?.lowestMinor]);
      expect(alert?.lowestMinor).toBeLessThan(first?.lowestMinor ?? 0);
      const told = await falls(who.cookie);
      expect(told.map((n) => n.params)).toMatchObject([{ alert: alerts[i]?.id, priceMinor: alert?.lowestMinor }]);
      expect(mailTo(who.email)).toHaveLength(1);
    }
    expect(textsTo(texted.mobile)).toHaveLength(1);
    expect(textsTo(texted.mobile)[0]?.text).toMatch(/Chengdu|成都/);
    // Texts go to those who asked for them only.
    expect(textsTo(mailed.mobile)).toEqual([]);
  });

  it('record a check with no change once, telling nobody', async () => {
    const who = await traveller();
    const [a, b] = servers;
    const alerts = [
      await call<PriceAlert>(a, '/api/price-alerts', who.cookie, { link: packSearchLink(flights('KMG')), sms: true }),
      await call<PriceAlert>(b, '/api/price-alerts', who.cookie, { link: packSearchLink(flights('XIY')), sms: true }),
    ];
    expect(await checked(who.cookie, 1)).toEqual([1, 1]);
    await sweepBoth([who.cookie], alerts);
    expect(await checked(who.cookie, 2)).toEqual([2, 2]);
    await sweepBoth([who.cookie], alerts);
    await checked(who.cookie, 3);
    await settle();
    expect((await alertsOf(who.cookie)).map((x) => x.history.length)).toEqual([3, 3]);
    expect(await falls(who.cookie)).toEqual([]);
    expect(mailTo(who.email)).toEqual([]);
    expect(textsTo(who.mobile)).toEqual([]);
  });
});
