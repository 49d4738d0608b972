import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { StripeGateway } from '../../src/features/payment/gateway/stripe/stripe-gateway';
import { WEBHOOK_PATH } from '../../src/features/payment/payment.webhook';
import { StripeFake } from '../fakes/stripe-fake';
import type { TestApp } from '../harness';
import { payingSuite } from '../support/paying-app';
import { STRIPE_TEST_KEYS } from './stripe-keys';

/** The site's address in the Stripe tests: the return address after 3-D Secure is made from it. */
export const STRIPE_PUBLIC_URL = 'http://junction.test';

/** The Stripe card processor pointed at the local fake, with the test account's keys. */
export const stripeGatewayOf = (fake: StripeFake, now?: () => Date) =>
  new StripeGateway({
    secretKey: STRIPE_TEST_KEYS.secretKey,
    webhookSecret: STRIPE_TEST_KEYS.webhookSecret,
    apiBase: fake.baseUrl,
    timeoutMs: 10_000,
    publicUrl: STRIPE_PUBLIC_URL,
    ...(now ? { now } : {}),
  });

/** A webhook posted to the app as Stripe posts it, signed in `Stripe-Signature`. */
export const stripeWebhook = (t: TestApp, body: string, signature: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload: body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });

/** The fake's webhooks handed to the app (an API test has no port for Stripe to post to). */
export function deliverStripeWebhooks(fake: StripeFake, t: TestApp): void {
  fake.deliver = async (body, signature) => (await stripeWebhook(t, body, signature)).statusCode;
}

/**
 * A file's tests against a local Stripe: the fake started, an app taking cards through it with its webhooks
 * handed over, and a traveller with a bookable flight, ready before the tests and stopped after them.
 */
export function stripeSuite() {
  const fake = new StripeFake(STRIPE_TEST_KEYS);
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const { t, p } = payingSuite({ PAYMENT_WAIT_MS: '5000', PUBLIC_URL: STRIPE_PUBLIC_URL }, undefined, () => ({
    gateway: stripeGatewayOf(fake),
  }));
  beforeAll(() => deliverStripeWebhooks(fake, t));
  return { fake, t, p };
}
