import { randomUUID } from 'node:crypto';
import { ERRORS, paymentStateSchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS, type TestApp } from '../harness';
import { errorCode } from './support';

/**
 * Threat: a client that names its own channel. An order made in the app is paid in the app (2100): were the
 * channel read from a header on each request, a browser would write `X-Client-Channel: app` to pay an app
 * order on the web, or mark its own orders as the app's. The channel is the session's, fixed when the
 * session was created (an app signs in saying so); the header on later requests changes nothing.
 */
const APP = { 'x-client-channel': 'app' };
const now = new Date();
let t: TestApp;
let p: Awaited<ReturnType<typeof payingTraveller>>;
beforeAll(async () => {
  t = await createTestApp({ ...QUIET_SETTINGS, GATEWAY_SIM_LATENCY_MS: '0' }, () => now);
  p = await payingTraveller(t, now);
}, 120_000);
afterAll(() => t.close());

describe("an order's channel", () => {
  it('is the web for every order of a web session, whatever the request says', async () => {
    const order = await p.order(APP);
    expect(order.channel).toBe('web');
    const paid = await p.pay(order.id, await p.token(), randomUUID(), APP);
    expect(paymentStateSchema.parse(paid.json()).outcome).toBe('succeeded');
  });

  it("is the app's for a session the app signed in, and such an order is paid in the app only", async () => {
    const app = await p.signIn(APP);
    const order = await p.order({ cookie: app });
    expect(order.channel).toBe('app');
    // The web session writing the app's header is still the web.
    expect(errorCode(await p.pay(order.id, await p.token(), randomUUID(), APP))).toBe(ERRORS.PAY_IN_APP.errorCode);
    const paid = await p.pay(order.id, await p.token(), randomUUID(), {}, app);
    expect(paymentStateSchema.parse(paid.json()).outcome).toBe('succeeded');
  });
});
