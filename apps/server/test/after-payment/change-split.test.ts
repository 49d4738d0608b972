import {
  apiErrorSchema,
  changeOptionsSchema,
  changeQuoteSchema,
  orderPageSchema,
  railClassFare,
  type SearchResult,
  ticketChangeSchema,
  walletSummarySchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { traveller } from '../booking-client';
import { refundAtQuote } from '../support/refund-at-quote';
import { changeSuite } from './change-client';
import { payOrder } from './paid-order';

const { t, k, clock } = changeSuite();

type Ids = { orderId: string; subOrderId: string; resultId: string; seatClass?: string; travellers?: string };

const quoteOf = (cookie: string, q: Ids) =>
  k.get(cookie, `/api/change/quote?${new URLSearchParams({ searchId: k.searchId, ...q })}`);
const confirmOf = (cookie: string, q: Ids, expected: { dueMinor: number; refundMinor: number }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/change',
    headers: { cookie },
    payload: { ...q, searchId: k.searchId, expected },
  });
const ticketsOf = (orderId: string) =>
  t.db
    .selectFrom('tickets')
    .select(['subOrderId', 'travellerPosition', 'ticketNumber', 'coach', 'seat'])
    .where('orderId', '=', orderId)
    .orderBy('issuedAt')
    .execute();
const walletOf = async (cookie: string) =>
  walletSummarySchema.parse((await k.get(cookie, '/api/wallet')).json()).balance.amount;

/** Two adults on one train ticket, ticketed. */
async function twoOnOneTicket(train: SearchResult) {
  const cookie = await k.c.signUp();
  const people = [
    await k.c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' })),
    await k.c.save(cookie, traveller('李娜', '1990-05-06')),
  ];
  const order = await k.ticketedTrain(cookie, train, people, clock.tick);
  const sub = order.subOrders[0]?.id as string;
  return { cookie, order, sub, before: await ticketsOf(order.id) };
}

describe('changing some travellers of a train ticket', () => {
  it('moves one of two travellers to first class on the same train for their own difference, and the other refunds alone', async () => {
    clock.reset();
    const train = k
      .byFare()
      .find((r) => railClassFare(r.legs[0] as SearchResult['legs'][number], 'M') !== undefined) as SearchResult;
    const { cookie, order, sub, before } = await twoOnOneTicket(train);
    const options = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(options.tickets[0]?.travellers).toEqual([
      { position: 0, name: '张伟', refunded: false },
      { position: 1, name: '李娜', refunded: false },
    ]);

    const ids = { orderId: order.id, subOrderId: sub, resultId: train.id, seatClass: 'M' };
    for (const travellers of ['2', '1,1']) {
      const refused = await quoteOf(cookie, { ...ids, travellers });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(apiErrorSchema.parse(refused.json())).toMatchObject({ errorCode: 2207, params: { reason: 'travellers' } });
    }
    const both = changeQuoteSchema.parse((await quoteOf(cookie, ids)).json());
    const one = changeQuoteSchema.parse((await quoteOf(cookie, { ...ids, travellers: '1' })).json());
    const first = railClassFare(train.legs[0] as SearchResult['legs'][number], 'M') as number;
    expect(both.travellers).toEqual([0, 1]);
    expect(one).toMatchObject({ travellers: [1], newFare: { amount: first }, rule: 'rail-higher' });
    expect(one.oldFare.amount * 2).toBe(both.oldFare.amount);
    expect(one.due.amount).toBe(first - one.oldFare.amount);

    const confirmed = await confirmOf(
      cookie,
      { ...ids, travellers: '1' },
      { dueMinor: one.due.amount, refundMinor: 0 },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    expect(change).toMatchObject({ status: 'awaiting-payment', travellers: [1] });
    expect(change.oldSubOrderId).not.toBe(sub);
    expect((await k.order(cookie, order.id)).priceDifference?.amount).toBe(one.due.amount);
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs();

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.changeMoney).toMatchObject({ difference: { amount: one.due.amount }, refund: { amount: 0 } });
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(after.subOrders).toHaveLength(3);
    expect(subs.get(sub)?.status).toBe(5);
    expect(subs.get(change.oldSubOrderId)?.status).toBe(4);
    expect(subs.get(change.newSubOrderId)).toMatchObject({ status: 5, flightNumber: train.legs[0]?.number });
    // Both ride the train as booked, in two classes: its header is that train's.
    expect(after).toMatchObject({
      separateTrains: false,
      departureTime: train.legs[0]?.departureTime,
      arrivalTime: train.legs[0]?.arrivalTime,
    });
    // 张伟 keeps his ticket as issued; 李娜's old ticket is the changed one, her new one is on the new sub-order.
    const tickets = await ticketsOf(order.id);
    const was = (p: number) => before.find((x) => x.travellerPosition === p);
    expect(tickets.filter((x) => x.subOrderId === sub)).toEqual([was(0)]);
    expect(tickets.filter((x) => x.subOrderId === change.oldSubOrderId)).toEqual([
      { ...was(1), subOrderId: change.oldSubOrderId },
    ]);
    expect(tickets.filter((x) => x.subOrderId === change.newSubOrderId).map((x) => x.travellerPosition)).toEqual([1]);
    // One second-class seat still held for 张伟, one first-class seat for 李娜.
    const holds = await t.db
      .selectFrom('seatHolds')
      .select(['stockKey', 'seats'])
      .where('orderId', '=', order.id)
      .where('releasedAt', 'is', null)
      .execute();
    expect(holds.map((h) => [h.stockKey.slice(-2), h.seats]).sort()).toEqual([
      [':M', 1],
      [':O', 1],
    ]);

    // 张伟 alone refunds his ticket: what he paid for it, 李娜's new ticket untouched.
    const { quote: quoted, refunds } = await refundAtQuote(t, cookie, { orderId: order.id, subOrderId: sub });
    expect(quoted.tickets).toEqual([expect.objectContaining({ traveller: '张伟', travellerPosition: 0 })]);
    // What he paid for his ticket: his fare and the agents' service fee, which the refund keeps.
    const fee = quoted.tickets[0]?.serviceFee.amount ?? 0;
    expect(quoted.paid.amount - fee).toBe(both.oldFare.amount - one.oldFare.amount);
    expect(refunds.map((r) => r.traveller)).toEqual(['张伟']);
    const refunded = new Map((await k.order(cookie, order.id)).subOrders.map((s) => [s.id, s.status]));
    expect(refunded.get(sub)).toBe(6);
    expect(refunded.get(change.newSubOrderId)).toBe(5);
  }, 180_000);

  it('makes the ticket whole again when a dearer change of one traveller lapses unpaid', async () => {
    clock.reset();
    const list = k.byFare();
    const [booked, dearer] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const { cookie, order, sub, before } = await twoOnOneTicket(booked);
    const was = await k.order(cookie, order.id);
    const ids = { orderId: order.id, subOrderId: sub, resultId: dearer.id, travellers: '1' };
    const q = changeQuoteSchema.parse((await quoteOf(cookie, ids)).json());
    expect(q.due.amount).toBeGreaterThan(0);
    const confirmed = await confirmOf(cookie, ids, { dueMinor: q.due.amount, refundMinor: 0 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    clock.tick(31);
    await k.runJobs();

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.subOrders.map((s) => [s.id, s.status])).toEqual([
      [sub, 5],
      [change.newSubOrderId, 8],
    ]);
    // Both travellers hold their tickets as issued, on one ticket, at the price paid.
    expect(await ticketsOf(order.id)).toEqual(before);
    expect(after.payment.price).toEqual(was.payment.price);
    expect(after.legs).toEqual(was.legs);
    const whole = after.subOrders[0];
    const then = was.subOrders[0];
    expect([whole?.ticketNumber, whole?.seat, whole?.price]).toEqual([then?.ticketNumber, then?.seat, then?.price]);
    const options = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(options.tickets.map((x) => [x.subOrderId, x.travellers.map((p) => p.position)])).toEqual([[sub, [0, 1]]]);
    const steps = await t.db
      .selectFrom('orderEvents')
      .select('kind')
      .where('orderId', '=', order.id)
      .where('kind', 'in', ['sub-order-split', 'sub-order-joined'])
      .orderBy('id')
      .execute();
    expect(steps.map((e) => e.kind)).toEqual(['sub-order-split', 'sub-order-joined']);
  }, 180_000);

  it('leaves out of a change a traveller whose own ticket was refunded, and refuses to change it', async () => {
    clock.reset();
    const list = k.byFare();
    const [booked, other] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const { cookie, order, sub } = await twoOnOneTicket(booked);
    await refundAtQuote(t, cookie, { orderId: order.id, subOrderId: sub, traveller: 0 });
    const options = changeOptionsSchema.parse((await k.get(cookie, `/api/change/options?id=${order.id}`)).json());
    expect(options.tickets.map((x) => [x.subOrderId, x.refusal, x.travellers])).toEqual([
      [
        sub,
        null,
        [
          { position: 0, name: '张伟', refunded: true },
          { position: 1, name: '李娜', refunded: false },
        ],
      ],
    ]);
    const ids = { orderId: order.id, subOrderId: sub, resultId: other.id };
    for (const travellers of ['0', '0,1']) {
      const refused = await quoteOf(cookie, { ...ids, travellers });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(apiErrorSchema.parse(refused.json())).toMatchObject({ errorCode: 2207, params: { reason: 'refunded' } });
      const confirmed = await confirmOf(cookie, { ...ids, travellers }, { dueMinor: 0, refundMinor: 0 });
      expect(confirmed.statusCode, confirmed.body).toBe(422);
      expect(apiErrorSchema.parse(confirmed.json())).toMatchObject({ errorCode: 2207, params: { reason: 'refunded' } });
    }
    // None named is everyone whose ticket stands: 李娜 alone.
    const q = changeQuoteSchema.parse((await quoteOf(cookie, ids)).json());
    expect(q.travellers).toEqual([1]);
    expect(changeQuoteSchema.parse((await quoteOf(cookie, { ...ids, travellers: '1' })).json())).toEqual(q);
  }, 180_000);

  it('moves one of two travellers to a cheaper train, issued at once, with their own difference back once', async () => {
    clock.reset();
    const list = k.byFare();
    const [cheaper, booked] = [list[0] as SearchResult, list.at(-1) as SearchResult];
    const { cookie, order, sub, before } = await twoOnOneTicket(booked);
    const ids = { orderId: order.id, subOrderId: sub, resultId: cheaper.id, travellers: '0' };
    const q = changeQuoteSchema.parse((await quoteOf(cookie, ids)).json());
    const difference = q.oldFare.amount - q.newFare.amount;
    expect(difference).toBeGreaterThan(0);
    // Nine days before departure: the ladder's 8-day step charges nothing on the difference.
    expect(q).toMatchObject({
      travellers: [0],
      due: { amount: 0 },
      fee: { amount: 0 },
      refund: { amount: difference },
    });
    const wallet = await walletOf(cookie);
    const expected = { dueMinor: 0, refundMinor: difference };

    // The same confirmation 50 times at once: one split, one change, one refund.
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirmOf(cookie, ids, expected)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect([r.statusCode, apiErrorSchema.parse(r.json()).errorCode]).toEqual([422, 2207]);
    const change = ticketChangeSchema.parse(answers.find((r) => r.statusCode === 200)?.json());
    clock.tick();
    await k.runJobs();
    await k.runJobs();
    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.subOrders.map((s) => [s.flightNumber, s.status])).toEqual([
      [booked.legs[0]?.number, 5],
      [booked.legs[0]?.number, 4],
      [cheaper.legs[0]?.number, 5],
    ]);
    const splits = await t.db
      .selectFrom('orderEvents')
      .select('kind')
      .where('orderId', '=', order.id)
      .where('kind', '=', 'sub-order-split')
      .execute();
    expect(splits).toHaveLength(1);
    expect(await t.db.selectFrom('ticketChanges').select('id').where('orderId', '=', order.id).execute()).toEqual([
      { id: change.id },
    ]);
    expect((await walletOf(cookie)) - wallet).toBe(difference);
    // 李娜 keeps her ticket on the booked train; 张伟 rides the cheaper one, a part of the trip of its own.
    expect((await ticketsOf(order.id)).filter((x) => x.subOrderId === sub)).toEqual(
      before.filter((x) => x.travellerPosition === 1),
    );
    expect(after.legs.map((l) => l.number)).toEqual([booked.legs[0]?.number, cheaper.legs[0]?.number]);
    expect(after.bounds).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ]);
    // The order's header, here and in the list: the earlier train's departure, and that the two ride apart.
    const first = [booked, cheaper]
      .map((r) => r.legs[0]?.departureTime as string)
      .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
    const listed = orderPageSchema.parse((await k.c.list(cookie, '')).json()).items.find((o) => o.id === order.id);
    for (const head of [after, listed])
      expect(head).toMatchObject({
        separateTrains: true,
        departureTime: first,
        arrivalTime: booked.legs[0]?.arrivalTime,
      });
    // The calendar file puts each traveller's ticket on the train they ride, never the changed one.
    const tickets = await ticketsOf(order.id);
    const numberOf = (subOrderId: string) => tickets.find((x) => x.subOrderId === subOrderId)?.ticketNumber as string;
    const ics = (await k.get(cookie, `/api/itinerary/ics?id=${order.id}`)).body.replace(/\r?\n[ \t]/g, '');
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events).toHaveLength(2);
    const [kept, moved] = events as [string, string];
    expect(kept).toContain(numberOf(sub));
    expect(kept).not.toContain(numberOf(change.oldSubOrderId));
    expect(moved).toContain(numberOf(change.newSubOrderId));
    expect(moved).toContain(cheaper.legs[0]?.number);
  }, 180_000);
});
