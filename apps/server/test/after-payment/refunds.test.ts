import {
  apiErrorSchema,
  noticePageSchema,
  orderFulfilmentSchema,
  orderSchema,
  refundQuoteSchema,
  refundSchema,
  refundsMadeSchema,
} from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingShanghai, orderBody, traveller } from '../booking-client';
import type { TestApp } from '../harness';
import { type BookingClient, bookingApp, type Found } from '../support/booking-app';
import { runAllJobs } from '../support/jobs';
import { SURE_TICKETING } from '../support/settings';
import { orderEventsOf, ticketedOrder, walletMovesOf } from './paid-order';

const START = new Date('2026-12-03T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let c: BookingClient;
let alice: string;
let bob: string;
const found: Record<'flight' | 'train', Found> = {} as never;

beforeAll(async () => {
  // No flight is moved or delayed by its airline here: such a flight is refunded without a fee, a rule of its own
  // (`involuntary-refund.test.ts`).
  ({ t, c } = await bookingApp(now, {
    ...SURE_TICKETING,
    REFUND_PROCESSING_SECONDS: '600',
    TICKETING_SIM_SCHEDULE_CHANGE_RATE: '0',
    TICKETING_SIM_DELAY_RATE: '0',
  }));
  alice = await c.signUp();
  bob = await c.signUp();
  for (const mode of ['flight', 'train'] as const) {
    found[mode] = await c.search(beijingShanghai(mode));
  }
}, 120_000);
afterAll(() => t.close());

/** A ticketed order of one ride for Alice's travellers (by default 张伟 alone), paid from her wallet. */
async function ticketed(mode: 'flight' | 'train', people: [string, string][] = [['张伟', '1985-03-02']]) {
  clock = START.getTime();
  const f = found[mode];
  const result = f.results.find((r) => r.legs.length === 1 && (mode === 'train' || r.agent === 'own'));
  if (!result) throw new Error('nothing to book');
  const offer = await c.offerOf(alice, f.searchId, result.id);
  const saved = [];
  for (const [name, birth] of people) saved.push(await c.save(alice, traveller(name, birth)));
  return ticketedOrder(t, c, alice, orderBody(offer, f.searchId, saved));
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const quoteOf = async (cookie: string, orderId: string, subOrderId?: string, travellerAt?: number) =>
  get(
    cookie,
    `/api/refund/quote?${new URLSearchParams({
      orderId,
      ...(subOrderId ? { subOrderId } : {}),
      ...(travellerAt === undefined ? {} : { traveller: String(travellerAt) }),
    })}`,
  );
const statusOf = async (orderId: string) => orderSchema.parse((await c.get(alice, orderId)).json());

describe('refunds', () => {
  it('quotes, confirms, is withdrawn, then asked again and paid back: sub-order 5 → 6 → 5 → 6 → 3, order 3, payment 4', async () => {
    const order = await ticketed('flight');
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const quote = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id)).json());
    const perTraveller = order.fees.cancelBefore?.amount ?? 0;
    expect(quote.tickets).toHaveLength(1);
    expect(quote.tickets[0]).toMatchObject({
      rule: order.fees.free24h ? 'air-free-24h' : 'air-before-2h',
      paid: sub.price,
      traveller: '张伟',
      travellerPosition: 0,
      type: 'flight',
      serviceFee: { amount: 0 },
    });
    if (!order.fees.free24h) expect(quote.fee.amount).toBe(Math.min(perTraveller, sub.price.amount));
    expect(quote.refunded.amount).toBe(quote.paid.amount - quote.fee.amount);

    // Another traveller sees nothing of it.
    expect(apiErrorSchema.parse((await quoteOf(bob, order.id, sub.id)).json()).errorCode).toBe(2009);

    const changed = await post(alice, '/api/refund', {
      orderId: order.id,
      subOrderId: sub.id,
      expectedFeeMinor: quote.fee.amount + 100,
    });
    expect(changed.statusCode).toBe(422);
    expect(apiErrorSchema.parse(changed.json())).toMatchObject({
      errorCode: 2205,
      params: { latest: quote.fee.amount },
    });

    const asked = await post(alice, '/api/refund', {
      orderId: order.id,
      subOrderId: sub.id,
      expectedFeeMinor: quote.fee.amount,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [refund] = refundsMadeSchema.parse(asked.json()).refunds;
    if (!refund) throw new Error('no refund');
    expect(refund).toMatchObject({
      status: 'processing',
      withdrawable: true,
      reason: 'traveller',
      refunded: quote.refunded,
      traveller: '张伟',
    });
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(6);
    const again = await post(alice, '/api/refund', {
      orderId: order.id,
      subOrderId: sub.id,
      expectedFeeMinor: quote.fee.amount,
    });
    expect(apiErrorSchema.parse(again.json()).errorCode).toBe(2202);

    expect((await get(bob, `/api/refund?id=${refund.id}`)).statusCode).toBe(404);
    expect(apiErrorSchema.parse((await post(bob, '/api/refund/withdraw', { id: refund.id })).json()).errorCode).toBe(
      2203,
    );

    const withdrawn = refundSchema.parse((await post(alice, '/api/refund/withdraw', { id: refund.id })).json());
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawable: false });
    expect(withdrawn.timeline.map((e) => e.status)).toEqual(['processing', 'withdrawn']);
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(5);
    // Its payout job finds nothing to pay.
    await runAllJobs(t);
    const paidOnly = await walletMovesOf(t, order.id);
    expect(paidOnly).toEqual([['payment', -order.payment.price.amount]]);

    const [second] = refundsMadeSchema.parse(
      (
        await post(alice, '/api/refund', { orderId: order.id, subOrderId: sub.id, expectedFeeMinor: quote.fee.amount })
      ).json(),
    ).refunds;
    if (!second) throw new Error('no refund');
    await runAllJobs(t);
    const done = refundSchema.parse((await get(alice, `/api/refund?id=${second.id}`)).json());
    expect(done).toMatchObject({ status: 'done', channel: 'wallet', withdrawable: false });
    expect(done.timeline.map((e) => e.status)).toEqual(['processing', 'done']);
    const entries = await walletMovesOf(t, order.id);
    expect(entries).toEqual([
      ['payment', -order.payment.price.amount],
      ['refund', quote.refunded.amount],
    ]);
    // The receipt: paid from the wallet, the refund returned and its fee kept.
    const { receipt } = orderFulfilmentSchema.parse((await get(alice, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(receipt?.payments.map((p) => [p.purpose, p.method, p.brand, p.last4, p.amount.amount])).toEqual([
      ['order', 'wallet', null, null, order.payment.price.amount],
    ]);
    expect(receipt).toMatchObject({
      paid: order.payment.price,
      refunded: quote.refunded,
      refundFees: quote.fee,
    });
    const closed = await statusOf(order.id);
    expect(closed).toMatchObject({ status: 3, paymentStatus: 4 });
    expect(closed.subOrders[0]?.status).toBe(3);
    expect(apiErrorSchema.parse((await post(alice, '/api/refund/withdraw', { id: second.id })).json()).errorCode).toBe(
      2204,
    );

    const kinds = noticePageSchema
      .parse((await get(alice, '/notifications?pageSize=50')).json())
      .items.filter((n) => n.orderId === order.id)
      .map((n) => n.kind);
    expect(kinds.filter((k) => k === 'refund-processing')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'refund-done')).toHaveLength(1);
  });

  it('refunds one traveller of two: the ticket of the other stands, and the order is refunded once both are', async () => {
    const order = await ticketed('flight', [
      ['张伟', '1985-03-02'],
      ['李娜', '1987-06-18'],
    ]);
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const whole = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id)).json());
    expect(whole.tickets.map((q) => q.traveller)).toEqual(['张伟', '李娜']);
    // Each traveller paid their own part; together the sub-order's price.
    expect(whole.paid).toEqual(sub.price);

    const na = refundQuoteSchema.parse((await quoteOf(alice, order.id, undefined, 1)).json());
    expect(na.tickets.map((q) => [q.traveller, q.subOrderId])).toEqual([['李娜', sub.id]]);
    const made = refundsMadeSchema.parse(
      (await post(alice, '/api/refund', { orderId: order.id, traveller: 1, expectedFeeMinor: na.fee.amount })).json(),
    );
    expect(made.refunds.map((r) => [r.traveller, r.travellerPosition, r.status])).toEqual([['李娜', 1, 'processing']]);
    await runAllJobs(t);
    const partly = await statusOf(order.id);
    expect(partly).toMatchObject({ status: 5, paymentStatus: 2 });
    expect(partly.subOrders[0]?.status).toBe(5);
    // Her ticket is refunded; asking again is refused, and only his is left to quote.
    expect(apiErrorSchema.parse((await quoteOf(alice, order.id, sub.id, 1)).json()).errorCode).toBe(2202);
    const left = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id)).json());
    expect(left.tickets.map((q) => q.traveller)).toEqual(['张伟']);

    await post(alice, '/api/refund', { orderId: order.id, subOrderId: sub.id, expectedFeeMinor: left.fee.amount });
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(6);
    // The seller takes its processing time: nothing is due yet, until the simulated seller settles it at once.
    await t.app.jobs?.runDueJobs();
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(6);
    // Bob cannot move Alice's refunds on.
    expect((await post(bob, '/ticketing-sim/refunds/settle', { orderId: order.id })).json()).toEqual({ settled: 0 });
    await t.app.jobs?.runDueJobs();
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(6);
    const settled = await post(alice, '/ticketing-sim/refunds/settle', { orderId: order.id });
    expect(settled.json()).toEqual({ settled: 1 });
    await t.app.jobs?.runDueJobs();
    const closed = await statusOf(order.id);
    expect(closed).toMatchObject({ status: 3, paymentStatus: 4 });
    const back = (await walletMovesOf(t, order.id)).filter(([kind]) => kind === 'refund');
    expect(back.reduce((s, [, amount]) => s + amount, 0)).toBe(na.refunded.amount + left.refunded.amount);
  });

  it('refunds a ticket once however many ask at once, and two travellers asking at once both', async () => {
    const order = await ticketed('flight', [
      ['王芳', '1990-01-15'],
      ['王磊', '1991-02-16'],
      ['王强', '1992-03-17'],
    ]);
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const one = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id, 0)).json());
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(alice, '/api/refund', {
          orderId: order.id,
          subOrderId: sub.id,
          traveller: 0,
          expectedFeeMinor: one.fee.amount,
        }),
      ),
    );
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of same.filter((x) => x.statusCode !== 200))
      expect(apiErrorSchema.parse(r.json()).errorCode).toBe(2202);

    const [a, b] = await Promise.all(
      [1, 2].map(async (traveller) => {
        const q = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id, traveller)).json());
        return post(alice, '/api/refund', {
          orderId: order.id,
          subOrderId: sub.id,
          traveller,
          expectedFeeMinor: q.fee.amount,
        });
      }),
    );
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const live = await t.db
      .selectFrom('refunds')
      .select(['travellerPosition', 'status'])
      .where('orderId', '=', order.id)
      .orderBy('travellerPosition')
      .execute();
    expect(live).toEqual([
      { travellerPosition: 0, status: 'processing' },
      { travellerPosition: 1, status: 'processing' },
      { travellerPosition: 2, status: 'processing' },
    ]);
    // Every ticket is being refunded: the sub-order moved once, with one event.
    expect((await statusOf(order.id)).subOrders[0]?.status).toBe(6);
    const moved = (await orderEventsOf(t, order.id)).filter((e) => e.startsWith('refund-requested:'));
    expect(moved).toHaveLength(1);
  });

  it('keeps an infant with an adult: refunding the adult alone is refused, together they go', async () => {
    const order = await ticketed('flight', [
      ['赵敏', '1988-08-08'],
      ['赵小宝', '2026-05-01'],
    ]);
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    expect(order.travellers.map((x) => x.airType)).toEqual(['ADULT', 'INFANT']);
    const alone = await quoteOf(alice, order.id, sub.id, 0);
    expect(apiErrorSchema.parse(alone.json()).errorCode).toBe(2206);
    const both = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id)).json());
    expect(both.tickets.map((q) => q.traveller)).toEqual(['赵敏', '赵小宝']);
    // An infant on a lap pays no airline fee.
    expect(both.tickets[1]?.fee.amount).toBe(0);
  });

  it('prices a train refund by the ladder on the fare alone and keeps the service fee, and refuses after departure', async () => {
    const order = await ticketed('train');
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    expect(sub.ticketing).toBe('offline');
    const service = sub.serviceFee?.amount ?? 0;
    expect(service).toBeGreaterThan(0);
    const fare = sub.price.amount - service;
    const departure = Date.parse(order.legs[0]?.departureTime ?? '');
    const at = async (hoursLeft: number) => {
      clock = departure - hoursLeft * 3600_000;
      return (await quoteOf(alice, order.id, sub.id)).json();
    };
    const five = refundQuoteSchema.parse(await at(100)).tickets[0];
    expect(five).toMatchObject({ percent: 5, rule: 'rail-48h', serviceFee: { amount: service } });
    expect(five?.fee.amount).toBe(Math.round((fare * 5) / 100 / 50) * 50);
    expect(five?.refunded.amount).toBe(fare - (five?.fee.amount ?? 0));
    expect(refundQuoteSchema.parse(await at(30)).tickets[0]).toMatchObject({ percent: 10, rule: 'rail-24h' });
    expect(refundQuoteSchema.parse(await at(23)).tickets[0]).toMatchObject({ percent: 20, rule: 'rail-under-24h' });
    expect(refundQuoteSchema.parse(await at(200)).tickets[0]).toMatchObject({
      fee: { amount: 0 },
      refunded: { amount: fare },
    });
    expect(apiErrorSchema.parse(await at(-1))).toMatchObject({ errorCode: 2202, params: { reason: 'departed' } });
  });
});
