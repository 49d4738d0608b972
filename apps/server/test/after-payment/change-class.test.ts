import {
  apiErrorSchema,
  type BookingExtras,
  changeQuoteSchema,
  ERRORS,
  railClassFare,
  type SearchResult,
} from '@junction/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changeSuite } from './change-client';
import { payOrder } from './paid-order';

const { t, k, clock } = changeSuite();

const quoteOf = (cookie: string, q: Record<string, string>) =>
  k.get(cookie, `/api/change/quote?${new URLSearchParams({ searchId: k.searchId, ...q })}`);

describe('changing a train ticket to another seat class of the same train', () => {
  it('quotes and issues the same train in first class, and refuses a class the train lacks or no change at all', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const train = k
      .byFare()
      .find((r) => railClassFare(r.legs[0] as SearchResult['legs'][number], 'M') !== undefined) as SearchResult;
    expect(train, 'a train with first-class seats').toBeTruthy();
    const order = await k.ticketedTrain(cookie, train, undefined, clock.tick);
    const old = order.subOrders[0]?.id as string;
    const ids = { orderId: order.id, subOrderId: old, resultId: train.id };

    // The same train in the same class is no change, refused as such; a class the train does not have is refused.
    for (const [seatClass, error] of [
      [undefined, { errorCode: ERRORS.CHANGE_SAME_TRIP.errorCode }],
      ['Z9', { errorCode: 2207, params: { reason: 'seat-class' } }],
    ] as const) {
      const res = await quoteOf(cookie, seatClass ? { ...ids, seatClass } : ids);
      expect(res.statusCode, res.body).toBe(422);
      expect(apiErrorSchema.parse(res.json())).toMatchObject(error);
    }

    // The railway moved the booked train once; the change's new ticket is not that moved train.
    const planted = '2026-12-01T05:00:00+08:00';
    await sql`update orders set itinerary = jsonb_set(itinerary, '{scheduleChanges}', ${JSON.stringify([
      {
        legIndex: 0,
        departureTime: train.legs[0]?.departureTime,
        arrivalTime: train.legs[0]?.arrivalTime,
        previousDepartureTime: planted,
        previousArrivalTime: planted,
      },
    ])}::jsonb) where id = ${order.id}`.execute(t.db);
    expect((await k.order(cookie, order.id)).scheduleChanges).toHaveLength(1);

    const res = await quoteOf(cookie, { ...ids, seatClass: 'M' });
    expect(res.statusCode, res.body).toBe(200);
    const q = changeQuoteSchema.parse(res.json());
    const first = railClassFare(train.legs[0] as SearchResult['legs'][number], 'M') as number;
    expect(q).toMatchObject({ from: { seatClass: 'O' }, to: { seatClass: 'M', number: train.legs[0]?.number } });
    expect(q.newFare.amount).toBe(first);
    expect(q.due.amount).toBe(q.newFare.amount - q.oldFare.amount);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/change',
      headers: { cookie },
      payload: { ...ids, searchId: k.searchId, seatClass: 'M', expected: { dueMinor: q.due.amount, refundMinor: 0 } },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = confirmed.json() as { newSubOrderId: string; status: string };
    expect(change.status).toBe('awaiting-payment');
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs();

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(subs.get(old)?.status).toBe(4);
    expect(subs.get(change.newSubOrderId)).toMatchObject({ status: 5, flightNumber: train.legs[0]?.number });
    expect(after.scheduleChanges.filter((c) => c.previousDepartureTime === planted)).toEqual([]);
    // The ticket is now first class: the order's seat choice and the seats held say so.
    const row = await t.db.selectFrom('orders').select('extras').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect((row.extras as BookingExtras).rail?.[0]?.seatClass).toBe('M');
    const holds = await k.heldKeys(order.id);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatch(/:M$/);
  }, 180_000);
});
