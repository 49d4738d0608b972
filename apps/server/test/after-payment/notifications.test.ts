import { currentUserSchema, noticePageSchema } from '@junction/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { notify } from '../../src/features/notifications/notifications.service';
import { beijingShanghai, errorOf, orderBody, traveller } from '../booking-client';
import { searchedSuite } from '../support/booking-app';

const START = new Date('2026-11-22T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

const suite = searchedSuite(now, { PUBLIC_URL: 'https://junction.example' }, beijingShanghai('flight'), 120_000);
const { t, c, found: flights } = suite;
let alice = '';
let bob = '';
beforeAll(async () => {
  alice = suite.account.cookie;
  bob = await c.signUp();
});

const notices = async (cookie: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/notifications${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return noticePageSchema.parse(res.json());
};
const unreadOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/user', headers: { cookie } });
  return currentUserSchema.parse(res.json()).unread;
};
const userIdOf = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/user', headers: { cookie } });
  return currentUserSchema.parse(res.json()).info.id;
};

async function bookFlight(cookie: string) {
  const result = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1);
  if (!result) throw new Error('no nonstop flight');
  const offer = await c.offerOf(cookie, flights.searchId, result.id);
  const wei = await c.save(cookie, traveller('张伟', '1985-03-02'));
  const res = await c.create(cookie, orderBody(offer, flights.searchId, [wei]));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; orderNumber: string };
}

describe('notices', () => {
  it('tells the traveller an order was created: stored unread, counted on /user, mailed and texted once', async () => {
    expect(await unreadOf(alice)).toBe(0);
    const order = await bookFlight(alice);
    const page = await notices(alice);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'order-created', orderId: order.id, read: false });
    expect(page.items[0]?.params).toMatchObject({ orderNumber: order.orderNumber, fromZh: '北京', toEn: 'Shanghai' });
    expect(await unreadOf(alice)).toBe(1);

    await t.app.jobs?.runDueJobs();
    const mail = t.mailbox.received.filter((m) => decodeQuotedPrintable(m.raw).includes(order.orderNumber));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toEqual(['zhang.wei@example.com']);
    const text = decodeQuotedPrintable(mail[0]?.raw ?? '');
    expect(text).toContain(`Order ${order.orderNumber} created`);
    expect(text).toContain('from Beijing to Shanghai');
    expect(text).toContain(`https://junction.example/order?id=${order.id}`);
    const sms = t.sms.sent.filter((m) => m.text.includes(order.orderNumber));
    expect(sms).toHaveLength(1);
    // A gateway sends the notice as its approved template: the title and the order number.
    expect(sms[0]?.template).toEqual({
      name: 'notice',
      params: { title: `Order ${order.orderNumber} created`, order: order.orderNumber },
    });

    // A job run again sends nothing twice.
    await t.app.jobs?.runDueJobs();
    expect(t.mailbox.received.filter((m) => decodeQuotedPrintable(m.raw).includes(order.orderNumber))).toHaveLength(1);
  });

  it('lists unread first, newest first, a page at a time, and marks one or all read', async () => {
    const userId = await userIdOf(alice);
    for (let i = 0; i < 3; i++) {
      clock += 60_000;
      await notify(t.db, {
        userId,
        kind: 'schedule-change',
        params: {
          trip: `MU51${i}`,
          orderNumber: 'JN1',
          departureAt: '2026-12-10T08:00:00+08:00',
          changedAt: '2026-12-10T09:30:00+08:00',
        },
        at: now(),
      });
    }
    let page = await notices(alice, '?pageSize=2');
    expect(page).toMatchObject({ total: 4, unread: 4, page: 1, pageSize: 2 });
    expect(page.items.map((n) => n.params.trip)).toEqual(['MU512', 'MU511']);

    const read = await t.app.inject({
      method: 'POST',
      url: '/notifications/read',
      payload: { id: page.items[0]?.id },
      headers: { cookie: alice },
    });
    expect(read.json()).toEqual({ unread: 3 });
    page = await notices(alice, '?pageSize=10');
    expect(page.items.map((n) => n.read)).toEqual([false, false, false, true]);
    expect(page.items.at(-1)?.params.trip).toBe('MU512');
    expect(await unreadOf(alice)).toBe(3);

    const all = await t.app.inject({ method: 'POST', url: '/notifications/read-all', headers: { cookie: alice } });
    expect(all.json()).toEqual({ unread: 0 });
    expect(await unreadOf(alice)).toBe(0);
  });

  it('no user sees or marks another user’s notices', async () => {
    const mine = await notices(alice);
    expect(mine.total).toBeGreaterThan(0);
    const theirs = await notices(bob);
    expect(theirs).toMatchObject({ total: 0, unread: 0, items: [] });
    await sql`update notifications set read_at = null`.execute(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/notifications/read',
      payload: { id: mine.items[0]?.id },
      headers: { cookie: bob },
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).errorCode).toBe(2201);
    expect((await notices(alice)).unread).toBe(mine.total);
  });

  it('asks for sign-in, and refuses bad input with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/notifications' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/notifications?pageSize=500', headers: { cookie: alice } });
    expect(bad.statusCode).toBe(400);
    const badId = await t.app.inject({
      method: 'POST',
      url: '/notifications/read',
      payload: { id: 'x' },
      headers: { cookie: alice },
    });
    expect(badId.statusCode).toBe(400);
  });

  it('writes e-mail in the user’s language', async () => {
    const userId = await userIdOf(bob);
    await sql`update users set language = 'zh-CN' where id = ${userId}`.execute(t.db);
    const order = await bookFlight(bob);
    await t.app.jobs?.runDueJobs();
    const mail = t.mailbox.received.find((m) => decodeQuotedPrintable(m.raw).includes(order.orderNumber));
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain(`订单 ${order.orderNumber} 已创建`);
    expect(text).toContain('从北京到上海');
    const sms = t.sms.sent.find((m) => m.text.includes(order.orderNumber));
    expect(sms?.text).toMatch(/^【联程旅行】/);
  });
});
