import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayRefused, WebhookSignatureInvalid } from '../gateway';
import { StripeGateway } from './stripe-gateway';

/*
 * The Stripe adapter against answers recorded from Stripe's published example objects (a PaymentIntent, a
 * refund, a card token, a declined card's error body): the requests the official client sends (form
 * encoded, bearer key, idempotency key) and how the answers read; webhooks signed as Stripe documents.
 * The live suite runs against Stripe's test mode when STRIPE_SECRET_KEY is set.
 */

const recorded = (name: string) => readFileSync(new URL(`./stripe-recorded/${name}.json`, import.meta.url), 'utf8');
type Seen = { method: string; path: string; body: string; headers: IncomingMessage['headers'] };
const seen: Seen[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{}' };
let server: Server;
let gateway: StripeGateway;
const SECRET = 'whsec_test_recorded_secret';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString(),
        headers: req.headers,
      });
      res
        .writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_recorded' })
        .end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = new StripeGateway({
    secretKey: 'sk_test_recorded',
    webhookSecret: SECRET,
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    timeoutMs: 5000,
    publicUrl: 'https://junction.example',
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Stripe adapter, recorded answers', () => {
  it('creates a PaymentIntent form-encoded under our idempotency key and reads Stripe’s example', async () => {
    answer = { status: 200, body: recorded('payment-intent') };
    const intent = await gateway.createIntent({
      amount: 2000,
      currency: 'CNY',
      idempotencyKey: 'attempt:a1',
      captureMethod: 'manual',
      metadata: { orderId: 'o1', attemptId: 'a1' },
    });
    const call = seen.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.headers.authorization).toBe('Bearer sk_test_recorded');
    expect(call?.headers['idempotency-key']).toBe('attempt:a1');
    expect(call?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toMatchObject({
      amount: '2000',
      currency: 'cny',
      capture_method: 'manual',
      'metadata[orderId]': 'o1',
      'metadata[attemptId]': 'a1',
    });
    expect(intent).toMatchObject({ id: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', status: 'requires_confirmation', amount: 2000 });
    expect(intent.currency).toBe('USD');
  });

  it('confirms with a card token and an absolute return address, reading a decline from the intent', async () => {
    answer = { status: 402, body: recorded('card-declined') };
    await expect(gateway.createCustomer({ idempotencyKey: 'customer:u1' })).rejects.toBeInstanceOf(GatewayRefused);
    const declined = JSON.parse(recorded('payment-intent'));
    answer = {
      status: 200,
      body: JSON.stringify({ ...declined, last_payment_error: JSON.parse(recorded('card-declined')).error }),
    };
    const intent = await gateway.confirm('pi_3MtwBwLkdIwHu7ix28a3tqPa', {
      token: 'tok_1N3T00LkdIwHu7ixt44h1F8k',
      returnUrl: '/payment?id=o1&attempt=a1',
      idempotencyKey: 'confirm:a1',
    });
    const confirm = seen.find((s) => s.path.endsWith('/confirm'));
    expect(Object.fromEntries(new URLSearchParams(confirm?.body))).toEqual({
      'payment_method_data[type]': 'card',
      'payment_method_data[card][token]': 'tok_1N3T00LkdIwHu7ixt44h1F8k',
      return_url: 'https://junction.example/payment?id=o1&attempt=a1',
    });
    expect(confirm?.headers['idempotency-key']).toBe('confirm:a1');
    expect(intent).toMatchObject({ status: 'failed', declineCode: 'insufficient_funds' });
  });

  it('describes a token by Stripe’s example and refunds with Stripe’s example answer', async () => {
    answer = { status: 200, body: recorded('token') };
    expect(await gateway.describeToken('tok_1N3T00LkdIwHu7ixt44h1F8k')).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 5,
      expYear: 2026,
      source: null,
      used: false,
      customer: null,
      reusable: false,
      fingerprint: 'mToisGZ01V71BCos',
    });
    answer = { status: 200, body: recorded('refund') };
    const refund = await gateway.refund({
      intentId: 'pi_1GszsK2eZvKYlo2CfhZyoZLp',
      amount: 1000,
      idempotencyKey: 'refund:r1',
    });
    expect(refund).toEqual({
      id: 're_1Nispe2eZvKYlo2Cd31jOCgZ',
      intentId: 'pi_1GszsK2eZvKYlo2CfhZyoZLp',
      amount: 1000,
      status: 'succeeded',
    });
    expect(seen.at(-1)?.headers['idempotency-key']).toBe('refund:r1');
  });

  it('saves a card for a customer as a PaymentMethod attached to them, reading the card number’s fingerprint', async () => {
    answer = { status: 200, body: recorded('payment-method') };
    const saved = await gateway.saveCard({ token: 'tok_1N3T00LkdIwHu7ixt44h1F8k', customer: 'cus_NffrFeUfNV2Hib' });
    expect(seen.at(-1)?.path).toBe('/v1/payment_methods/pm_1EUmyr2x6R10KRrhlYS3l97f/attach');
    expect(Object.fromEntries(new URLSearchParams(seen.at(-1)?.body))).toEqual({ customer: 'cus_NffrFeUfNV2Hib' });
    expect(saved).toEqual({
      id: 'pm_1EUmyr2x6R10KRrhlYS3l97f',
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2030,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });
    const unprinted = {
      ...JSON.parse(recorded('payment-method')),
      card: { ...JSON.parse(recorded('payment-method')).card },
    };
    delete unprinted.card.fingerprint;
    answer = { status: 200, body: JSON.stringify(unprinted) };
    expect((await gateway.saveCard({ token: 'tok_other', customer: 'cus_NffrFeUfNV2Hib' })).fingerprint).toBeNull();
  });

  it('reads a refund Stripe answers failed or canceled as failed, and one pending as it is when read again', async () => {
    const refundWith = (status: string) => JSON.stringify({ ...JSON.parse(recorded('refund')), status });
    const ask = () => gateway.refund({ intentId: 'pi_1GszsK2eZvKYlo2CfhZyoZLp', amount: 1000, idempotencyKey: 'r2' });
    answer = { status: 200, body: refundWith('failed') };
    expect((await ask()).status).toBe('failed');
    answer = { status: 200, body: refundWith('canceled') };
    expect((await ask()).status).toBe('failed');
    answer = { status: 200, body: refundWith('pending') };
    const before = seen.length;
    expect((await ask()).status).toBe('pending');
    // The replayed answer is read again by the refund's id.
    expect(seen.slice(before).map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /v1/refunds',
      'GET /v1/refunds/re_1Nispe2eZvKYlo2Cd31jOCgZ',
    ]);
  });

  it('reads a webhook signed as Stripe documents and refuses a forged one', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1680800504,
      data: { object: JSON.parse(recorded('payment-intent')) },
    });
    const at = Math.floor(Date.now() / 1000);
    const sign = (secret: string, body: string) =>
      `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
    expect(gateway.verifyWebhook(payload, sign(SECRET, payload))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      created: 1680800504,
      intentId: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
      refundId: null,
    });
    expect(() => gateway.verifyWebhook(payload, sign('whsec_other', payload))).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verifyWebhook(`${payload} `, sign(SECRET, payload))).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureInvalid);
    const other = JSON.stringify({
      id: 'evt_2',
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(gateway.verifyWebhook(other, sign(SECRET, other))).toBeNull();
  });
});

const liveKey = process.env.STRIPE_SECRET_KEY;
describe.skipIf(!liveKey?.startsWith('sk_test_'))(
  `Stripe, live${liveKey ? '' : ' (skipped: set STRIPE_SECRET_KEY, an sk_test_ key, to run it)'}`,
  () => {
    it('pays and refunds with Stripe’s test token in test mode', async () => {
      const live = new StripeGateway({
        secretKey: liveKey ?? '',
        webhookSecret: 'whsec_unused',
        apiBase: 'https://api.stripe.com',
        timeoutMs: 30_000,
        publicUrl: 'https://junction.example',
      });
      const key = `live-${Date.now()}`;
      const intent = await live.createIntent({
        amount: 1000,
        currency: 'CNY',
        idempotencyKey: key,
        captureMethod: 'manual',
        metadata: {},
      });
      const confirmed = await live.confirm(intent.id, {
        token: 'tok_visa',
        returnUrl: '/payment',
        idempotencyKey: `confirm:${key}`,
      });
      expect(confirmed.status).toBe('requires_capture');
      expect((await live.capture(intent.id, { idempotencyKey: `capture:${key}` })).status).toBe('succeeded');
      expect((await live.refund({ intentId: intent.id, amount: 1000, idempotencyKey: `refund:${key}` })).status).toBe(
        'succeeded',
      );
    }, 60_000);
  },
);
