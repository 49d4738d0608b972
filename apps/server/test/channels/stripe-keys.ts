/** Keys of a made-up Stripe account in test mode, shared by the fake and the site in the tests. */
export const STRIPE_TEST_KEYS = {
  secretKey: 'sk_test_51JunctionFakeSecretKey00000000000000',
  publishableKey: 'pk_test_51JunctionFakePublishableKey000000000',
  webhookSecret: 'whsec_JunctionFakeWebhookSigningSecret0000',
};
