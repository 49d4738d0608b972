import {
  neededMinutes,
  noticeKindSchema,
  noticePageSchema,
  noticeParamsSchema,
  type Order,
  orderInvoicesSchema,
  orderSchema,
  protectionAnswerSchema,
  type ResultLeg,
  type SearchResult,
  selfTransfers,
  ticketsOf,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { noticeText } from '../../src/features/notifications/notifications.service';
import { beijingShanghai, orderBody, traveller } from '../booking-client';
import { searchedSuite } from '../support/booking-app';
import { rideNews } from '../support/ride-news';
import { SURE_TICKETING } from '../support/settings';
import { paidOrder } from './paid-order';

// The clock and the travel date are fixed: the timetable and the next departures never depend on the day.
const START = new Date('2026-12-03T04:00:00Z');
const now = () => START;
const TRAVEL_DATE = '2026/12/10';

// From Beijing to Hangzhou: a flight to Shanghai and the train on, on separate tickets.
const suite = searchedSuite(now, SURE_TICKETING, beijingShanghai('all', TRAVEL_DATE, 'HGH'), 240_000);
const { t, c, found, account: alice } = suite;

const isAir = (l: ResultLeg) => l.kind === 'air';
const isTrain = (l: ResultLeg) => l.kind === 'land';
const get = (url: string, cookie = alice.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** Minutes to spare at a plan's first self-transfer, if it has one. */
function slack(r: SearchResult): number | undefined {
  const tickets = ticketsOf(r).map((x) => x.legs);
  const [first] = selfTransfers(r.legs, tickets);
  if (!first) return undefined;
  const arrive = Date.parse((r.legs[first.arriving] as ResultLeg).arrivalTime);
  const depart = Date.parse((r.legs[first.departing] as ResultLeg).departureTime);
  return (depart - arrive) / 60_000 - neededMinutes(r.legs, first);
}

/**
 * Two rides on separate tickets (a flight then a train where the day has one, else two trains), with time
 * to spare at the change, booked, paid and ticketed; the first ride.
 */
async function bookSelfTransfer(
  name: string,
  spared: 'any' | 'most' | 'least' = 'any',
): Promise<{ order: Order; first: ResultLeg }> {
  const spare = found.results.filter((r) => (slack(r) ?? -1) >= 5);
  // The most time to spare at the change, when a later departure of the first ride must still make it; the
  // least, when none may.
  if (spared === 'most') spare.sort((a, b) => (slack(b) ?? 0) - (slack(a) ?? 0));
  if (spared === 'least') spare.sort((a, b) => (slack(a) ?? 0) - (slack(b) ?? 0));
  const plan =
    spare.find((r) => r.legs.some(isAir) && r.legs.some(isTrain)) ??
    spare.find((r) => r.legs.filter(isTrain).length === 2);
  if (!plan) throw new Error('no plan with a self-transfer');
  const offer = await c.offerOf(alice.cookie, found.searchId, plan.id);
  const who = await c.save(alice.cookie, traveller(name, '1985-03-02'));
  const order = await paidOrder(t, c, alice.cookie, orderBody(offer, found.searchId, [who], {}, undefined, 'offline'));
  await expect
    .poll(
      async () => {
        await t.app.jobs?.runDueJobs();
        return orderSchema.parse((await get(`/api/order?id=${order.id}`)).json()).status;
      },
      { timeout: 60_000 },
    )
    .toBe(5);
  return { order, first: plan.legs.find((l) => isAir(l) || isTrain(l)) as ResultLeg };
}

async function delay(flight: ResultLeg, minutes: number) {
  await rideNews(t, alice.cookie, 'delays', flight, minutes);
  await t.app.jobs?.runDueJobs();
}

async function cancel(ride: ResultLeg) {
  await rideNews(t, alice.cookie, 'cancellations', ride);
  await t.app.jobs?.runDueJobs();
}

/** The order's notices of a rebooking, of one ride or of two. */
const rebookedNotices = async (orderId: string) =>
  (
    await t.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('orderId', '=', orderId)
      .where('kind', 'like', 'protection-rebooked%')
      .execute()
  ).map((n) => ({ kind: noticeKindSchema.parse(n.kind), params: noticeParamsSchema.parse(n.params) }));

const casesOf = async (orderId: string) =>
  protectionAnswerSchema.parse((await get(`/api/order/protection?id=${orderId}`)).json()).cases;
const choose = (orderId: string, caseId: string, choice: 'rebook' | 'refund', cookie = alice.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/protection',
    headers: { cookie },
    payload: { orderId, caseId, choice },
  });
const subStatuses = async (orderId: string) =>
  await t.db
    .selectFrom('subOrders')
    .select(['id', 'status', 'flightNumber'])
    .where('orderId', '=', orderId)
    .orderBy('position')
    .execute();
/** The statuses of an order's sub-orders once the jobs due have run. */
const settled = async (orderId: string) => {
  await t.app.jobs?.runDueJobs();
  return (await subStatuses(orderId)).map((s) => s.status);
};

/**
 * Fifty choices of one case sent at once, rebook and refund in turn: exactly one is taken, with one event
 * and, refunded, one refund. Answers what the case became.
 */
async function fiftyAtOnce(orderId: string, caseId: string) {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => choose(orderId, caseId, i % 2 === 0 ? 'rebook' : 'refund')),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(49);
  const [done] = await casesOf(orderId);
  const events = await t.db
    .selectFrom('orderEvents')
    .select('kind')
    .where('orderId', '=', orderId)
    .where('kind', 'in', ['protection-rebooked', 'operator-cancelled-refund'])
    .execute();
  expect(events).toHaveLength(1);
  const refunds = await t.db.selectFrom('refunds').select('id').where('orderId', '=', orderId).execute();
  expect(refunds).toHaveLength(done?.status === 'refunded' ? 1 : 0);
  return done?.status;
}

describe('a protected connection', () => {
  it('opens no case for a delay the change still absorbs, and one with the next departure when the delay breaks it', async () => {
    const { order, first: flight } = await bookSelfTransfer('张伟');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: { cookie: alice.cookie },
      payload: { orderId: order.id, title: { kind: 'personal', name: '张伟' }, email: 'zhang@example.com' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await delay(flight, 1);
    expect(await casesOf(order.id)).toEqual([]);
    await delay(flight, 600);
    const [c1] = await casesOf(order.id);
    expect(c1?.status).toBe('offered');
    expect(c1?.delayMinutes).toBe(600);
    expect(c1?.next?.kind).toBe(c1?.missed.kind);
    // The next train leaves after the delayed flight lands, with the minimum connection.
    expect(Date.parse(c1?.next?.departureTime ?? '')).toBeGreaterThan(Date.parse(c1?.delayed.arrivalTime ?? ''));
    const notices = noticePageSchema.parse((await get('/notifications?pageSize=50')).json());
    expect(notices.items.map((n) => n.kind)).toContain('connection-missed');
    // The same delay told again changes nothing.
    await delay(flight, 600);
    expect(await casesOf(order.id)).toHaveLength(1);

    const bob = await c.signUp();
    expect((await choose(order.id, c1?.id as string, 'rebook', bob)).statusCode).toBe(404);
    const res = await choose(order.id, c1?.id as string, 'rebook');
    expect(res.statusCode, res.body).toBe(200);
    expect(protectionAnswerSchema.parse(res.json()).cases[0]?.status).toBe('rebooked');
    // A second click finds it settled.
    expect((await choose(order.id, c1?.id as string, 'refund')).statusCode).toBe(422);
    await expect.poll(() => settled(order.id), { timeout: 60_000 }).toEqual(['5', '4', '5']);
    // What was invoiced for the missed ticket is reversed; the ticket that still stands keeps its own.
    const documents = orderInvoicesSchema.parse((await get(`/api/invoices?orderId=${order.id}`)).json()).items;
    const missedDoc = documents.find((d) => d.service === c1?.missed.number);
    expect(['reversing', 'reversed']).toContain(missedDoc?.status);
    expect(documents.find((d) => d.service === flight.number)?.status).toMatch(/^(issuing|issued)$/);
    // The missed ticket was replaced, not refunded: its money paid for the new one, so it cannot be refunded.
    const changed = (await subStatuses(order.id)).find((s) => s.status === '4');
    if (!changed) throw new Error('no sub-order changed');
    const refundChanged = await t.app.inject({
      method: 'GET',
      url: `/api/refund/quote?orderId=${order.id}&subOrderId=${changed.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(refundChanged.statusCode, refundChanged.body).toBe(422);
    const after = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    expect(after.payment.price.amount).toBe(order.payment.price.amount);
  }, 180_000);

  it('refunds the unused ticket in full, back to the wallet that paid', async () => {
    const { order, first: flight } = await bookSelfTransfer('李娜');
    await delay(flight, 700);
    const [c1] = await casesOf(order.id);
    const res = await choose(order.id, c1?.id as string, 'refund');
    expect(res.statusCode, res.body).toBe(200);
    const refunds = await t.db.selectFrom('refunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.reason, r.feeMinor, r.serviceFeeMinor])).toEqual([['connection-missed', 0, 0]]);
    expect(refunds[0]?.amountMinor).toBe(c1?.refund.amount);
    expect((await subStatuses(order.id)).map((s) => s.status)).toEqual(['5', '6']);
  }, 180_000);
});

describe('a protected connection whose first ride is cancelled', () => {
  it('offers a later departure of the cancelled route that still makes the change, and rebooks onto it', async () => {
    const { order, first } = await bookSelfTransfer('王芳', 'most');
    await cancel(first);
    const [c1] = await casesOf(order.id);
    expect(c1?.status).toBe('offered');
    expect(c1?.cause).toBe('cancellation');
    expect(c1?.missed.number).toBe(first.number);
    expect(c1?.next?.kind).toBe(first.kind);
    expect(Date.parse(c1?.next?.departureTime ?? '')).toBeGreaterThan(Date.parse(first.departureTime));
    // The later departure lands in time for the second ride, with the minimum connection.
    const viewed = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    const index = viewed.legs.findIndex((l) => l.number === first.number);
    expect(viewed.cancelledLegs).toEqual([index]);
    const [transfer] = selfTransfers(
      viewed.legs,
      viewed.subOrders.map((s) => s.legs),
    );
    if (!transfer) throw new Error('no self-transfer');
    const second = viewed.legs[transfer.departing] as ResultLeg;
    expect(Date.parse(c1?.next?.arrivalTime ?? '') + neededMinutes(viewed.legs, transfer) * 60_000).toBeLessThanOrEqual(
      Date.parse(second.departureTime),
    );
    const notices = noticePageSchema.parse((await get('/notifications?pageSize=50')).json());
    expect(notices.items.map((n) => n.kind)).toContain('service-cancelled-protected');
    // Told again, the cancellation changes nothing.
    await cancel(first);
    expect(await casesOf(order.id)).toHaveLength(1);

    const res = await choose(order.id, c1?.id as string, 'rebook');
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => settled(order.id), { timeout: 60_000 }).toEqual(['4', '5', '5']);
    const after = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    // The new ride runs in the cancelled one's place, at no extra cost.
    expect(after.legs[index]?.number).toBe(c1?.next?.number);
    expect(after.cancelledLegs).toEqual([]);
    expect(after.payment.price.amount).toBe(order.payment.price.amount);
    expect(await t.db.selectFrom('refunds').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
  }, 180_000);

  it('refunds the cancelled ticket in full, with no fee, when the traveller takes the refund', async () => {
    const { order, first } = await bookSelfTransfer('刘洋', 'most');
    await cancel(first);
    const [c1] = await casesOf(order.id);
    const res = await choose(order.id, c1?.id as string, 'refund');
    expect(res.statusCode, res.body).toBe(200);
    expect(protectionAnswerSchema.parse(res.json()).cases[0]?.status).toBe('refunded');
    const refunds = await t.db.selectFrom('refunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.reason, r.feeMinor, r.serviceFeeMinor])).toEqual([['operator-cancelled', 0, 0]]);
    expect(refunds[0]?.amountMinor).toBe(c1?.refund.amount);
    // The cancelled first ticket is being refunded (or paid back already); the second still stands.
    const [firstSub, lastSub] = (await subStatuses(order.id)).map((s) => s.status);
    expect(['6', '3']).toContain(firstSub);
    expect(lastSub).toBe('5');
  }, 180_000);

  it('takes exactly one of fifty choices sent at once', async () => {
    const { order, first } = await bookSelfTransfer('陈静', 'most');
    await cancel(first);
    const [c1] = await casesOf(order.id);
    const status = await fiftyAtOnce(order.id, c1?.id as string);
    expect(await t.db.selectFrom('subOrders').select('id').where('orderId', '=', order.id).execute()).toHaveLength(
      status === 'rebooked' ? 3 : 2,
    );
  }, 180_000);

  it('keeps a cancelled ride cancelled when its operator later tells a delay of it: nothing moves, nobody is told', async () => {
    const { order, first } = await bookSelfTransfer('孙丽', 'most');
    await cancel(first);
    const before = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    await delay(first, 600);
    const after = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    expect(after.legs).toEqual(before.legs);
    expect(after.cancelledLegs).toEqual(before.cancelledLegs);
    expect(after.departureTime).toBe(before.departureTime);
    const changes = await t.db
      .selectFrom('orderEvents')
      .select('id')
      .where('orderId', '=', order.id)
      .where('kind', '=', 'schedule-change')
      .execute();
    expect(changes).toEqual([]);
    const notices = noticePageSchema.parse((await get('/notifications?pageSize=50')).json());
    expect(notices.items.filter((n) => n.kind === 'schedule-change' && n.orderId === order.id)).toEqual([]);
    // The cancellation's case stands as it was offered.
    expect((await casesOf(order.id)).map((x) => [x.cause, x.status, x.delayMinutes])).toEqual([
      ['cancellation', 'offered', 0],
    ]);
  }, 180_000);

  it('refunds a cancelled ticket that no change follows in full at once, and tells the traveller', async () => {
    const { order } = await bookSelfTransfer('赵磊', 'most');
    const viewed = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    const last = viewed.legs[viewed.subOrders.at(-1)?.legs.at(-1) ?? -1] as ResultLeg;
    await cancel(last);
    expect(await casesOf(order.id)).toEqual([]);
    const refunds = await t.db.selectFrom('refunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.reason, r.feeMinor])).toEqual([['operator-cancelled', 0]]);
    // Being refunded, or already paid back; the first ticket still stands.
    const [firstSub, lastSub] = (await subStatuses(order.id)).map((s) => s.status);
    expect(firstSub).toBe('5');
    expect(['6', '3']).toContain(lastSub);
    const notices = noticePageSchema.parse((await get('/notifications?pageSize=50')).json());
    expect(notices.items.map((n) => n.kind)).toContain('service-cancelled');
  }, 180_000);
});

describe('a protected connection whose first ride is cancelled and no later departure of it makes the change', () => {
  /** The order's self-transfer as booked and its case once the first ride is cancelled. */
  async function cancelledTight(name: string) {
    const { order, first } = await bookSelfTransfer(name, 'least');
    const booked = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    await cancel(first);
    const [transfer] = selfTransfers(
      booked.legs,
      booked.subOrders.map((s) => s.legs),
    );
    if (!transfer) throw new Error('no self-transfer');
    const [c1] = await casesOf(order.id);
    if (!c1) throw new Error('no case');
    return { order, first, booked, transfer, c1 };
  }

  it('offers the next departure of the cancelled ride with a later second ride it makes, and rebooks both', async () => {
    const { order, first, booked, transfer, c1 } = await cancelledTight('周婷');
    const second = booked.legs[transfer.departing] as ResultLeg;
    expect(c1.cause).toBe('cancellation');
    expect(c1.next?.number).toBeDefined();
    expect(Date.parse(c1.next?.departureTime ?? '')).toBeGreaterThan(Date.parse(first.departureTime));
    // The next departure of the cancelled route lands too late for the second ride as booked ...
    expect(Date.parse(c1.next?.arrivalTime ?? '') + neededMinutes(booked.legs, transfer) * 60_000).toBeGreaterThan(
      Date.parse(second.departureTime),
    );
    // ... so a later departure of the second ride's route comes with it, one the traveller makes.
    expect(c1.onward?.missed.number).toBe(second.number);
    expect(c1.onward?.next.kind).toBe(second.kind);
    expect(Date.parse(c1.onward?.next.departureTime ?? '')).toBeGreaterThanOrEqual(
      Date.parse(c1.next?.arrivalTime ?? '') + neededMinutes(booked.legs, transfer) * 60_000,
    );

    const res = await choose(order.id, c1.id, 'rebook');
    expect(res.statusCode, res.body).toBe(200);
    expect(protectionAnswerSchema.parse(res.json()).cases[0]?.status).toBe('rebooked');
    // Both tickets are replaced, and both new ones issued.
    await expect.poll(() => settled(order.id), { timeout: 60_000 }).toEqual(['4', '4', '5', '5']);
    const after = orderSchema.parse((await get(`/api/order?id=${order.id}`)).json());
    expect(after.legs[transfer.arriving]?.number).toBe(c1.next?.number);
    expect(after.legs[transfer.departing]?.number).toBe(c1.onward?.next.number);
    expect(after.cancelledLegs).toEqual([]);
    // At no cost to the traveller: the price stands, nothing is refunded, and we carry the difference.
    expect(after.payment.price.amount).toBe(order.payment.price.amount);
    expect(await t.db.selectFrom('refunds').select('id').where('orderId', '=', order.id).execute()).toEqual([]);
    const kinds = await t.db
      .selectFrom('orderEvents')
      .select('kind')
      .where('orderId', '=', order.id)
      .where('kind', 'like', 'protection-%')
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['protection-rebooked', 'protection-rebooked-onward']);
    // One message for the rebooking, naming both new rides with their departures, in either language.
    const rebooked = await rebookedNotices(order.id);
    expect(rebooked.map((n) => n.kind)).toEqual(['protection-rebooked-onward']);
    const [notice] = rebooked;
    if (!notice) throw new Error('no notice');
    expect(notice.params).toMatchObject({ trip: c1.next?.number, onwardTrip: c1.onward?.next.number });
    const en = noticeText(notice.kind, notice.params, 'en', '');
    expect(en.title).toBe(`Rebooked on ${c1.next?.number} and ${c1.onward?.next.number}, order ${order.orderNumber}`);
    expect(en.body).toContain(`then on ${c1.onward?.next.number}, departing`);
    const zh = noticeText(notice.kind, notice.params, 'zh-CN', '');
    expect(zh.title).toBe(`订单 ${order.orderNumber} 已为您改乘 ${c1.next?.number} 和 ${c1.onward?.next.number}`);
    expect(zh.body).toContain(`再转乘 ${c1.onward?.next.number}`);
    // Mailed and texted once.
    await t.app.jobs?.runDueJobs();
    const mails = t.mailbox.received.map((m) => decodeQuotedPrintable(m.raw)).filter((m) => m.includes(en.title));
    expect(mails).toHaveLength(1);
    expect(t.sms.sent.filter((m) => m.text.includes(en.title))).toHaveLength(1);
  }, 180_000);

  it('sends one message naming both new rides when fifty rebookings are sent at once', async () => {
    const { order, c1 } = await cancelledTight('郑洁');
    const answers = await Promise.all(Array.from({ length: 50 }, () => choose(order.id, c1.id, 'rebook')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(49);
    const rebooked = await rebookedNotices(order.id);
    expect(rebooked.map((n) => [n.kind, n.params.trip, n.params.onwardTrip])).toEqual([
      ['protection-rebooked-onward', c1.next?.number, c1.onward?.next.number],
    ]);
  }, 180_000);

  it('takes exactly one of fifty choices sent at once', async () => {
    const { order, c1 } = await cancelledTight('吴昊');
    expect(c1.onward).not.toBeNull();
    const status = await fiftyAtOnce(order.id, c1.id);
    // Rebooked, both tickets are replaced; refunded, only the cancelled one is, and the second still stands.
    const subs = await t.db.selectFrom('subOrders').select('id').where('orderId', '=', order.id).execute();
    expect(subs).toHaveLength(status === 'rebooked' ? 4 : 2);
  }, 180_000);
});
