import { createHmac } from 'node:crypto';
import { apiErrorSchema, cardTokenSchema, ERRORS, luhnCheckDigit, type TokenizeCardInput } from '@junction/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingClient } from '../../../../../test/booking-client';
import { createTestApp, type TestApp, testSecrets } from '../../../../../test/harness';
import { cardDetails } from '../../payment.test-support';
import { GatewayRefused, GatewayUnavailable, WebhookSignatureInvalid } from '../gateway';
import { signWebhook, verifyWebhookSignature } from '../webhook-signature';
import { SimulatedCardVault } from './card-vault';
import { SimulatedGateway } from './simulated-gateway';
import { SimulatorRepository } from './simulator.repository';
import { GatewaySimulator } from './simulator.service';
import { TEST_CARDS } from './test-cards';

const SECRET = 'test-webhook-secret-0123456789';

/** Card details as the payment page sends them, with no second address line; four digits of code for an Amex. */
export function card(number: string, extra: Partial<TokenizeCardInput> = {}): TokenizeCardInput {
  const { billing } = cardDetails(number);
  return cardDetails(number, {
    cvc: number.startsWith('3') && number.length === 15 ? '1234' : '123',
    billing: { ...billing, line2: '' },
    ...extra,
  });
}

describe('card processor simulator', () => {
  let t: TestApp;
  let sim: GatewaySimulator;
  let gateway: SimulatedGateway;
  /** The processor's routes need a session, as the API's do. */
  let cookie = '';
  const net = { latencyMs: 0, failureRate: 0, answerLossRate: 0, timeoutMs: 5000, webhookSecret: SECRET };
  beforeAll(async () => {
    t = await createTestApp({ GATEWAY_SIM_LATENCY_MS: '0', GATEWAY_WEBHOOK_SECRET: SECRET });
    sim = new GatewaySimulator(
      new SimulatorRepository(t.db),
      { basePath: '/gateway-sim', webhookSecret: SECRET, webhookAttempts: 3, issuerKey: Buffer.alloc(32, 7) },
      () => new Date(),
    );
    gateway = new SimulatedGateway(sim, net);
    cookie = await bookingClient(t).signUp();
  });
  afterAll(() => t.close());

  const tokenize = (body: TokenizeCardInput) =>
    t.app.inject({ method: 'POST', url: '/gateway-sim/v1/tokens', payload: body, headers: { cookie } });
  async function tokenOf(number: string): Promise<string> {
    const res = await tokenize(card(number));
    expect(res.statusCode, res.body).toBe(200);
    return cardTokenSchema.parse(res.json()).token;
  }
  let keys = 0;
  const intent = (amount = 12_345) =>
    gateway.createIntent({
      amount,
      currency: 'CNY',
      idempotencyKey: `k-${Date.now()}-${keys++}`,
      captureMethod: 'manual',
      metadata: { orderId: 'o-1' },
    });
  /** How many times the simulator has captured an intent, as its table records. */
  const capturesOf = async (id: string) =>
    (await t.db.selectFrom('gatewaySimIntents').select('captures').where('id', '=', id).executeTakeFirstOrThrow())
      .captures;

  it('turns card details into a token, keeping brand, last four, expiry and the number’s fingerprint only', async () => {
    const res = await tokenize(card('4242 4242 4242 4242'));
    expect(res.statusCode, res.body).toBe(200);
    const token = cardTokenSchema.parse(res.json());
    expect(token).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(token.token).toMatch(/^tok_/);
    expect(await gateway.describeToken(token.token)).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      source: null,
      used: false,
      customer: null,
      reusable: false,
      fingerprint: expect.stringMatching(/^[\w-]{16}$/),
    });
    const amex = cardTokenSchema.parse((await tokenize(card(TEST_CARDS.amex))).json());
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005' });
    const rows = await sql<{ row: string }>`select row_to_json(t)::text as row from gateway_sim_tokens t`.execute(t.db);
    for (const { row } of rows.rows) {
      expect(row).not.toContain('4242424242424242');
      expect(row).not.toContain('378282246310005');
      expect(row).not.toMatch(/"123"|"1234"/);
    }
  });

  it('refuses a wrong number, a past expiry and a security code of the wrong length, with their codes', async () => {
    const cases: [TokenizeCardInput, number][] = [
      [card('4242424242424241'), ERRORS.CARD_NUMBER_INVALID.errorCode],
      [card('9999999999999995'), ERRORS.CARD_NUMBER_INVALID.errorCode],
      [card('42424242424242'), ERRORS.CARD_NUMBER_INVALID.errorCode],
      [card(TEST_CARDS.visa, { expMonth: 1, expYear: 2020 }), ERRORS.CARD_EXPIRY_INVALID.errorCode],
      [card(TEST_CARDS.visa, { cvc: '12' }), ERRORS.CARD_CVC_INVALID.errorCode],
      [card(TEST_CARDS.amex, { cvc: '123' }), ERRORS.CARD_CVC_INVALID.errorCode],
    ];
    for (const [body, code] of cases) {
      const res = await tokenize(body);
      expect(res.statusCode, body.number).toBe(400);
      expect(apiErrorSchema.parse(res.json()).errorCode).toBe(code);
    }
    const bad = await tokenize({ ...card(TEST_CARDS.visa), billing: undefined } as unknown as TokenizeCardInput);
    expect(bad.statusCode).toBe(400);
  });

  it('fingerprints a card number alike on every token and saved card of it, another number otherwise, by its key', async () => {
    const customer = await gateway.createCustomer({ idempotencyKey: 'cus-fingerprints' });
    const visa = (digits: string) => `4${digits}${luhnCheckDigit(`4${digits}`)}`;
    const otherKey = new SimulatedCardVault(new SimulatorRepository(t.db), Buffer.alloc(32, 8), () => new Date());
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^\d{14}$/), fc.stringMatching(/^\d{14}$/), async (x, y) => {
        fc.pre(x !== y);
        const [number, another] = [visa(x), visa(y)];
        const tokenOfCard = async (body: TokenizeCardInput) =>
          cardTokenSchema.parse((await tokenize(body)).json()).token;
        const first = await gateway.describeToken(await tokenOfCard(card(number)));
        const again = await tokenOfCard(card(number, { expYear: 2031, name: 'LI NA' }));
        const saved = await gateway.saveCard({ token: again, customer: customer.id });
        const other = await gateway.describeToken(await tokenOfCard(card(another)));
        expect(first.fingerprint).toMatch(/^[\w-]{16}$/);
        expect(saved.fingerprint).toBe(first.fingerprint);
        expect(other.fingerprint).not.toBe(first.fingerprint);
        // A keyed hash: another issuer's key gives another fingerprint, and the number is nowhere in it.
        expect(otherKey.fingerprint(number.replace(/\D/g, ''))).not.toBe(first.fingerprint);
        expect(first.fingerprint).not.toContain(number.slice(-8));
      }),
      { numRuns: 20 },
    );
  });

  it("keeps a saved card for one customer only, paying through single-use tokens made with a code's token", async () => {
    const [a, b] = [
      await gateway.createCustomer({ idempotencyKey: 'cus-a' }),
      await gateway.createCustomer({ idempotencyKey: 'cus-b' }),
    ];
    expect(await gateway.createCustomer({ idempotencyKey: 'cus-a' })).toEqual(a);
    const token = await tokenOf(TEST_CARDS.visa);
    const saved = await gateway.saveCard({ token, customer: a.id });
    expect(saved).toMatchObject({ id: expect.stringMatching(/^card_/), brand: 'visa', last4: '4242' });
    // Saving again for the same customer is the same card; for another, the token is spent.
    expect(await gateway.saveCard({ token, customer: a.id })).toEqual(saved);
    await expect(gateway.saveCard({ token, customer: b.id })).rejects.toMatchObject({ code: 'token_used' });
    const code = await sim.tokenizeCvc({ cvc: '123' });
    await expect(gateway.cardToken({ card: saved.id, customer: b.id, cvcToken: code.token })).rejects.toMatchObject({
      code: 'card_unknown',
    });
    const paying = await gateway.cardToken({ card: saved.id, customer: a.id, cvcToken: code.token });
    expect(await gateway.describeToken(paying.token)).toMatchObject({
      source: saved.id,
      customer: a.id,
      reusable: false,
    });
    // The code's token is spent by that one use; the saved card itself never confirms an intent.
    await expect(gateway.cardToken({ card: saved.id, customer: a.id, cvcToken: code.token })).rejects.toMatchObject({
      code: 'cvc_token_invalid',
    });
    await expect(
      gateway.confirm((await intent()).id, { token: saved.id, returnUrl: '/', idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      code: 'token_unknown',
    });
    const rows = await sql<{ row: string }>`select row_to_json(t)::text as row from gateway_sim_cvc_tokens t`.execute(
      t.db,
    );
    for (const { row } of rows.rows) expect(row).not.toMatch(/"123"/);
  });

  it('authorises, then captures once however often capture is asked', async () => {
    const token = await tokenOf(TEST_CARDS.mastercard);
    const pi = await intent();
    expect(pi.status).toBe('requires_confirmation');
    const confirmed = await gateway.confirm(pi.id, { token, returnUrl: '/back', idempotencyKey: 'c1' });
    expect(confirmed).toMatchObject({
      status: 'requires_capture',
      amountCaptured: 0,
      card: { brand: 'mastercard', last4: '4444' },
    });
    const captures = await Promise.all(
      Array.from({ length: 8 }, () => gateway.capture(pi.id, { idempotencyKey: `cap-${pi.id}` })),
    );
    for (const c of captures) expect(c).toMatchObject({ status: 'succeeded', amountCaptured: 12_345 });
    expect(await capturesOf(pi.id)).toBe(1);
    await expect(gateway.cancel(pi.id, { idempotencyKey: 'x' })).rejects.toMatchObject({ code: 'intent_captured' });
  });

  it('answers a confirmation sent many times at once with one intent, its token spent once', async () => {
    const token = await tokenOf(TEST_CARDS.mastercard);
    const pi = await intent();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        gateway.confirm(pi.id, { token, returnUrl: '/back', idempotencyKey: `confirm-${pi.id}` }),
      ),
    );
    for (const a of answers) expect(a).toMatchObject({ id: pi.id, status: 'requires_capture' });
    const other = await intent();
    await expect(
      gateway.confirm(other.id, { token, returnUrl: '/back', idempotencyKey: `confirm-${other.id}` }),
    ).rejects.toMatchObject({ code: 'token_used' });
    expect((await gateway.retrieve(other.id)).status).toBe('requires_confirmation');
  });

  it('answers the same intent for the same key and refuses the key for a different request', async () => {
    const request = {
      amount: 500,
      currency: 'CNY' as const,
      idempotencyKey: 'same-key',
      captureMethod: 'manual' as const,
      metadata: {},
    };
    const [a, b] = await Promise.all([gateway.createIntent(request), gateway.createIntent(request)]);
    expect(a.id).toBe(b.id);
    await expect(gateway.createIntent({ ...request, amount: 501 })).rejects.toBeInstanceOf(GatewayRefused);
  });

  it('declines the test cards for decline, insufficient funds, expired card and incorrect security code', async () => {
    const expected = [
      [TEST_CARDS.declined, 'card_declined'],
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.expiredCard, 'expired_card'],
      [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
    ] as const;
    for (const [number, code] of expected) {
      const pi = await intent();
      const confirmed = await gateway.confirm(pi.id, {
        token: await tokenOf(number),
        returnUrl: '/r',
        idempotencyKey: 'c',
      });
      expect(confirmed).toMatchObject({ status: 'failed', declineCode: code });
      await expect(gateway.capture(pi.id, { idempotencyKey: 'cap' })).rejects.toBeInstanceOf(GatewayRefused);
    }
  });

  it('holds a 3-D Secure card for the challenge page, which can be passed or failed', async () => {
    for (const result of ['pass', 'fail'] as const) {
      const pi = await intent(88_800);
      const confirmed = await gateway.confirm(pi.id, {
        token: await tokenOf(TEST_CARDS.threeDSecure),
        returnUrl: `/payment?id=x&r=${result}`,
        idempotencyKey: 'c',
      });
      expect(confirmed.status).toBe('requires_action');
      const url = confirmed.nextActionUrl as string;
      const page = await t.app.inject({ method: 'GET', url: `${url}?lang=zh-CN`, headers: { cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('888.00 CNY');
      expect(page.body).toContain('验证您的支付');
      const done = await t.app.inject({
        method: 'POST',
        url,
        payload: `result=${result}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/payment?id=x&r=${result}`);
      const after = await gateway.retrieve(pi.id);
      expect(after).toMatchObject(
        result === 'pass' ? { status: 'requires_capture' } : { status: 'failed', declineCode: 'authentication_failed' },
      );
      // The page is closed once answered; answering again changes nothing.
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).body).toContain('no longer open');
      await t.app.inject({
        method: 'POST',
        url,
        payload: 'result=pass',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
      expect((await gateway.retrieve(pi.id)).status).toBe(after.status);
    }
  });

  it('captures the answer-lost card but loses the answer; retrieve tells what happened', async () => {
    const pi = await intent();
    await gateway.confirm(pi.id, {
      token: await tokenOf(TEST_CARDS.captureAnswerLost),
      returnUrl: '/r',
      idempotencyKey: 'c',
    });
    await expect(gateway.capture(pi.id, { idempotencyKey: 'cap' })).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(gateway.capture(pi.id, { idempotencyKey: 'cap' })).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(await gateway.retrieve(pi.id)).toMatchObject({ status: 'succeeded', amountCaptured: 12_345 });
    expect(await capturesOf(pi.id)).toBe(1);
  });

  it('loses calls and answers at the configured rates', async () => {
    const lost = new SimulatedGateway(sim, { ...net, failureRate: 1 });
    const key = `lost-${Date.now()}`;
    const request = {
      amount: 700,
      currency: 'CNY' as const,
      idempotencyKey: key,
      captureMethod: 'manual' as const,
      metadata: {},
    };
    await expect(lost.createIntent(request)).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(await t.db.selectFrom('gatewaySimIntents').where('idempotencyKey', '=', key).select('id').execute()).toEqual(
      [],
    );
    const deaf = new SimulatedGateway(sim, { ...net, answerLossRate: 1 });
    await expect(deaf.createIntent(request)).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(
      await t.db.selectFrom('gatewaySimIntents').where('idempotencyKey', '=', key).select('id').execute(),
    ).toHaveLength(1);
    const slow = new SimulatedGateway(sim, { ...net, latencyMs: 400, timeoutMs: 100 });
    await expect(slow.retrieve((await gateway.createIntent(request)).id)).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('refunds within what was captured, once per key, also in parallel', async () => {
    const pi = await intent(10_000);
    await gateway.confirm(pi.id, { token: await tokenOf(TEST_CARDS.visa), returnUrl: '/r', idempotencyKey: 'c' });
    await expect(
      gateway.refund({ intentId: pi.id, amount: 100, idempotencyKey: `r0-${pi.id}` }),
    ).rejects.toBeInstanceOf(GatewayRefused);
    await gateway.capture(pi.id, { idempotencyKey: 'cap' });
    const first = await gateway.refund({ intentId: pi.id, amount: 3_000, idempotencyKey: `r1-${pi.id}` });
    expect(await gateway.refund({ intentId: pi.id, amount: 3_000, idempotencyKey: `r1-${pi.id}` })).toEqual(first);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        gateway.refund({ intentId: pi.id, amount: 2_000, idempotencyKey: `rp-${i}-${pi.id}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await gateway.retrieve(pi.id)).toMatchObject({ amountCaptured: 10_000, amountRefunded: 9_000 });
    expect((await gateway.retrieveRefund(first.id)).amount).toBe(3_000);
  });

  it('signs webhooks so any change to the body or the signature is refused', () => {
    const now = Date.now();
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (body, extra) => {
        const header = signWebhook(SECRET, body, now);
        verifyWebhookSignature(SECRET, body, header, now);
        expect(() => verifyWebhookSignature(SECRET, body + extra, header, now)).toThrow(WebhookSignatureInvalid);
        expect(() => verifyWebhookSignature(`${SECRET}x`, body, header, now)).toThrow(WebhookSignatureInvalid);
      }),
    );
    const header = signWebhook(SECRET, 'b', now - 600_000);
    expect(() => verifyWebhookSignature(SECRET, 'b', header, now)).toThrow(/too old/);
    expect(() => verifyWebhookSignature(SECRET, 'b', undefined, now)).toThrow(WebhookSignatureInvalid);
    expect(() => verifyWebhookSignature(SECRET, 'b', 't=1,v1=zz', now)).toThrow(WebhookSignatureInvalid);
  });

  it('delivers signed webhooks to our route as jobs, which refuses unsigned or altered ones', async () => {
    const pi = await intent(4_200);
    await gateway.confirm(pi.id, { token: await tokenOf(TEST_CARDS.visa), returnUrl: '/r', idempotencyKey: 'c' });
    await gateway.capture(pi.id, { idempotencyKey: 'cap' });
    await t.app.jobs?.runDueJobs();
    const received = await t.db.selectFrom('paymentWebhookEvents').selectAll().where('intentId', '=', pi.id).execute();
    expect(received.map((e) => e.type).sort()).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);
    const events = await t.db.selectFrom('gatewaySimEvents').selectAll().where('intentId', '=', pi.id).execute();
    for (const e of events) expect(e.deliveredAt).not.toBeNull();

    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { intentId: pi.id, refundId: null },
    });
    const post = (signature?: string, payload = body) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload,
        headers: { 'content-type': 'application/json', ...(signature ? { 'gateway-signature': signature } : {}) },
      });
    expect((await post()).statusCode).toBe(400);
    const forged = createHmac('sha256', 'not-the-secret')
      .update(`${Math.floor(Date.now() / 1000)}.${body}`)
      .digest('hex');
    expect((await post(`t=${Math.floor(Date.now() / 1000)},v1=${forged}`)).statusCode).toBe(400);
    expect((await post(signWebhook(SECRET, body, Date.now()), body.replace('4200', '1'))).statusCode).toBe(200);
    expect((await post(signWebhook(SECRET, body, Date.now()), `${body} `)).statusCode).toBe(400);
    expect((await post(signWebhook(SECRET, '{"nonsense":1}', Date.now()), '{"nonsense":1}')).statusCode).toBe(400);
  });

  it('retries a webhook the receiver did not take', async () => {
    const down = await createTestApp(
      {
        GATEWAY_SIM_LATENCY_MS: '0',
        GATEWAY_WEBHOOK_URL: 'http://127.0.0.1:9/webhook',
      },
      undefined,
      { secrets: testSecrets() },
    );
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/gateway-sim/v1/tokens',
        payload: card(TEST_CARDS.visa),
        headers: { cookie: await bookingClient(down).signUp() },
      });
      expect(res.statusCode).toBe(200);
      const downSim = new GatewaySimulator(
        new SimulatorRepository(down.db),
        { basePath: '/gateway-sim', webhookSecret: SECRET, webhookAttempts: 3, issuerKey: Buffer.alloc(32, 7) },
        () => new Date(),
      );
      const pi = await downSim.createIntent({
        amount: 100,
        currency: 'CNY',
        idempotencyKey: 'w',
        captureMethod: 'manual',
        metadata: {},
      });
      await downSim.cancel(pi.id);
      await down.app.jobs?.runDueJobs();
      const event = await down.db
        .selectFrom('gatewaySimEvents')
        .selectAll()
        .where('intentId', '=', pi.id)
        .executeTakeFirstOrThrow();
      expect(event).toMatchObject({ deliveredAt: null, deliveries: 1 });
      const job = await sql<{ attempts: number; maxAttempts: number }>`
        select attempts, max_attempts from graphile_worker.jobs where task_identifier = 'gatewaySim.webhook'`.execute(
        down.db,
      );
      expect(job.rows).toEqual([{ attempts: 1, maxAttempts: 3 }]);
    } finally {
      await down.close();
    }
  });
});
