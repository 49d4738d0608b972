import { orderFulfilmentSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { runAllJobs } from '../support/jobs';
import { refundAtQuote } from '../support/refund-at-quote';
import { SURE_TICKETING } from '../support/settings';

const NOW = new Date('2026-12-03T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, ...SURE_TICKETING }, () => NOW);
}, 120_000);
afterAll(() => t.close());

describe('receipt', () => {
  it("shows the card's brand and last four, the amount and the time it was paid, to its traveller only, and a refund returned to the card", async () => {
    const alice = await payingTraveller(t, NOW);
    const order = await alice.order();
    const fulfilment = async (cookie: string) =>
      t.app.inject({ method: 'GET', url: `/api/order/fulfilment?id=${order.id}`, headers: { cookie } });
    expect(orderFulfilmentSchema.parse((await fulfilment(alice.cookie)).json()).receipt).toBeNull();

    const paid = await alice.pay(order.id, await alice.token(TEST_CARDS.mastercard));
    expect(paid.statusCode, paid.body).toBe(200);
    const { receipt } = orderFulfilmentSchema.parse((await fulfilment(alice.cookie)).json());
    expect(receipt).toEqual({
      payments: [
        {
          purpose: 'order',
          method: 'card',
          brand: 'mastercard',
          last4: '4444',
          amount: order.payment.price,
          paidAt: NOW.toISOString(),
        },
      ],
      paid: order.payment.price,
      refunded: { amount: 0, currency: 'CNY' },
      refundFees: { amount: 0, currency: 'CNY' },
    });

    const bob = await alice.signUp();
    expect((await fulfilment(bob)).statusCode).toBe(404);

    // Ticketed, then refunded: the money goes back on the card through the processor, and the receipt says so.
    await t.app.jobs?.runDueJobs();
    const ticketed = await alice.get(order.id);
    expect(ticketed.status).toBe(5);
    const sub = ticketed.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const { quote } = await refundAtQuote(t, alice.cookie, { orderId: order.id, subOrderId: sub.id });
    // The payout is due REFUND_PROCESSING_SECONDS after the app's clock, which runs ahead of the database's.
    await runAllJobs(t);
    const after = orderFulfilmentSchema.parse((await fulfilment(alice.cookie)).json());
    expect(after.refunds.map((r) => [r.status, r.channel, r.refunded.amount])).toEqual([
      ['done', 'card', quote.refunded.amount],
    ]);
    expect(after.receipt).toMatchObject({ paid: order.payment.price, refunded: quote.refunded, refundFees: quote.fee });
    const processor = await t.db.selectFrom('gatewaySimRefunds').select(['amount', 'status']).execute();
    expect(processor).toEqual([{ amount: quote.refunded.amount, status: 'succeeded' }]);
  });
});
