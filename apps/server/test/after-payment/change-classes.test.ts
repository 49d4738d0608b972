import { changeClassQuotesSchema, changeQuoteSchema, type SearchResult } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { changeSuite } from './change-client';

const { k, clock } = changeSuite();

const classesOf = (cookie: string, q: Record<string, string>) =>
  k.get(cookie, `/api/change/classes?${new URLSearchParams({ searchId: k.searchId, ...q })}`);
const quoteOf = async (cookie: string, q: Record<string, string>) => {
  const res = await k.get(cookie, `/api/change/quote?${new URLSearchParams({ searchId: k.searchId, ...q })}`);
  expect(res.statusCode, res.body).toBe(200);
  return changeQuoteSchema.parse(res.json());
};
const ride = (r: SearchResult) => r.legs[0] as SearchResult['legs'][number];
const withSeats = (r: SearchResult) => (ride(r).seats ?? []).filter((s) => s.remaining > 0).map((s) => s.code);

describe('the seat classes of a new train, quoted in one request', () => {
  it('answers every class with seats as its own quote would, never the ticket’s own class on its own train', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const list = k.byFare();
    const booked = list.find((r) => withSeats(r).length > 1) as SearchResult;
    expect(booked, 'a train selling more than one class').toBeTruthy();
    const order = await k.ticketedTrain(cookie, booked, undefined, clock.tick);
    const ids = { orderId: order.id, subOrderId: order.subOrders[0]?.id as string };

    for (const train of [booked, list.find((r) => r.id !== booked.id && withSeats(r).length > 0) as SearchResult]) {
      const res = await classesOf(cookie, { ...ids, resultId: train.id });
      expect(res.statusCode, res.body).toBe(200);
      const { classes } = changeClassQuotesSchema.parse(res.json());
      // Sold-out classes are not asked for, nor the class the ticket has on its own train (no change at all).
      const asked = withSeats(train).filter((c) => !(train.id === booked.id && c === 'O'));
      expect(classes.map((c) => c.seatClass)).toEqual(asked);
      for (const c of classes) {
        const alone = await quoteOf(cookie, { ...ids, resultId: train.id, seatClass: c.seatClass });
        expect(c.quote).toEqual(alone);
      }
    }
  }, 180_000);

  it("hides another traveller's order and refuses a malformed one, as a quote does", async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const other = await k.c.signUp();
    const [booked] = k.byFare() as [SearchResult];
    const order = await k.ticketedTrain(cookie, booked, undefined, clock.tick);
    const ids = { orderId: order.id, subOrderId: order.subOrders[0]?.id as string, resultId: booked.id };
    expect((await classesOf(other, ids)).statusCode).toBe(404);
    expect((await classesOf(cookie, { ...ids, orderId: 'nope' })).statusCode).toBe(400);
  }, 180_000);
});
