import {
  addDays,
  apiErrorSchema,
  orderSchema,
  type PassengerInput,
  refundQuoteSchema,
  refundSchema,
  refundsMadeSchema,
  seatMapsSchema,
  seatPriceIn,
  toRequestDate,
  utcDateOf,
} from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidOrder } from '../after-payment/paid-order';
import { bookingClient, orderBody } from '../booking-client';
import { DUFFEL_TEST_TOKEN, duffelTestFake } from '../fakes/duffel-timetable';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { runAllJobs } from '../support/jobs';
import { SURE_TICKETING } from '../support/settings';

/*
 * A Duffel flight bought end to end against the fake: quoted again before booking, paid, ticketed by a
 * Duffel order in the traveller's name with the passport and the extra bag (or the seat chosen on its seat
 * map), a lost answer settled without booking twice, then given back at Duffel's own refund quote.
 */

const fake = duffelTestFake();
let t: TestApp;
let c: ReturnType<typeof bookingClient>;
const WEBHOOK_SECRET = 'whsec_junction_test_0123456789';
// The app's clock is held at one instant, and the flight is forty days after it, whatever day the tests run.
const NOW = new Date('2026-11-22T04:00:00Z');
const date = addDays(utcDateOf(NOW), 40);

beforeAll(async () => {
  await fake.start();
  t = await createTestApp(
    {
      ...QUIET_SETTINGS,
      ...SURE_TICKETING,
      DUFFEL_ACCESS_TOKEN: DUFFEL_TEST_TOKEN,
      DUFFEL_BASE_URL: fake.baseUrl,
      DUFFEL_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SEARCH_SIMULATED_FLIGHT_SELLERS: 'false',
      REFUND_PROCESSING_SECONDS: '0',
    },
    () => NOW,
  );
  c = bookingClient(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const runJobs = () => runAllJobs(t);

const passport = (number: string) => [{ type: 'A' as const, number, expiryDate: '2034-05-01', issuingCountry: 'CN' }];
const ZHANG_WEI: PassengerInput = {
  surname: 'ZHANG',
  givenNames: 'WEI',
  chineseName: '张伟',
  birthDate: '1988-04-12',
  gender: 'MALE',
  nationality: 'CN',
  documents: passport('E12345678'),
};

/** Korean Air's KE852 from Beijing to Seoul on the travel date, as a search found it (Duffel sells it). */
async function seoulKE852() {
  const { searchId, results } = await c.search({
    type: 1,
    mode: 'flight',
    legs: [{ departure: 'BJS', destination: 'SEL', departure_date: toRequestDate(date) }],
  });
  const result = results.find((r) => r.legs[0]?.number === 'KE852');
  if (!result) throw new Error('no KE852');
  return { searchId, result };
}

describe('a Duffel flight, booked and given back', () => {
  it('is quoted again, ticketed by a Duffel order in the traveller’s name after a lost answer, and refunded at Duffel’s quote', async () => {
    const cookie = await c.signUp();
    const wei = await c.save(cookie, ZHANG_WEI);
    const { searchId, result } = await seoulKE852();
    expect(result.sellers.map((s) => s.supplier)).toEqual(['duffel']);
    // Sold by the airline through Duffel, and labelled so, not as a fare of ours.
    expect(result.seller).toEqual({ en: 'Korean Air', 'zh-CN': '大韩航空' });

    // Before booking, the offer is asked for again for one traveller and read with its extra-bag price.
    const offer = await c.offerOf(cookie, searchId, result.id);
    expect(offer.result.legs[0]?.baggage?.checked.extraPrice?.amount).toBeGreaterThan(0);
    const order = await paidOrder(
      t,
      c,
      cookie,
      orderBody(offer, searchId, [wei], { baggage: [{ ticket: 0, pieces: [1] }] }),
    );

    // Duffel makes the order but its answer is lost on the way back: the next try finds it.
    fake.scripted.push({
      method: 'POST',
      path: /^\/air\/orders$/,
      status: 502,
      body: {
        errors: [{ type: 'api_error', code: 'bad_gateway', title: 'Bad gateway', message: 'x', documentation_url: '' }],
      },
      lost: true,
    });
    await runJobs();
    expect(orderSchema.parse((await c.get(cookie, order.id)).json()).status).toBe(4);
    await runJobs();
    const ticketed = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(ticketed.status).toBe(5);
    expect(ticketed.seller).toEqual(result.seller);
    expect(fake.orders.size).toBe(1);
    const [duffelOrder] = [...fake.orders.values()];
    expect(ticketed.subOrders[0]?.confirmationCode).toBe(duffelOrder?.booking_reference);
    expect(ticketed.subOrders[0]?.ticketNumber).toMatch(/^\d{13}$/);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').at(-1)?.body as {
      data: { passengers: Record<string, unknown>[]; services: { quantity: number }[]; payments: { amount: string }[] };
    };
    expect(sent.data.passengers[0]).toMatchObject({
      given_name: 'WEI',
      family_name: 'ZHANG',
      born_on: '1988-04-12',
      gender: 'm',
      title: 'mr',
      email: 'zhang.wei@example.com',
      phone_number: '+8613800138000',
      identity_documents: [
        { type: 'passport', unique_identifier: 'E12345678', issuing_country_code: 'CN', expires_on: '2034-05-01' },
      ],
    });
    expect(sent.data.services).toEqual([expect.objectContaining({ quantity: 1 })]);
    // 210 dollars of fare and 45 of the bag, paid from the Duffel balance.
    expect(sent.data.payments[0]?.amount).toBe('255.00');

    // The airline moves the flight: Duffel's signed webhook re-times the order, its notice told once
    // however often Duffel delivers it; a forged one is refused and changes nothing.
    const post = (e: { body: string; signature: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/duffel/webhook',
        payload: e.body,
        headers: { 'content-type': 'application/json', 'x-duffel-signature': e.signature },
      });
    const notices = () =>
      t.db.selectFrom('notifications').select('params').where('kind', '=', 'schedule-change').execute();
    const flight = async () => {
      const now = orderSchema.parse((await c.get(cookie, order.id)).json());
      return {
        departure: now.departureTime,
        leg: [now.legs[0]?.departureTime, now.legs[0]?.arrivalTime],
        booked: now.scheduleChanges.map((s) => [s.previousDepartureTime, s.previousArrivalTime]),
      };
    };
    const booked = [`${date}T09:40:00+08:00`, `${date}T12:45:00+09:00`];
    const id = duffelOrder?.id ?? '';
    // Duffel detects two changes, 45 minutes later, then 30 more, and delivers the later one first.
    const first = fake.scheduleChangeEvent(id, 45, WEBHOOK_SECRET);
    const second = fake.scheduleChangeEvent(id, 30, WEBHOOK_SECRET);
    const forged = await post({ body: second.body, signature: second.signature.replace(/v1=\w{8}/, 'v1=00000000') });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ errorCode: 4030 });
    expect(await notices()).toHaveLength(0);
    expect((await post(second)).statusCode).toBe(200);
    expect((await post(second)).statusCode).toBe(200);
    expect(await flight()).toEqual({
      departure: `${date}T10:55:00+08:00`,
      leg: [`${date}T10:55:00+08:00`, `${date}T14:00:00+09:00`],
      booked: [booked],
    });
    // The earlier change, delivered late and again, moves nothing back and tells nothing.
    expect((await post(first)).statusCode).toBe(200);
    expect((await post(first)).statusCode).toBe(200);
    expect((await flight()).leg).toEqual([`${date}T10:55:00+08:00`, `${date}T14:00:00+09:00`]);
    expect(await notices()).toEqual([
      { params: expect.objectContaining({ departureAt: booked[0], changedAt: `${date}T10:55:00+08:00` }) },
    ]);
    // A later change of the same flight is told again, from the time it had.
    expect((await post(fake.scheduleChangeEvent(id, -15, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await flight()).toEqual({
      departure: `${date}T10:40:00+08:00`,
      leg: [`${date}T10:40:00+08:00`, `${date}T13:45:00+09:00`],
      booked: [booked],
    });
    expect(await notices()).toEqual(
      expect.arrayContaining([
        {
          params: expect.objectContaining({
            departureAt: `${date}T10:55:00+08:00`,
            changedAt: `${date}T10:40:00+08:00`,
          }),
        },
      ]),
    );
    expect(await notices()).toHaveLength(2);

    // Giving it back: Duffel's quote sets the fee, and the cancellation is confirmed at payout.
    const sub = ticketed.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const q = await t.app.inject({
      method: 'GET',
      url: `/api/refund/quote?${new URLSearchParams({ orderId: order.id, subOrderId: sub.id })}`,
      headers: { cookie },
    });
    expect(q.statusCode, q.body).toBe(200);
    const quote = refundQuoteSchema.parse(q.json());
    expect(quote.tickets).toHaveLength(1);
    expect(quote.tickets[0]).toMatchObject({ rule: 'air-seller-quote', traveller: expect.any(String) });
    expect(quote.fee.amount).toBeGreaterThan(0);
    expect(quote.refunded.amount).toBe(quote.paid.amount - quote.fee.amount);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/refund',
      payload: { orderId: order.id, subOrderId: sub.id, expectedFeeMinor: quote.fee.amount },
      headers: { cookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(refundsMadeSchema.parse(asked.json()).refunds.map((r) => r.status)).toEqual(['processing']);
    expect(duffelOrder?.cancelled_at).toBeNull();
    await runJobs();
    expect(duffelOrder?.cancelled_at).toEqual(expect.any(String));
    const after = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(after.subOrders[0]?.status).toBe(3);
    expect(after.status).toBe(3);
  }, 180_000);

  it('is booked with a seat chosen on its seat map: priced, checked again, bought with the Duffel order and shown on the ticket', async () => {
    const cookie = await c.signUp();
    const wei = await c.save(cookie, ZHANG_WEI);
    const { searchId, result } = await seoulKE852();
    const offer = await c.offerOf(cookie, searchId, result.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/booking/seat-maps?${new URLSearchParams({ searchId, resultId: result.id })}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const maps = seatMapsSchema.parse(res.json());
    expect(maps.flights.map((f) => f.leg)).toEqual([0]);
    // Twelve dollars a seat, twice that behind the exit; 1A is taken.
    const seat = seatPriceIn(maps.flights, 0, '3C', 0, ['ADULT']) ?? 0;
    expect(seat).toBeGreaterThan(0);
    expect(seatPriceIn(maps.flights, 0, '4A', 0, ['ADULT'])).toBeGreaterThanOrEqual(2 * seat - 100);
    expect(seatPriceIn(maps.flights, 0, '1A', 0, ['ADULT'])).toBeUndefined();
    expect(maps.flights[0]?.cabins[0]?.rows.some((r) => r.sections.every((x) => x[0]?.kind === 'exit'))).toBe(true);

    const plain = orderBody(offer, searchId, [wei]);
    const withSeat = (designator: string, extraMinor: number) => {
      const body = {
        ...plain,
        extras: { ...plain.extras, seats: [{ leg: 0, seats: [designator] }] },
        expected: { ...plain.expected, totalMinor: plain.expected.totalMinor + extraMinor },
      };
      return body;
    };
    // The seat left out of the price the traveller saw: the price changed, with both totals.
    const unseen = await c.create(cookie, withSeat('3C', 0));
    expect(apiErrorSchema.parse(unseen.json())).toMatchObject({
      errorCode: 2005,
      params: { original: plain.expected.totalMinor, latest: plain.expected.totalMinor + seat },
    });
    // A seat taken since is chosen again.
    const taken = await c.create(cookie, withSeat('1A', 0));
    expect(apiErrorSchema.parse(taken.json())).toMatchObject({ errorCode: 2012, params: { leg: 0, seat: '1A' } });

    const order = await paidOrder(t, c, cookie, withSeat('3C', seat));
    expect(order.breakdown.extras).toEqual([{ kind: 'seat', count: 1, totalMinor: seat }]);
    await runJobs();
    const ticketed = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(ticketed.status).toBe(5);
    expect(ticketed.subOrders[0]?.seat).toBe('3C');
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').at(-1)?.body as {
      data: { services: { id: string; quantity: number }[]; payments: { amount: string }[] };
    };
    expect(sent.data.services).toEqual([{ id: expect.stringMatching(/^ase_/), quantity: 1 }]);
    // 210 dollars of fare and 12 of the seat, paid from the Duffel balance.
    expect(sent.data.payments[0]?.amount).toBe('222.00');

    // Giving it back: Duffel's refund counts the seat (222 dollars paid, 50 of penalty).
    const sub = ticketed.subOrders[0];
    const q = await t.app.inject({
      method: 'GET',
      url: `/api/refund/quote?${new URLSearchParams({ orderId: order.id, subOrderId: sub?.id ?? '' })}`,
      headers: { cookie },
    });
    expect(q.statusCode, q.body).toBe(200);
    const quote = refundQuoteSchema.parse(q.json());
    expect(quote.paid.amount).toBe(order.breakdown.totalMinor);
    expect([...fake.cancellations.values()].at(-1)?.refund_amount).toBe('172.00');
    expect(quote.refunded.amount).toBe(quote.paid.amount - quote.fee.amount);
  }, 180_000);

  it('is given back only for everyone on it at once, Duffel’s refund shared by what each paid, and withdrawn whole', async () => {
    const cookie = await c.signUp();
    const wei = await c.save(cookie, ZHANG_WEI);
    const na = await c.save(cookie, {
      surname: 'LI',
      givenNames: 'NA',
      chineseName: '李娜',
      birthDate: '1990-07-01',
      gender: 'FEMALE',
      nationality: 'CN',
      documents: passport('E87654321'),
    });
    const { searchId, result } = await seoulKE852();
    const offer = await c.offerOf(cookie, searchId, result.id);
    const order = await paidOrder(t, c, cookie, orderBody(offer, searchId, [wei, na]));
    await runJobs();
    const ticketed = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(ticketed.status).toBe(5);
    const sub = ticketed.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const booking = [...fake.orders.values()].find((o) => o.booking_reference === sub.confirmationCode);
    if (!booking) throw new Error('no Duffel order');

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    const quoteOf = (traveller?: number) =>
      get(
        `/api/refund/quote?${new URLSearchParams({
          orderId: order.id,
          subOrderId: sub.id,
          ...(traveller === undefined ? {} : { traveller: String(traveller) }),
        })}`,
      );

    // One of the two: Duffel cancels whole bookings, so it is refused with the reason the page explains.
    const one = await quoteOf(1);
    expect(one.statusCode).toBe(422);
    expect(apiErrorSchema.parse(one.json())).toMatchObject({ errorCode: 2202, params: { reason: 'whole-booking' } });

    // Both: Duffel's refund, shared by what each paid.
    const both = refundQuoteSchema.parse((await quoteOf()).json());
    expect(both.tickets.map((x) => [x.travellerPosition, x.rule])).toEqual([
      [0, 'air-seller-quote'],
      [1, 'air-seller-quote'],
    ]);
    const [first, second] = both.tickets;
    if (!first || !second) throw new Error('two tickets');
    expect(both.paid.amount).toBe(sub.price.amount);
    expect(first.refunded.amount + second.refunded.amount).toBe(both.refunded.amount);
    expect(both.refunded.amount).toBeLessThan(both.paid.amount);
    const cross = first.refunded.amount * second.paid.amount - second.refunded.amount * first.paid.amount;
    expect(Math.abs(cross)).toBeLessThanOrEqual(Math.max(first.paid.amount, second.paid.amount));

    // Withdrawing one ticket's refund takes back both: the booking stands whole again.
    const asked = await post('/api/refund', {
      orderId: order.id,
      subOrderId: sub.id,
      expectedFeeMinor: both.fee.amount,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const made = refundsMadeSchema.parse(asked.json()).refunds;
    expect(made).toHaveLength(2);
    const withdrawn = await post('/api/refund/withdraw', { id: made[0]?.id ?? '' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const r of made) {
      expect(refundSchema.parse((await get(`/api/refund?id=${r.id}`)).json()).status).toBe('withdrawn');
    }
    expect(orderSchema.parse((await c.get(cookie, order.id)).json()).subOrders[0]?.status).toBe(5);

    // Asked again and paid out: Duffel cancels the booking once, before the money of either goes back.
    const again = refundQuoteSchema.parse((await quoteOf()).json());
    const confirmed = await post('/api/refund', {
      orderId: order.id,
      subOrderId: sub.id,
      expectedFeeMinor: again.fee.amount,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirms = () =>
      fake.requests.filter((r) => r.method === 'POST' && /\/actions\/confirm$/.test(r.path)).length;
    const confirmedBefore = confirms();
    await runJobs();
    expect(booking.cancelled_at).toEqual(expect.any(String));
    expect(confirms()).toBe(confirmedBefore + 1);
    const after = orderSchema.parse((await c.get(cookie, order.id)).json());
    expect(after.subOrders[0]?.status).toBe(3);
    expect(after.status).toBe(3);
  }, 180_000);
});
