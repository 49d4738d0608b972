import { z } from 'zod';

/**
 * Cards through Stripe (docs/going-live.md), used when `PAYMENT_PROCESSOR=stripe`: the secret key for our
 * calls, the publishable key for Stripe.js in the browser, and the webhook endpoint's signing secret. The
 * API origin and Stripe.js's address are settings so tests point them at a local fake.
 */
export const stripeSettings = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/)
    .optional()
    .describe("Stripe's secret (or restricted) key, sk_live_… or sk_test_…"),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/)
    .optional()
    .describe('The publishable key Stripe.js uses in the browser, pk_live_… or pk_test_…'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/)
    .optional()
    .describe("The signing secret of the webhook endpoint /api/payment/webhook in Stripe's dashboard"),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  STRIPE_JS_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://js.stripe.com/endive/stripe.js')
    .describe('Where the payment page loads Stripe.js from'),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
};

export const STRIPE_GROUP = {
  name: 'Stripe',
  keys: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
};
