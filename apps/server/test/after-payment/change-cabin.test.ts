import {
  changeClassQuotesSchema,
  changeQuoteSchema,
  ERRORS,
  orderSchema,
  type ResultLeg,
  type SearchResult,
  ticketChangeSchema,
  walletSummarySchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { beijingShanghai, errorOf, orderBody, traveller } from '../booking-client';
import { CHANGE_DAY, changeSuite } from './change-client';
import { payOrder, topUpFor } from './paid-order';

const { t, k, clock } = changeSuite();

type Flights = { searchId: string; results: SearchResult[] };
const leg = (r: SearchResult) => r.legs[0] as ResultLeg;
const seatsIn = (r: SearchResult, cabin: string) => leg(r).seats?.find((s) => s.code === cabin);
/** Nonstop flights of the day whose fare allows changes. */
const nonstops = (flights: Flights) =>
  flights.results.filter((r) => r.kind === 'flight' && r.legs.length === 1 && r.fees.changeBefore !== null);

/** A flight booked for one adult in the search's cabin, paid and ticketed. */
async function ticketedFlight(cookie: string, flights: Flights, result: SearchResult) {
  const wei = await k.c.save(cookie, traveller('张伟', '1985-03-02'));
  const offer = await k.c.offerOf(cookie, flights.searchId, result.id);
  const created = await k.c.create(cookie, orderBody(offer, flights.searchId, [wei]));
  expect(created.statusCode, created.body).toBe(200);
  const order = orderSchema.parse(created.json());
  expect(await payOrder(t, cookie, order.id)).toBe(true);
  await k.runJobs();
  expect((await k.order(cookie, order.id)).status).toBe(5);
  return { order, old: order.subOrders[0]?.id as string };
}

const walletOf = async (cookie: string) =>
  walletSummarySchema.parse((await k.get(cookie, '/api/wallet')).json()).balance.amount;

const ask = (cookie: string, path: string, q: Record<string, string>) =>
  k.get(cookie, `/api/change/${path}?${new URLSearchParams(q)}`);

const confirm = (cookie: string, q: Record<string, string>, due: number, refund: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/change',
    headers: { cookie },
    payload: { ...q, expected: { dueMinor: due, refundMinor: refund } },
  });

describe('changing the cabin of a flight (升舱, 降舱)', () => {
  it('up to business on the same flight: the fee and the rise, paid once, and the new ticket is in business', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const flights = await k.c.search(beijingShanghai('flight', CHANGE_DAY));
    const booked = nonstops(flights).find((r) => (seatsIn(r, 'C')?.remaining ?? 0) > 0 && leg(r).cabin === 'Y');
    if (!booked) throw new Error('no changeable flight with business seats left');
    const { order, old } = await ticketedFlight(cookie, flights, booked);
    const ids = { orderId: order.id, subOrderId: old, searchId: flights.searchId, resultId: booked.id };

    // The flight's cabins are quoted at once, its own economy not among them.
    const classes = changeClassQuotesSchema.parse((await ask(cookie, 'classes', ids)).json()).classes;
    expect(classes.map((c) => c.seatClass)).toEqual(
      leg(booked)
        .seats?.filter((s) => s.code !== 'Y' && s.remaining > 0)
        .map((s) => s.code),
    );
    // The same flight in its own cabin is no change, refused as such whether quoted or confirmed.
    const same = { errorCode: ERRORS.CHANGE_SAME_TRIP.errorCode };
    expect(errorOf(await ask(cookie, 'quote', ids))).toMatchObject(same);
    expect(errorOf(await ask(cookie, 'quote', { ...ids, seatClass: 'Y' }))).toMatchObject(same);
    expect(errorOf(await confirm(cookie, { ...ids, seatClass: 'Y' }, 0, 0))).toMatchObject(same);

    const res = await ask(cookie, 'quote', { ...ids, seatClass: 'C' });
    expect(res.statusCode, res.body).toBe(200);
    const q = changeQuoteSchema.parse(res.json());
    expect(classes.find((c) => c.seatClass === 'C')?.quote).toMatchObject({ due: q.due, newFare: q.newFare });
    expect(q).toMatchObject({
      from: { seatClass: 'Y', number: leg(booked).number },
      to: { seatClass: 'C', number: leg(booked).number },
      newFare: { amount: seatsIn(booked, 'C')?.price.amount },
      fee: { amount: booked.fees.changeBefore?.amount },
      refund: { amount: 0 },
    });
    expect(q.due.amount).toBe(q.fee.amount + q.newFare.amount - q.oldFare.amount);

    const confirmed = await confirm(cookie, { ...ids, seatClass: 'C' }, q.due.amount, 0);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    expect(change).toMatchObject({ status: 'awaiting-payment', to: { seatClass: 'C' } });
    expect(await k.order(cookie, order.id)).toMatchObject({ status: 1, priceDifference: { amount: q.due.amount } });
    // A business seat costs more than the economy fare payOrder tops the wallet up with.
    await topUpFor(t, order.id, q.due.amount);
    const before = await walletOf(cookie);
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs();

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.changeMoney).toMatchObject({ difference: { amount: q.due.amount }, refund: { amount: 0 } });
    // The wallet paid the difference once (payOrder tops up the order's price first).
    expect((await walletOf(cookie)) - before).toBe(order.payment.price.amount - q.due.amount);
    const subs = new Map(after.subOrders.map((s) => [s.id, s]));
    expect(subs.get(old)?.status).toBe(4);
    expect(subs.get(change.newSubOrderId)).toMatchObject({ status: 5, flightNumber: leg(booked).number });
    // The order's flight is now in business, with business's baggage.
    expect(after.legs[0]).toMatchObject({ number: leg(booked).number, cabin: 'C' });
    expect(after.legs[0]?.baggage?.carryOn.pieces).toBe(2);
    // So does its calendar file (its lines unfolded).
    const ics = (await k.get(cookie, `/api/itinerary/ics?id=${order.id}`)).body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`${leg(booked).number} · Business`);
  });

  it('down to economy: the lower fare comes back less the fee, and the ticket is issued at once', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const flights = await k.c.search({ ...beijingShanghai('flight', CHANGE_DAY), cabin: 'C' });
    const list = nonstops(flights);
    // Booked in business, so a flight with a business seat left; changed to another of the airline's flights
    // that has both a business seat (kept without a cabin asked) and economy.
    const business = (r: SearchResult) => (seatsIn(r, 'C')?.remaining ?? 0) > 0;
    const changeable = (o: SearchResult, r: SearchResult) =>
      o !== r && leg(o).carrier === leg(r).carrier && seatsIn(o, 'Y') !== undefined && business(o);
    const booked = list.find((r) => business(r) && leg(r).cabin === 'C' && list.some((o) => changeable(o, r)));
    if (!booked) throw new Error('no airline with two changeable business flights');
    const other = list.find((o) => changeable(o, booked)) as SearchResult;
    const { order, old } = await ticketedFlight(cookie, flights, booked);
    const ids = { orderId: order.id, subOrderId: old, searchId: flights.searchId, resultId: other.id };

    // Without a cabin the change keeps business; economy is asked for.
    const kept = changeQuoteSchema.parse((await ask(cookie, 'quote', ids)).json());
    expect(kept.to.seatClass).toBe('C');
    const q = changeQuoteSchema.parse((await ask(cookie, 'quote', { ...ids, seatClass: 'Y' })).json());
    expect(q).toMatchObject({ from: { seatClass: 'C' }, to: { seatClass: 'Y', number: leg(other).number } });
    expect(q.newFare.amount).toBe(seatsIn(other, 'Y')?.price.amount);
    expect(q.due.amount).toBe(0);
    expect(q.refund.amount).toBe(q.oldFare.amount - q.newFare.amount - q.fee.amount);
    expect(q.refund.amount).toBeGreaterThan(0);

    const confirmed = await confirm(cookie, { ...ids, seatClass: 'Y' }, 0, q.refund.amount);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ticketChangeSchema.parse(confirmed.json())).toMatchObject({ status: 'issuing', to: { seatClass: 'Y' } });
    clock.tick();
    await k.runJobs();
    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.changeMoney).toMatchObject({ difference: { amount: 0 }, refund: { amount: q.refund.amount } });
    expect(after.legs[0]).toMatchObject({ number: leg(other).number, cabin: 'Y' });
  });

  it('refuses a cabin the flight does not sell (2207) or has sold out (2007), and moves nothing', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const flights = await k.c.search(beijingShanghai('flight', CHANGE_DAY));
    const list = nonstops(flights);
    const soldOut = (r: SearchResult) => seatsIn(r, 'C')?.remaining === 0;
    const booked = list.find((r) => list.some((o) => leg(o).carrier === leg(r).carrier && soldOut(o)) && !soldOut(r));
    if (!booked) throw new Error('no airline with a flight whose business cabin is sold out');
    const full = list.find((o) => leg(o).carrier === leg(booked).carrier && soldOut(o)) as SearchResult;
    const { order, old } = await ticketedFlight(cookie, flights, booked);
    const ids = { orderId: order.id, subOrderId: old, searchId: flights.searchId };
    const unsold = ['F', 'Z9'].find((c) => !seatsIn(full, c)) as string;

    expect(errorOf(await ask(cookie, 'quote', { ...ids, resultId: full.id, seatClass: unsold }))).toMatchObject({
      errorCode: 2207,
      params: { reason: 'seat-class' },
    });
    expect(errorOf(await ask(cookie, 'quote', { ...ids, resultId: full.id, seatClass: 'C' })).errorCode).toBe(2007);
    expect(errorOf(await confirm(cookie, { ...ids, resultId: full.id, seatClass: 'C' }, 0, 0)).errorCode).toBe(2007);
    // The sold-out cabin is not offered among the flight's cabins.
    const classes = changeClassQuotesSchema.parse((await ask(cookie, 'classes', { ...ids, resultId: full.id })).json());
    expect(classes.classes.map((c) => c.seatClass)).not.toContain('C');
    expect(await k.order(cookie, order.id)).toMatchObject({ status: 5 });
    expect((await k.order(cookie, order.id)).subOrders).toHaveLength(1);
  });
});
