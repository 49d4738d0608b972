import type { LightMyRequestResponse } from 'fastify';
import { StripeGateway } from '../../src/features/payment/gateway/stripe/stripe-gateway';
import { WEBHOOK_PATH } from '../../src/features/payment/payment.webhook';
import type { StripeFake } from '../fakes/stripe-fake';
import type { TestApp } from '../harness';
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
