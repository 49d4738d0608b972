import { orderFulfilmentSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

const NOW = new Date('2026-12-03T04:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, TICKETING_DELAY_MS: '0', TICKETING_FAILURE_RATE: '0' }, () => NOW);
}, 120_000);
afterAll(() => t.close());

describe('receipt', () => {
  it("shows the card's brand and last four, the amount and the time it was paid, to its traveller only", async () => {
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
  });
});
