import { randomUUID } from 'node:crypto';
import { ORDER_STATUS } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { STRIPE_TEST_CARDS, StripeFake } from '../fakes/stripe-fake';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { startServerProcess } from '../server-process';
import { killedProcessKeys } from '../support/killed-process';
import { stripeGatewayOf } from './stripe-app';
import { STRIPE_TEST_KEYS } from './stripe-keys';

/*
 * A server paying through Stripe killed (SIGKILL) after Stripe took the money and before we recorded it,
 * its webhooks lost: a process of the same app reconciles by asking Stripe, and the order is paid once.
 */

const fake = new StripeFake(STRIPE_TEST_KEYS);
const crash = killedProcessKeys();
let t: TestApp;
let p: Awaited<ReturnType<typeof payingTraveller>>;

beforeAll(async () => {
  await fake.start();
  const gateway = stripeGatewayOf(fake);
  t = await createTestApp({ ...QUIET_SETTINGS, PAYMENT_SETTLE_AFTER_MS: '0' }, undefined, {
    gateway,
    secrets: crash.secrets,
  });
  p = await payingTraveller(t, new Date());
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('Stripe, a server killed in the middle of a payment', () => {
  it('is reconciled by asking Stripe after a kill between the capture and our record: paid once', async () => {
    const server = await startServerProcess(
      crash.processEnv(t, {
        PAYMENT_PROCESSOR: 'stripe',
        STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
        STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
        STRIPE_API_BASE: fake.baseUrl,
        PAYMENT_CRASH_AT: 'captured',
      }),
    );
    try {
      const order = await p.order();
      fake.dropWebhooks = true;
      await fetch(`${server.url}/api/order/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: p.cookie, 'idempotency-key': randomUUID() },
        body: JSON.stringify({
          orderId: order.id,
          method: { kind: 'card', token: fake.token(STRIPE_TEST_CARDS.visa) },
        }),
      }).catch(() => undefined);
      await server.exited;
      expect(server.child.signalCode).toBe('SIGKILL');
      const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === order.id);
      expect(intent?.status).toBe('succeeded');
      expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);

      // Restarted: the reconciliation asks Stripe and marks the order paid, once, however often it runs.
      await t.app.payments.reconcile(true);
      await t.app.payments.reconcile(true);
      expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
      expect(await t.app.payments.paymentsOf(order.id)).toHaveLength(1);
      const captures = fake.calls.filter((c) => c.path === `/v1/payment_intents/${intent?.id}/capture`);
      expect(new Set(captures.map((c) => c.idempotencyKey)).size).toBe(1);
      expect(intent?.amount_received).toBe(order.payment.price.amount);
    } finally {
      fake.dropWebhooks = false;
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  }, 240_000);
});
