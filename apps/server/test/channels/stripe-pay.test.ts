import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_STATUS, paymentStateSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { STRIPE_TEST_CARDS } from '../fakes/stripe-fake';
import { stripeSuite, stripeWebhook } from './stripe-app';

/*
 * Paying by card through Stripe end to end against a local Stripe: a card token made as Stripe.js makes
 * it, the PaymentIntent created and confirmed under our idempotency keys, 3-D Secure through its
 * redirect next action, the webhook checked with stripe.webhooks.constructEvent, capture, refund; a
 * forged webhook refused; one capture under fifty webhooks and fifty confirmations at once.
 */

const { fake, t, p } = stripeSuite();

const webhook = (body: string, signature: string) => stripeWebhook(t, body, signature);

const intentOf = (orderId: string) => {
  const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === orderId);
  if (!intent) throw new Error(`no intent for ${orderId}`);
  return intent;
};

describe('Stripe cards', () => {
  it('pays an order by card under idempotency keys and refunds it to the card', async () => {
    const order = await p.order();
    const res = await p.pay(order.id, fake.token(STRIPE_TEST_CARDS.visa));
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentStateSchema.parse(res.json()).outcome).toBe('succeeded');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    const intent = intentOf(order.id);
    expect(intent).toMatchObject({ capture_method: 'manual', status: 'succeeded', amount: order.payment.price.amount });
    expect(intent.currency).toBe('cny');
    const changes = fake.calls.filter((c) => c.method === 'POST');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.idempotencyKey)).toBe(true);

    const refund = await t.app.payments.refund({ orderId: order.id, amount: 5000, idempotencyKey: randomUUID() });
    expect(refund.channel).toBe('card');
    await t.app.payments.refundJob(refund.refundId);
    await t.app.payments.refundJob(refund.refundId);
    expect(intent.amount_refunded).toBe(5000);
  });

  it('takes a card through 3-D Secure on the issuer page and is paid by the webhook once', async () => {
    const order = await p.order();
    const res = await p.pay(order.id, fake.token(STRIPE_TEST_CARDS.threeDSecure));
    const state = paymentStateSchema.parse(res.json());
    expect(state.outcome).toBe('action');
    const page = new URL(state.actionUrl ?? '');
    expect(page.origin).toBe(fake.baseUrl);
    expect(await (await fetch(page)).text()).toContain('3D Secure');
    const back = await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ result: 'pass' }),
      redirect: 'manual',
    });
    const to = new URL(back.headers.get('location') ?? '');
    expect(`${to.origin}${to.pathname}`).toBe('http://junction.test/payment');
    expect(to.searchParams.get('attempt')).toBe(state.attemptId);
    expect(fake.deliveries.slice(-3), JSON.stringify(fake.deliveries)).toContainEqual({
      type: 'payment_intent.succeeded',
      status: 200,
    });
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    expect(paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json()).outcome).toBe('succeeded');
  });

  it('says why a card was declined', async () => {
    const order = await p.order();
    const res = await p.pay(order.id, fake.token(STRIPE_TEST_CARDS.insufficientFunds));
    expect(res.statusCode).toBe(422);
    expect(apiErrorSchema.parse(res.json())).toMatchObject({ errorCode: 2105 });
    expect(intentOf(order.id).last_payment_error).toMatchObject({ decline_code: 'insufficient_funds' });
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);
  });

  it('refuses a webhook signed with another secret, or changed after signing', async () => {
    const order = await p.order();
    fake.dropWebhooks = true;
    const res = await p.pay(order.id, fake.token(STRIPE_TEST_CARDS.threeDSecure));
    await fake.authenticate(intentOf(order.id).id, true);
    fake.dropWebhooks = false;
    const event = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentOf(order.id).id, object: 'payment_intent' } },
    });
    for (const signature of [fake.sign(event, 'whsec_someoneElse'), fake.sign(`${event} `).replace('v1=', 'v1=0')]) {
      const forged = await webhook(event, signature);
      expect(forged.statusCode).toBe(400);
      expect(apiErrorSchema.parse(forged.json()).errorCode).toBe(4030);
    }
    expect(intentOf(order.id).status).toBe('requires_capture');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);
    // The genuine one settles it.
    expect((await webhook(event, fake.sign(event))).statusCode).toBe(200);
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    expect(
      paymentStateSchema.parse((await p.state(order.id, paymentStateSchema.parse(res.json()).attemptId)).json())
        .outcome,
    ).toBe('succeeded');
  });

  it('captures once under fifty webhooks and fifty confirmations at once', async () => {
    const order = await p.order();
    fake.dropWebhooks = true;
    const state = paymentStateSchema.parse((await p.pay(order.id, fake.token(STRIPE_TEST_CARDS.threeDSecure))).json());
    const intent = intentOf(order.id);
    await fake.authenticate(intent.id, true);
    fake.dropWebhooks = false;
    const event = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intent.id, object: 'payment_intent' } },
    });
    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => webhook(event, fake.sign(event))),
      ...Array.from({ length: 50 }, () => p.state(order.id, state.attemptId)),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const captures = fake.calls.filter((c) => c.path === `/v1/payment_intents/${intent.id}/capture`);
    expect(new Set(captures.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(intent.amount_received).toBe(intent.amount);
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    const paid = await t.app.payments.paymentsOf(order.id);
    expect(paid).toHaveLength(1);
  });
});
