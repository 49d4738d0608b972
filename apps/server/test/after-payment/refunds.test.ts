import {
  apiErrorSchema,
  noticePageSchema,
  orderFulfilmentSchema,
  orderSchema,
  refundQuoteSchema,
  refundSchema,
  type SearchResult,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, orderBody, traveller } from '../booking-client';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { payOrder } from './paid-order';

const START = new Date('2026-12-03T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let c: ReturnType<typeof bookingClient>;
let alice: string;
let bob: string;
const found: Record<'flight' | 'train', { searchId: string; results: SearchResult[] }> = {} as never;

beforeAll(async () => {
  t = await createTestApp(
    {
      ...QUIET_SETTINGS,
      TICKETING_DELAY_MS: '0',
      TICKETING_FAILURE_RATE: '0',
      REFUND_PROCESSING_SECONDS: '600',
    },
    now,
  );
  c = bookingClient(t);
  alice = await c.signUp();
  bob = await c.signUp();
  for (const mode of ['flight', 'train'] as const) {
    found[mode] = await c.search({
      type: 1,
      mode,
      legs: [
        {
          departure: 'BJS',
          destination: 'SHA',
          departure_date: '2026/12/10',
          departureName: '北京',
          destinationName: '上海',
        },
      ],
    });
  }
}, 120_000);
afterAll(() => t.close());

async function ticketed(mode: 'flight' | 'train') {
  clock = START.getTime();
  const f = found[mode];
  const result = f.results.find((r) => r.legs.length === 1 && (mode === 'train' || r.agent === 'own'));
  if (!result) throw new Error('nothing to book');
  const offer = await c.offerOf(alice, f.searchId, result.id);
  const wei = await c.save(alice, traveller('张伟', '1985-03-02'));
  const res = await c.create(alice, orderBody(offer, f.searchId, [wei]));
  const order = orderSchema.parse(res.json());
  await payOrder(t, alice, order.id);
  await t.app.jobs?.runDueJobs();
  const seen = orderSchema.parse((await c.get(alice, order.id)).json());
  expect(seen.status).toBe(5);
  return seen;
}

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const quoteOf = async (cookie: string, orderId: string, subOrderId: string) =>
  get(cookie, `/api/refund/quote?${new URLSearchParams({ orderId, subOrderId })}`);

describe('refunds', () => {
  it('quotes, confirms, is withdrawn, then asked again and paid back: sub-order 5 → 6 → 5 → 6 → 3, order 3, payment 4', async () => {
    const order = await ticketed('flight');
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const quote = refundQuoteSchema.parse((await quoteOf(alice, order.id, sub.id)).json());
    const perTraveller = order.fees.cancelBefore?.amount ?? 0;
    expect(quote).toMatchObject({ rule: order.fees.free24h ? 'air-free-24h' : 'air-before-2h', paid: sub.price });
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
    const refund = refundSchema.parse(asked.json());
    expect(refund).toMatchObject({
      status: 'processing',
      withdrawable: true,
      reason: 'traveller',
      refunded: quote.refunded,
    });
    expect(orderSchema.parse((await c.get(alice, order.id)).json()).subOrders[0]?.status).toBe(6);
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
    expect(orderSchema.parse((await c.get(alice, order.id)).json()).subOrders[0]?.status).toBe(5);
    // Its payout job finds nothing to pay.
    await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
    await t.app.jobs?.runDueJobs();
    const paidOnly = await t.db
      .selectFrom('walletEntries')
      .selectAll()
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(paidOnly.map((e) => [e.kind, e.amountMinor])).toEqual([['payment', -order.payment.price.amount]]);

    const second = refundSchema.parse(
      (
        await post(alice, '/api/refund', { orderId: order.id, subOrderId: sub.id, expectedFeeMinor: quote.fee.amount })
      ).json(),
    );
    await sql`update graphile_worker._private_jobs set run_at = now() where locked_at is null`.execute(t.db);
    await t.app.jobs?.runDueJobs();
    const done = refundSchema.parse((await get(alice, `/api/refund?id=${second.id}`)).json());
    expect(done).toMatchObject({ status: 'done', channel: 'wallet', withdrawable: false });
    expect(done.timeline.map((e) => e.status)).toEqual(['processing', 'done']);
    const entries = await t.db
      .selectFrom('walletEntries')
      .selectAll()
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.kind, e.amountMinor])).toEqual([
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
    const closed = orderSchema.parse((await c.get(alice, order.id)).json());
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

  it('prices a train refund by the ladder at the time left, and refuses after departure', async () => {
    const order = await ticketed('train');
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const departure = Date.parse(order.legs[0]?.departureTime ?? '');
    const at = async (hoursLeft: number) => {
      clock = departure - hoursLeft * 3600_000;
      return (await quoteOf(alice, order.id, sub.id)).json();
    };
    expect(refundQuoteSchema.parse(await at(30))).toMatchObject({ percent: 10, rule: 'rail-24h' });
    expect(refundQuoteSchema.parse(await at(23))).toMatchObject({ percent: 20, rule: 'rail-under-24h' });
    expect(refundQuoteSchema.parse(await at(100))).toMatchObject({ percent: 5 });
    expect(apiErrorSchema.parse(await at(-1))).toMatchObject({ errorCode: 2202, params: { reason: 'departed' } });
  });
});
