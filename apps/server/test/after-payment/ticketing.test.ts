import { noticePageSchema, orderSchema, type SearchResult } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient, orderBody, traveller } from '../../src/features/orders/booking-client.test-support';
import { createTestApp, type TestApp } from '../harness';
import { payOrder } from './paid-order';

const START = new Date('2026-11-22T04:00:00Z');
const clock = START.getTime();
const now = () => new Date(clock);

let t: TestApp;
let c: ReturnType<typeof bookingClient>;
let alice: string;
let flights: { searchId: string; results: SearchResult[] };

beforeAll(async () => {
  t = await createTestApp(
    {
      SEARCH_LATENCY_SCALE: '0',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_PLANNER_WORKER: 'false',
      RATE_LIMIT_MAX: '1000000',
      RAIL_IDENTITY_DELAY_MS: '0',
      RAIL_IDENTITY_LATENCY_MS: '0',
      TICKETING_HOURS: '3',
    },
    now,
  );
  c = bookingClient(t);
  alice = await c.signUp();
  flights = await c.search({
    type: 1,
    mode: 'flight',
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
}, 120_000);
afterAll(() => t.close());

async function bookFlight(cookie: string) {
  const result = flights.results.find((x) => x.agent === 'own' && x.legs.length === 1);
  if (!result) throw new Error('no nonstop flight');
  const offer = await c.offerOf(cookie, flights.searchId, result.id);
  const wei = await c.save(cookie, traveller('张伟', '1985-03-02'));
  const res = await c.create(cookie, orderBody(offer, flights.searchId, [wei]));
  expect(res.statusCode, res.body).toBe(200);
  return orderSchema.parse(res.json());
}

const orderOf = async (cookie: string, id: string) => orderSchema.parse((await c.get(cookie, id)).json());

describe('ticketing starts after payment', () => {
  it('moves a paid order to ticketing (2 → 4, sub-orders 7 → 2) once, with the payment-received notice', async () => {
    const order = await bookFlight(alice);
    expect(await payOrder(t.db, order.id, now())).toBe(true);
    expect(await payOrder(t.db, order.id, now())).toBe(false);
    let seen = await orderOf(alice, order.id);
    expect(seen).toMatchObject({ status: 2, paymentStatus: 2 });
    expect(seen.subOrders.map((s) => s.status)).toEqual([7]);

    await t.app.jobs?.runDueJobs();
    seen = await orderOf(alice, order.id);
    expect(seen.status).toBe(4);
    expect(seen.subOrders.map((s) => s.status)).toEqual([2]);

    const res = await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie: alice } });
    const page = noticePageSchema.parse(res.json());
    const paid = page.items.filter((n) => n.kind === 'payment-received' && n.orderId === order.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.params).toMatchObject({
      orderNumber: order.orderNumber,
      hours: 3,
      amountMinor: order.payment.price.amount,
    });

    const events = await t.db
      .selectFrom('orderEvents')
      .select(['kind', 'fromStatus', 'toStatus'])
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => `${e.kind}:${e.fromStatus}→${e.toStatus}`)).toEqual([
      'created:null→0',
      'paid:0→2',
      'ticketing:2→4',
      'sub-order-issuing:7→2',
    ]);
  });
});
