import { listedInCabin, orderPageSchema, orderSchema, type ResultLeg, type SearchResult } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingShanghai, errorOf, orderBody, traveller } from './booking-client';
import type { TestApp } from './harness';
import { type BookingClient, bookingApp, type Found } from './support/booking-app';

const NOW = new Date('2026-11-22T04:00:00Z');

let t: TestApp;
let c: BookingClient;
let business: Found;
let first: Found;
let economy: Found;
beforeAll(async () => {
  ({ t, c } = await bookingApp(() => NOW));
  business = await c.search({ ...beijingShanghai('flight'), cabin: 'C' });
  first = await c.search({ ...beijingShanghai('flight'), cabin: 'F' });
  economy = await c.search(beijingShanghai('flight'));
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

  it('is never offered a flight whose cabin is sold out or not sold on it: the search in that cabin lists none', async () => {
    // The economy search of the same day lists the flights whose business is sold out and which sell no first.
    const soldOut = economy.results.filter((r) =>
      r.legs.some((l) => l.seats?.find((s) => s.code === 'C')?.remaining === 0),
    );
    const noFirst = economy.results.filter((r) =>
      r.legs.some((l) => l.kind === 'air' && !l.seats?.some((s) => s.code === 'F')),
    );
    expect(soldOut.length).toBeGreaterThan(0);
    expect(noFirst.length).toBeGreaterThan(0);
    const ids = (found: Found) => new Set(found.results.map((r) => r.id));
    for (const r of soldOut) expect(ids(business).has(r.id), r.id).toBe(false);
    for (const r of noFirst) expect(ids(first).has(r.id), r.id).toBe(false);
    for (const r of business.results) expect(listedInCabin(r, 'C', 1), r.id).toBe(true);
    for (const r of first.results) expect(listedInCabin(r, 'F', 1), r.id).toBe(true);
  });
});
