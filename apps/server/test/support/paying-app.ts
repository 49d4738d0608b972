import { afterAll, beforeAll } from 'vitest';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';

/** The card simulator answers at once, a payment settles at once, and the pay call waits up to five seconds. */
export const QUICK_PAYMENTS = {
  GATEWAY_SIM_LATENCY_MS: '0',
  PAYMENT_SETTLE_AFTER_MS: '0',
  PAYMENT_WAIT_MS: '5000',
} as const;

/** A traveller with a bookable flight who makes orders and pays for them, as the pages do. */
export type PayingTraveller = Awaited<ReturnType<typeof payingTraveller>>;

/**
 * A file's test app with `QUIET_SETTINGS` and `settings` on `now`, and a traveller ready to pay: made before
 * the file's tests (within `timeout`), closed after them. `deps` are read when the app is made (a local
 * provider's address is known once it has started).
 */
export function payingSuite(
  settings: Record<string, string>,
  now: () => Date = () => new Date(),
  deps: () => Parameters<typeof createTestApp>[2] = () => ({}),
  timeout = 120_000,
) {
  const t = {} as TestApp;
  const p = {} as PayingTraveller;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ ...QUIET_SETTINGS, ...settings }, now, deps()));
    Object.assign(p, await payingTraveller(t, now()));
  }, timeout);
  afterAll(() => t.close?.());
  return { t, p };
}
