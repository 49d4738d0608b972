import {
  apiErrorSchema,
  type NoticePage,
  type PriceAlert,
  packSearchLink,
  type SearchCriteria,
  searchCriteriaSchema,
  unpackSearchLink,
} from '@junction/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnDatabase, createTestApp, QUIET_SETTINGS, type TestApp } from '../../../test/harness';
import { registerMobile } from '../../../test/support/accounts';
import { daysToSearch } from './alert-month';
import { AlertsRepository } from './alerts.repository';
import { AlertsService } from './alerts.service';
import { sweepOnBoth } from './alerts.test-support';
import type { AlertNotify, AlertSearch } from './ports';

/** Noon in Beijing on Sunday 22 November 2026: nine days of November are left, 22 to 30. */
const START = new Date('2026-11-22T04:00:00Z');
const HOUR = 3_600_000;
let clock = START.getTime();
const now = () => new Date(clock);
const SETTINGS = { ...QUIET_SETTINGS, ALERT_MONTH_SEARCHES: '31', PUBLIC_URL: 'https://junction.example' };

/** One adult in economy flying from Beijing, one way or back on `back`. */
const criteria = (destination: string, date = '2026/11/25', back?: string): SearchCriteria =>
  searchCriteriaSchema.parse({
    type: back ? 2 : 1,
    mode: 'flight',
    legs: [{ departure: 'BJS', destination, departure_date: date, ...(back ? { return_date: back } : {}) }],
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SETTINGS, now);
});
afterAll(() => t.close());

let counter = 0;
async function traveller(): Promise<{ cookie: string; userId: string }> {
  const mobile = `1390088${String(1000 + counter++).padStart(4, '0')}`;
  const cookie = await registerMobile(t, mobile, `10.9.8.${counter}`);
  const user = await sql<{ id: string }>`update users set email = ${`month${counter}@example.com`},
    email_verified_at = now() where mobile like ${`%${mobile}`} returning id`.execute(t.db);
  return { cookie, userId: user.rows[0]?.id ?? '' };
}

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const list = async (cookie: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: { cookie } })).json() as {
      items: PriceAlert[];
    }
  ).items;
const notices = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json() as NoticePage;

describe('price alerts over a month', () => {
  it('watch any day of a month as the search of its first day, and refuse a month passed or malformed', async () => {
    const { cookie } = await traveller();
    const made = await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('SHA')), month: '2026/12' });
    expect(made.statusCode, made.body).toBe(200);
    const alert = made.json() as PriceAlert;
    expect(alert).toMatchObject({ month: '2026/12', lowestDay: null, lowestMinor: null });
    expect(unpackSearchLink(alert.link)?.legs[0]?.departure_date).toBe('2026/12/01');
    // The same search over the same month is the one alert; on its own date it is another.
    const again = await post(cookie, '/api/price-alerts', {
      link: packSearchLink(criteria('SHA', '2026/12/20')),
      month: '2026/12',
    });
    expect((again.json() as PriceAlert).id).toBe(alert.id);
    const dated = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('SHA', '2026/12/01')) })
    ).json();
    expect(dated.id).not.toBe(alert.id);
    expect(dated.month).toBeNull();
    // A round trip keeps its length from the month's first day.
    const round = await post(cookie, '/api/price-alerts', {
      link: packSearchLink(criteria('SHA', '2026/12/10', '2026/12/15')),
      month: '2027/01',
    });
    expect(unpackSearchLink((round.json() as PriceAlert).link)?.legs[0]).toMatchObject({
      departure_date: '2027/01/01',
      return_date: '2027/01/06',
    });

    const past = await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CAN')), month: '2026/10' });
    expect(past.statusCode).toBe(400);
    expect(apiErrorSchema.parse(past.json())).toMatchObject({ errorCode: 3101 });
    for (const month of ['2026/13', '2026-12', 'March']) {
      const bad = await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CAN')), month });
      expect(bad.statusCode).toBe(400);
      expect(apiErrorSchema.parse(bad.json()).errorCode).toBe(1000);
    }
    expect((await list(cookie)).map((a) => a.month).sort()).toEqual(['2026/12', '2027/01', null]);
  });

  it('find the month’s lowest across its days, record it with its day, and tell a fall once across two processes', async () => {
    const { cookie } = await traveller();
    const made = (
      await post(cookie, '/api/price-alerts', { link: packSearchLink(criteria('CTU')), month: '2026/11', sms: true })
    ).json() as PriceAlert;
    await t.app.jobs?.runDueJobs();
    const first = (await list(cookie)).find((a) => a.id === made.id) as PriceAlert;
    const days = await sql<{ day: string; lowestMinor: number | null }>`
      select day, lowest_minor from price_alert_days where alert_id = ${made.id} order by day`.execute(t.db);
    expect(days.rows.map((d) => d.day)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => `2026-11-${d}`));
    const onSale = days.rows.flatMap((d) => (d.lowestMinor === null ? [] : [d.lowestMinor]));
    expect(onSale.length).toBeGreaterThan(0);
    const lowest = Math.min(...onSale);
    expect(first.lowestMinor).toBe(lowest);
    expect(first.lowestDay).toBe(days.rows.find((d) => d.lowestMinor === lowest)?.day.replaceAll('-', '/'));
    expect(first.history).toMatchObject([{ lowestMinor: lowest, day: first.lowestDay }]);

    await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'CTU', percentOff: 30 });
    clock += 4 * HOUR;
    const second = await appOnDatabase({ url: t.databaseUrl ?? '', db: t.db }, t.mailbox, SETTINGS, { now });
    // The notice's text message is a job of its own: whichever process runs it sends it through its own provider.
    const texts = () => [...t.sms.sent, ...second.sms.sent];
    try {
      await sweepOnBoth(t, second, () => post(cookie, '/alerts-sim/check', {}));
    } finally {
      await second.close();
      await post(cookie, '/flight-sim/fares/sale', { origin: 'BJS', destination: 'CTU', percentOff: 0 });
    }
    const after = (await list(cookie)).find((a) => a.id === made.id) as PriceAlert;
    expect(after.history).toHaveLength(2);
    expect(after.lowestMinor).toBeLessThan(lowest);
    const told = (await notices(cookie)).items.filter((n) => n.kind === 'month-price-fell');
    expect(told).toHaveLength(1);
    const day = after.lowestDay?.replaceAll('/', '-');
    expect(told[0]?.params).toMatchObject({ alert: made.id, day, priceMinor: after.lowestMinor, wasMinor: lowest });
    const mail = t.mailbox.received.find((m) => m.raw.replace(/=\r?\n/g, '').includes(`day=3D${day}`));
    expect(mail?.raw).toContain('Chengdu');
    expect(
      texts().some(
        (s) => s.text.includes('Chengdu') && s.text.includes(String(after.lowestDay?.slice(-2).replace(/^0/, ''))),
      ),
    ).toBe(true);
    clock = START.getTime();
  });
});

/** A search whose lowest price on each day is given (absent: nothing on sale), counting the days it is asked. */
function fakeSearch(prices: Map<string, number>, calendar = new Map<string, { lowestMinor: number; seenAt: Date }>()) {
  const asked: string[] = [];
  const search: AlertSearch = {
    check: () => {},
    lowestNow: async (c) => {
      const day = (c.legs[0]?.departure_date ?? '').replaceAll('/', '-');
      asked.push(day);
      return {
        lowestMinor: prices.get(day) ?? null,
        from: { en: 'Beijing', 'zh-CN': '北京' },
        to: { en: 'Xiamen', 'zh-CN': '厦门' },
      };
    },
    route: () => ({ from: { en: 'Beijing', 'zh-CN': '北京' }, to: { en: 'Xiamen', 'zh-CN': '厦门' } }),
    calendar: async (_c, days) => new Map([...calendar].filter(([d]) => days.includes(d))),
  };
  return { search, asked };
}

/** An alert of the traveller over November 2026, checked by a service with the search and the bound given. */
async function monthAlert(search: AlertSearch, searches: number) {
  const { userId } = await traveller();
  const told: Parameters<AlertNotify>[1][] = [];
  const notify: AlertNotify = async (_trx, input) => {
    told.push(input);
    return 'notice';
  };
  const repo = new AlertsRepository(t.db);
  const options = { perUser: 10, checkEveryMs: 3 * HOUR, monthSearches: searches };
  const service = new AlertsService(repo, search, notify, options, now);
  const link = packSearchLink(criteria('XMN'));
  const made = await repo.transaction((trx) =>
    repo.create(trx, { userId, link, month: '2026/11', sms: false, at: now() }, 10),
  );
  if (typeof made === 'string') throw new Error(made);
  const alert = async () => (await repo.one(made.row.id)) ?? made.row;
  return { service, id: made.row.id, told, alert };
}

const november = (day: number) => `2026-11-${String(day).padStart(2, '0')}`;

describe('a check of an alert over a month', () => {
  it('searches a bounded number of days at a time, and records the lowest once every day left has a price', async () => {
    const prices = new Map([22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => [november(d), 90_000 - d * 100]));
    prices.set(november(27), 41_000);
    const { search, asked } = fakeSearch(prices);
    const m = await monthAlert(search, 4);
    expect(await m.service.check(m.id)).toBe('partial');
    expect(asked).toEqual([22, 23, 24, 25].map(november));
    expect(await m.service.check(m.id)).toBe('partial');
    expect(await m.service.check(m.id)).toBe('recorded');
    expect(asked).toHaveLength(9);
    expect(new Set(asked).size).toBe(9);
    expect(await m.alert()).toMatchObject({ lowestMinor: 41_000, lowestDay: november(27) });
  });

  it('takes the prices the month of fares holds fresh, searching only the days it has none of', async () => {
    const prices = new Map([22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => [november(d), 50_000]));
    const calendar = new Map(
      [23, 24, 25, 26, 27, 28, 29].map((d) => [
        november(d),
        { lowestMinor: d === 24 ? 39_000 : 60_000, seenAt: now() },
      ]),
    );
    const { search, asked } = fakeSearch(prices, calendar);
    const m = await monthAlert(search, 31);
    expect(await m.service.check(m.id)).toBe('recorded');
    expect(asked).toEqual([november(22), november(30)]);
    expect(await m.alert()).toMatchObject({ lowestMinor: 39_000, lowestDay: november(24) });
  });

  it('tells a fall of the month’s lowest once, with its day and price', async () => {
    const prices = new Map([22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => [november(d), 50_000]));
    const { search } = fakeSearch(prices);
    const m = await monthAlert(search, 31);
    const back = clock;
    try {
      expect(await m.service.check(m.id)).toBe('recorded');
      prices.set(november(29), 35_000);
      clock += 4 * HOUR;
      // Two checks of one state at once record and tell once.
      const both = await Promise.all([m.service.check(m.id), m.service.check(m.id)]);
      expect(both.sort()).toEqual(['skipped', 'told']);
      clock += 4 * HOUR;
      expect(await m.service.check(m.id)).toBe('recorded');
    } finally {
      clock = back;
    }
    expect(m.told).toHaveLength(1);
    expect(m.told[0]).toMatchObject({
      kind: 'month-price-fell',
      params: { alert: m.id, day: november(29), priceMinor: 35_000, wasMinor: 50_000 },
    });
  });

  it('skips the days gone, never searching them, and ends once its month has passed', async () => {
    const prices = new Map([22, 23, 24, 25, 26, 27, 28, 29, 30].map((d) => [november(d), 50_000]));
    prices.set(november(23), 20_000);
    const { search, asked } = fakeSearch(prices);
    const m = await monthAlert(search, 31);
    const back = clock;
    try {
      expect(await m.service.check(m.id)).toBe('recorded');
      expect(await m.alert()).toMatchObject({ lowestMinor: 20_000, lowestDay: november(23) });
      clock = new Date('2026-11-25T04:00:00Z').getTime();
      asked.length = 0;
      expect(await m.service.check(m.id)).toBe('recorded');
      expect(asked).toEqual([25, 26, 27, 28, 29, 30].map(november));
      expect(await m.alert()).toMatchObject({ lowestMinor: 50_000, lowestDay: november(25) });
      expect(m.told).toEqual([]);
      clock = new Date('2026-11-30T16:00:00Z').getTime(); // Midnight of 1 December in Beijing.
      expect(await m.service.check(m.id)).toBe('ended');
      expect(await m.alert()).toMatchObject({ status: 'ended', lowestMinor: 50_000 });
    } finally {
      clock = back;
    }
  });
});

describe('the days a check searches', () => {
  it('are at most the bound, never a fresh one, those without a price before any with one, oldest first', () => {
    const days = Array.from({ length: 31 }, (_, i) => `2027-03-${String(i + 1).padStart(2, '0')}`);
    const seen = fc.dictionary(fc.constantFrom(...days), fc.integer({ min: 0, max: 100 }), { maxKeys: 31 });
    fc.assert(
      fc.property(seen, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 40 }), (ages, stale, bound) => {
        const known = new Map(Object.entries(ages).map(([d, at]) => [d, { seenAt: new Date(at * HOUR) }]));
        const chosen = daysToSearch(days, known, new Date(stale * HOUR), bound);
        const due = days.filter((d) => (ages[d] ?? -1) < stale);
        expect(chosen).toHaveLength(Math.min(bound, due.length));
        expect(new Set(chosen).size).toBe(chosen.length);
        const age = (d: string) => ages[d] ?? -1;
        for (const d of chosen) expect(age(d)).toBeLessThan(stale);
        const oldestLeftOut = Math.min(...due.filter((d) => !chosen.includes(d)).map(age));
        for (const d of chosen) expect(age(d)).toBeLessThanOrEqual(oldestLeftOut);
      }),
    );
  });
});
