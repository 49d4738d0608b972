import { INVOLUNTARY_CHANGE_MINUTES, type ResultLeg, refundQuoteSchema, refundsMadeSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { beijingShanghai, orderBody, traveller } from '../booking-client';
import { searchedSuite } from '../support/booking-app';
import { rideNews } from '../support/ride-news';
import { SURE_TICKETING } from '../support/settings';
import { ticketedOrder } from './paid-order';

// The clock and the travel date are fixed: the fees never depend on the day the test runs.
const START = new Date('2026-12-03T04:00:00Z');
let clock = START.getTime();
const now = () => new Date(clock);

const { t, c, found, account: alice } = searchedSuite(now, SURE_TICKETING, beijingShanghai('flight'));

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });

/** A flight of our own fares with a cancellation fee, booked and ticketed after its airline moved it so many minutes. */
async function movedBy(minutes: number) {
  clock = START.getTime();
  const result = found.results.find(
    (r) => r.legs.length === 1 && r.agent === 'own' && (r.fees.cancelBefore?.amount ?? 0) > 0,
  );
  if (!result) throw new Error('no refundable flight with a fee');
  const flight = result.legs[0] as ResultLeg;
  await rideNews(t, alice.cookie, 'schedule-changes', flight, minutes);
  const offer = await c.offerOf(alice.cookie, found.searchId, result.id);
  const wei = await c.save(alice.cookie, traveller('张伟', '1985-03-02'));
  const order = await ticketedOrder(t, c, alice.cookie, orderBody(offer, found.searchId, [wei]));
  expect(order.scheduleChanges).toHaveLength(minutes === 0 ? 0 : 1);
  // Past the free day after booking, well before the new departure.
  clock = START.getTime() + 25 * 3600_000;
  const sub = order.subOrders[0]?.id ?? '';
  const quoted = await get(`/api/refund/quote?orderId=${order.id}&subOrderId=${sub}`);
  expect(quoted.statusCode, quoted.body).toBe(200);
  return { order, sub, quote: refundQuoteSchema.parse(quoted.json()), fee: result.fees.cancelBefore?.amount ?? 0 };
}

describe('a flight the airline moved', () => {
  it('at an hour exactly, is refunded by its fare: the cancellation fee is taken', async () => {
    const { quote, fee } = await movedBy(INVOLUNTARY_CHANGE_MINUTES);
    expect(quote.tickets[0]).toMatchObject({ rule: 'air-before-2h' });
    expect(quote.fee.amount).toBe(Math.min(fee, quote.paid.amount));
    expect(quote.refunded.amount).toBe(quote.paid.amount - quote.fee.amount);
  });

  it('by a minute more than an hour, is refunded in full without a cancellation fee', async () => {
    const { order, sub, quote } = await movedBy(INVOLUNTARY_CHANGE_MINUTES + 1);
    expect(quote.tickets[0]).toMatchObject({ rule: 'air-involuntary', fee: { amount: 0 } });
    expect(quote.refunded).toEqual(quote.paid);

    // Confirmed at the fee shown: the refund in processing gives back everything paid.
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/refund',
      payload: { orderId: order.id, subOrderId: sub, expectedFeeMinor: 0 },
      headers: { cookie: alice.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [refund] = refundsMadeSchema.parse(asked.json()).refunds;
    expect(refund?.refunded).toEqual(quote.paid);
  });

  it('not at all, is refunded by its fare', async () => {
    const { quote, fee } = await movedBy(0);
    expect(quote.tickets[0]?.rule).toBe('air-before-2h');
    expect(quote.fee.amount).toBe(Math.min(fee, quote.paid.amount));
  });
});
