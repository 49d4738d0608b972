import { orderPageSchema, orderSchema, type ResultLeg, type SearchResult } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingShanghai, errorOf, orderBody, traveller } from './booking-client';
import type { TestApp } from './harness';
import { type BookingClient, bookingApp, type Found } from './support/booking-app';

const NOW = new Date('2026-11-22T04:00:00Z');

let t: TestApp;
let c: BookingClient;
let business: Found;
let first: Found;
beforeAll(async () => {
  ({ t, c } = await bookingApp(() => NOW));
  business = await c.search({ ...beijingShanghai('flight'), cabin: 'C' });
  first = await c.search({ ...beijingShanghai('flight'), cabin: 'F' });
}, 120_000);
afterAll(() => t.close());

const leg = (r: SearchResult) => r.legs[0] as ResultLeg;
/** Seats left in the cabin a nonstop flight is sold in; undefined when the flight does not sell it. */
const left = (r: SearchResult) => leg(r).seats?.find((s) => s.code === leg(r).cabin)?.remaining;
/** A nonstop flight of our own whose sold cabin has seats left as asked. */
function nonstop(found: Found, fits: (left: number | undefined) => boolean): SearchResult {
  const r = found.results.find(
    (x) => x.agent === 'own' && x.legs.length === 1 && leg(x).seats?.length && fits(left(x)),
  );
  if (!r) throw new Error('no such flight on the day');
  return r;
}

/** `adults` adults and `infants` infants saved to a new account. */
async function party(adults: number, infants = 0) {
  const cookie = await c.signUp();
  const people = [];
  for (let i = 0; i < adults; i++) people.push(await c.save(cookie, traveller('张伟', `198${i}-03-02`)));
  for (let i = 0; i < infants; i++) people.push(await c.save(cookie, traveller('张小宝', `2026-0${i + 3}-05`)));
  return { cookie, people };
}

async function book(found: Found, result: SearchResult, who: Awaited<ReturnType<typeof party>>) {
  const offer = await c.offerOf(who.cookie, found.searchId, result.id);
  return c.create(who.cookie, orderBody(offer, found.searchId, who.people));
}

const ordersOf = async (cookie: string) => orderPageSchema.parse((await c.list(cookie, '?filter=all')).json()).total;

describe('booking a flight in a cabin with few seats left', () => {
  it('books as many travellers as the cabin has seats, infants on a lap besides, and refuses one more with 2007', async () => {
    const flight = nonstop(business, (n) => n !== undefined && n >= 1 && n <= 4);
    const seats = left(flight) as number;

    const fits = await party(seats, 1);
    const booked = await book(business, flight, fits);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(orderSchema.parse(booked.json()).legs[0]).toMatchObject({ number: leg(flight).number, cabin: 'C' });

    const tooMany = await party(seats + 1);
    const refused = await book(business, flight, tooMany);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ errorCode: 2007, params: { cabin: 'C', remaining: seats } });
    expect(await ordersOf(tooMany.cookie)).toBe(0);
  });

  it('refuses a cabin sold out on the flight, even for one traveller', async () => {
    const flight = nonstop(business, (n) => n === 0);
    const one = await party(1);
    const refused = await book(business, flight, one);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ errorCode: 2007, params: { cabin: 'C', remaining: 0 } });
    expect(await ordersOf(one.cookie)).toBe(0);
  });

  it('refuses first class on a flight that sells none', async () => {
    const flight = nonstop(first, (n) => n === undefined);
    expect(leg(flight).seats?.map((s) => s.code)).not.toContain('F');
    const one = await party(1);
    const refused = await book(first, flight, one);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({ errorCode: 2007, params: { cabin: 'F', remaining: 0 } });
    expect(await ordersOf(one.cookie)).toBe(0);
  });
});
