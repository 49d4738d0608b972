import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { STRIPE_JS_STAND_IN } from './stripe-js-stand-in';

/*
 * A local stand-in for Stripe's API (v1), as its reference describes it: form-encoded requests with
 * bracketed keys, `Authorization: Bearer sk_…` (a publishable key only for /v1/tokens, as Stripe.js
 * uses it, and to confirm a SetupIntent with its client secret), the JSON objects Stripe answers (token,
 * customer, payment_method attached and detached, setup_intent, payment_intent with its charge, refund,
 * event) and its error bodies; `Idempotency-Key` replaying the first answer and refusing
 * other parameters under it; the test cards' outcomes, 3-D Secure through a `redirect_to_url` next action
 * and a challenge page; webhooks signed in `Stripe-Signature` (`t=…,v1=` HMAC-SHA256 of `t.payload`).
 * It also serves a stand-in of Stripe.js at /v3/ speaking the same API, for the browser.
 */

type Json = Record<string, unknown>;
type Card = { brand: string; last4: string; exp_month: number; exp_year: number; number: string };
type Setup = {
  id: string;
  customer: string | null;
  usage: string;
  status: 'requires_payment_method' | 'succeeded';
  payment_method: string | null;
  last_setup_error: Json | null;
  client_secret: string;
  created: number;
};
type Intent = {
  id: string;
  amount: number;
  currency: string;
  capture_method: 'manual' | 'automatic';
  status: string;
  metadata: Record<string, string>;
  customer: string | null;
  setup_future_usage: string | null;
  payment_method: string | null;
  last_payment_error: Json | null;
  return_url: string | null;
  amount_received: number;
  amount_refunded: number;
  card: Card | null;
  charge: string | null;
  created: number;
};

/** Test cards, as Stripe's testing page lists them: what confirming with each does. */
export const STRIPE_TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const BRANDS: [RegExp, string][] = [
  [/^4/, 'Visa'],
  [/^5[1-5]/, 'MasterCard'],
  [/^3[47]/, 'American Express'],
  [/^62/, 'UnionPay'],
  [/^35/, 'JCB'],
];

/** Stripe's form encoding read back: `a[b][0]=x` becomes `{ a: { b: { 0: 'x' } } }`. */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Json;
      }
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, code = 'resource_missing', status = 400) =>
  new StripeError(status, { type: 'invalid_request_error', code, message });

export class StripeFake {
  readonly tokens = new Map<string, { id: string; used: boolean; type: string; card: Card | null; cvc?: string }>();
  readonly customers = new Set<string>();
  readonly methods = new Map<string, { id: string; customer: string | null; card: Card }>();
  readonly intents = new Map<string, Intent>();
  readonly setups = new Map<string, Setup>();
  readonly refunds = new Map<string, { id: string; payment_intent: string; amount: number; created: number }>();
  readonly calls: { method: string; path: string; idempotencyKey: string | undefined }[] = [];
  readonly deliveries: { type: string; status: number }[] = [];
  private readonly replies = new Map<string, { params: string; status: number; body: Json }>();
  /** Webhooks held back (a lost delivery): the site must ask. */
  dropWebhooks = false;
  /** Where webhooks go: over HTTP by default (an API test hands them to `app.inject`). */
  deliver = async (body: string, signature: string): Promise<number> => {
    if (!this.webhookUrl) return 0;
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
    });
    return res.status;
  };
  webhookUrl: string | undefined;
  private server?: Server;
  port = 0;

  constructor(readonly keys: { secretKey: string; publishableKey: string; webhookSecret: string }) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (e instanceof StripeError) this.send(res, e.status, { error: e.body });
        else res.writeHead(500).end(String(e));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A `Stripe-Signature` header for a payload, as Stripe signs it (the secret given, or the endpoint's). */
  sign(payload: string, secret = this.keys.webhookSecret, at = now()): string {
    return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`;
  }

  /** A card token, as Stripe.js makes one from the card fields (for API tests that have no browser). */
  token(number: string, expYear = 2030): string {
    return this.makeToken({ card: { number, exp_month: '12', exp_year: String(expYear), cvc: '123' } }).id;
  }

  /** A SetupIntent confirmed with a card as Stripe.js confirms it from the card field (for API tests); its answer. */
  async confirmSetup(clientSecret: string, number: string, expYear = 2030): Promise<{ status: number; body: Json }> {
    const setupId = clientSecret.split('_secret_')[0];
    const res = await fetch(`${this.baseUrl}/v1/setup_intents/${setupId}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.keys.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(expYear),
        'payment_method_data[card][cvc]': '123',
      }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** A security code's token, as Stripe.js makes one from the code field (`createToken('cvc_update', …)`). */
  cvcToken(cvc = '123'): string {
    return this.makeToken({ cvc_update: { cvc } }).id;
  }

  /** The cardholder finishes (or fails) the 3-D Secure challenge: the intent moves on and its webhook goes. */
  async authenticate(intentId: string, pass: boolean): Promise<Intent> {
    const intent = this.intent(intentId);
    if (intent.status !== 'requires_action') return intent;
    if (pass) await this.authorise(intent);
    else await this.fail(intent, { code: 'payment_intent_authentication_failure', message: '3-D Secure failed' });
    return intent;
  }

  /** Sends an event about an object, signed, unless webhooks are being dropped. */
  async emit(type: string, object: Json): Promise<void> {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-27',
      created: now(),
      type,
      livemode: false,
      data: { object },
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const body = JSON.stringify(event, null, 2);
    if (this.dropWebhooks) return;
    const status = await this.deliver(body, this.sign(body)).catch(() => 0);
    this.deliveries.push({ type, status });
  }

  private intent(intentId: string): Intent {
    const intent = this.intents.get(intentId);
    if (!intent) throw invalid(`No such payment_intent: '${intentId}'`);
    return intent;
  }

  private send(res: ServerResponse, status: number, body: Json): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const body = req.method === 'POST' ? await text(req) : '';
    if (url.pathname === '/v3/' || url.pathname === '/v3') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      res.end(STRIPE_JS_STAND_IN.replace('__API__', this.baseUrl));
      return;
    }
    if (url.pathname.startsWith('/3ds/')) return this.challenge(req, res, url, body);
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'authorization, content-type',
        })
        .end();
      return;
    }
    if (!url.pathname.startsWith('/v1/')) {
      // The challenge page's icon, as a browser asks for it: none, and no error.
      res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key });
    const auth = req.headers.authorization ?? '';
    const publishable = auth === `Bearer ${this.keys.publishableKey}`;
    const params = req.method === 'POST' ? parseForm(body) : parseForm(url.search.slice(1));
    if (auth !== `Bearer ${this.keys.secretKey}` && !(publishable && this.browserMay(url.pathname, params)))
      throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const cors: Record<string, string> = publishable ? { 'access-control-allow-origin': '*' } : {};
    if (key && req.method === 'POST') {
      const before = this.replies.get(key);
      if (before && before.params !== body)
        throw new StripeError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      if (before) return this.reply(res, before.status, before.body, cors);
    }
    let status = 200;
    let answer: Json;
    try {
      answer = await this.route(req.method ?? 'GET', url.pathname, params);
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
      status = e.status;
      answer = { error: e.body };
    }
    if (key && req.method === 'POST' && status < 500) this.replies.set(key, { params: body, status, body: answer });
    this.reply(res, status, answer, cors);
  }

  /** What Stripe.js may do with the publishable key: make tokens, and confirm a SetupIntent by its client secret. */
  private browserMay(path: string, p: Json): boolean {
    if (path === '/v1/tokens') return true;
    const [, , kind, setupId, action] = path.split('/');
    const setup = kind === 'setup_intents' && action === 'confirm' ? this.setups.get(setupId ?? '') : undefined;
    return setup !== undefined && p.client_secret === setup.client_secret;
  }

  private reply(res: ServerResponse, status: number, body: Json, headers: Record<string, string>): void {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
    res.end(JSON.stringify(body));
  }

  private async route(method: string, path: string, p: Json): Promise<Json> {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [kind, objectId, action] = parts;
    if (method === 'POST' && kind === 'tokens' && !objectId) return this.tokenJson(this.makeToken(p));
    if (method === 'GET' && kind === 'tokens' && objectId) {
      const token = this.tokens.get(objectId);
      if (!token) throw invalid(`No such token: '${objectId}'`);
      return this.tokenJson(token);
    }
    if (method === 'POST' && kind === 'customers' && !objectId) {
      const customer = id('cus');
      this.customers.add(customer);
      return { id: customer, object: 'customer', created: now(), livemode: false, metadata: {} };
    }
    if (method === 'GET' && kind === 'customers' && objectId) {
      if (!this.customers.has(objectId)) throw invalid(`No such customer: '${objectId}'`);
      return { id: objectId, object: 'customer', created: now(), livemode: false, metadata: {} };
    }
    if (kind === 'setup_intents') return this.setupIntents(method, objectId, action, p);
    if (kind === 'payment_methods') return this.paymentMethods(method, objectId, action, p);
    if (kind === 'payment_intents') return this.paymentIntents(method, objectId, action, p);
    if (kind === 'refunds') return this.refundsRoute(method, objectId, p);
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, 'resource_missing', 404);
  }

  private makeToken(p: Json) {
    if (p.cvc_update) {
      const token = {
        id: id('cvctok'),
        used: false,
        type: 'cvc_update',
        card: null,
        cvc: String((p.cvc_update as Json).cvc),
      };
      this.tokens.set(token.id, token);
      return token;
    }
    const token = { id: id('tok'), used: false, type: 'card', card: this.cardOf(p.card) };
    this.tokens.set(token.id, token);
    return token;
  }

  /** A card from the fields Stripe.js sends (`card[number]`, `card[exp_month]`, …); a bad number is refused. */
  private cardOf(fields: unknown): Card {
    const card = (fields ?? {}) as Record<string, string>;
    const number = (card.number ?? '').replace(/\s/g, '');
    if (!/^\d{13,19}$/.test(number))
      throw new StripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
      });
    const brand = BRANDS.find(([re]) => re.test(number))?.[1] ?? 'Unknown';
    return {
      brand,
      last4: number.slice(-4),
      exp_month: Number(card.exp_month),
      exp_year: Number(card.exp_year),
      number,
    };
  }

  private tokenJson(t: { id: string; used: boolean; type: string; card: Card | null }): Json {
    const card = t.card
      ? { id: id('card'), object: 'card', ...this.cardJson(t.card), funding: 'credit', country: 'US' }
      : null;
    return {
      id: t.id,
      object: 'token',
      type: t.type,
      used: t.used,
      livemode: false,
      created: now(),
      client_ip: '127.0.0.1',
      ...(card ? { card } : {}),
    };
  }

  /**
   * Stripe's `card.fingerprint`: sixteen letters and digits naming the card number for this account, the
   * same on every token and payment method made of it.
   */
  private fingerprintOf(number: string): string {
    return createHmac('sha256', 'stripe-fake.fingerprint')
      .update(number)
      .digest('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16);
  }

  private cardJson(card: Card): Json {
    const fingerprint = this.fingerprintOf(card.number);
    return { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, fingerprint };
  }

  private methodJson(m: { id: string; customer: string | null; card: Card }): Json {
    const card = { ...this.cardJson(m.card), brand: m.card.brand.toLowerCase().replace('american express', 'amex') };
    return {
      id: m.id,
      object: 'payment_method',
      type: 'card',
      customer: m.customer,
      card,
      created: now(),
      livemode: false,
      metadata: {},
    };
  }

  private spendToken(tokenId: string): Card {
    const token = this.tokens.get(tokenId);
    if (!token?.card) throw invalid(`No such token: '${tokenId}'`);
    if (token.used) throw invalid(`You cannot use a Stripe token more than once: ${tokenId}.`, 'token_already_used');
    token.used = true;
    return token.card;
  }

  private paymentMethods(method: string, methodId: string | undefined, action: string | undefined, p: Json): Json {
    if (method === 'POST' && !methodId) {
      const card = this.spendToken(String((p.card as Json | undefined)?.token));
      const pm = { id: id('pm'), customer: null, card };
      this.methods.set(pm.id, pm);
      return this.methodJson(pm);
    }
    const pm = methodId ? this.methods.get(methodId) : undefined;
    if (!pm) throw invalid(`No such PaymentMethod: '${methodId}'`);
    if (method === 'POST' && action === 'detach') {
      if (!pm.customer)
        throw invalid(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          'payment_method_unexpected_state',
        );
      pm.customer = null;
    }
    if (method === 'POST' && action === 'attach') {
      const customer = String(p.customer);
      if (!this.customers.has(customer)) throw invalid(`No such customer: '${customer}'`);
      if (pm.customer && pm.customer !== customer)
        throw invalid(
          'The payment method you provided has already been attached to a customer.',
          'payment_method_unexpected_state',
        );
      pm.customer = customer;
    }
    return this.methodJson(pm);
  }

  private async paymentIntents(
    method: string,
    intentId: string | undefined,
    action: string | undefined,
    p: Json,
  ): Promise<Json> {
    if (method === 'POST' && !intentId) {
      const amount = Number(p.amount);
      if (!Number.isInteger(amount) || amount < 1)
        throw invalid('Invalid integer: amount', 'parameter_invalid_integer');
      const customer = p.customer ? String(p.customer) : null;
      if (customer && !this.customers.has(customer)) throw invalid(`No such customer: '${customer}'`);
      const intent: Intent = {
        id: id('pi'),
        amount,
        currency: String(p.currency),
        capture_method: p.capture_method === 'manual' ? 'manual' : 'automatic',
        status: 'requires_payment_method',
        metadata: (p.metadata ?? {}) as Record<string, string>,
        customer,
        setup_future_usage: p.setup_future_usage ? String(p.setup_future_usage) : null,
        payment_method: null,
        last_payment_error: null,
        return_url: null,
        amount_received: 0,
        amount_refunded: 0,
        card: null,
        charge: null,
        created: now(),
      };
      this.intents.set(intent.id, intent);
      return this.intentJson(intent, false);
    }
    const intent = this.intent(intentId ?? '');
    const expand = Object.values((p.expand ?? {}) as Json).includes('latest_charge');
    if (method === 'GET') return this.intentJson(intent, expand);
    if (action === undefined) this.update(intent, p);
    else if (action === 'confirm') await this.confirm(intent, p);
    else if (action === 'capture') await this.capture(intent);
    else if (action === 'cancel') await this.cancel(intent);
    else
      throw invalid(
        `Unrecognized request URL (POST: /v1/payment_intents/${intentId}/${action}).`,
        'resource_missing',
        404,
      );
    return this.intentJson(intent, expand);
  }

  /** `POST /v1/payment_intents/:id`: its customer set before it is confirmed. */
  private update(intent: Intent, p: Json): void {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
      throw this.unexpected(intent, 'update');
    if (p.customer === undefined) return;
    const customer = String(p.customer);
    if (!this.customers.has(customer)) throw invalid(`No such customer: '${customer}'`);
    intent.customer = customer;
  }

  /**
   * SetupIntents: made for a customer with the secret key, confirmed by Stripe.js with the card's fields
   * and the client secret; a declined card leaves the setup waiting with its error (402), an accepted one
   * attaches a new PaymentMethod to the customer. The challenge of a card that asks for 3-D Secure is
   * passed at setup (Stripe.js shows it in its own frame); paying with the card asks it again.
   */
  private setupIntents(method: string, setupId: string | undefined, action: string | undefined, p: Json): Json {
    if (method === 'POST' && !setupId) {
      const customer = p.customer ? String(p.customer) : null;
      if (customer && !this.customers.has(customer)) throw invalid(`No such customer: '${customer}'`);
      const made = id('seti');
      const setup: Setup = {
        id: made,
        customer,
        usage: String(p.usage ?? 'off_session'),
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: null,
        client_secret: `${made}_secret_${randomBytes(12).toString('hex')}`,
        created: now(),
      };
      this.setups.set(made, setup);
      return this.setupJson(setup);
    }
    const setup = this.setups.get(setupId ?? '');
    if (!setup) throw invalid(`No such setupintent: '${setupId}'`);
    if (method === 'POST' && action === 'confirm') this.setUp(setup, p);
    return this.setupJson(setup);
  }

  private setUp(setup: Setup, p: Json): void {
    if (setup.status !== 'requires_payment_method')
      throw invalid(
        `You cannot confirm this SetupIntent because it has a status of ${setup.status}.`,
        'setup_intent_unexpected_state',
      );
    const card = this.cardOf((p.payment_method_data as Json | undefined)?.card);
    if (card.number === STRIPE_TEST_CARDS.declined || card.number === STRIPE_TEST_CARDS.insufficientFunds) {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      setup.last_setup_error = { ...error, message: 'Your card was declined.' };
      throw new StripeError(402, { ...setup.last_setup_error, setup_intent: this.setupJson(setup) });
    }
    const pm = { id: id('pm'), customer: setup.customer, card };
    this.methods.set(pm.id, pm);
    Object.assign(setup, { status: 'succeeded', payment_method: pm.id, last_setup_error: null });
  }

  private setupJson(setup: Setup): Json {
    return {
      id: setup.id,
      object: 'setup_intent',
      client_secret: setup.client_secret,
      created: setup.created,
      customer: setup.customer,
      last_setup_error: setup.last_setup_error,
      livemode: false,
      metadata: {},
      next_action: null,
      payment_method: setup.payment_method,
      payment_method_types: ['card'],
      status: setup.status,
      usage: setup.usage,
    };
  }

  private unexpected(intent: Intent, doing: string): StripeError {
    return invalid(
      `You cannot ${doing} this PaymentIntent because it has a status of ${intent.status}.`,
      'payment_intent_unexpected_state',
    );
  }

  private async confirm(intent: Intent, p: Json): Promise<void> {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation')
      throw this.unexpected(intent, 'confirm');
    let card: Card;
    if (p.payment_method) {
      const pm = this.methods.get(String(p.payment_method));
      if (!pm || pm.customer !== intent.customer) throw invalid(`No such PaymentMethod: '${String(p.payment_method)}'`);
      const cvcId = String(((p.payment_method_options as Json | undefined)?.card as Json | undefined)?.cvc_token ?? '');
      const cvc = this.tokens.get(cvcId);
      if (!cvc || cvc.used || cvc.type !== 'cvc_update') throw invalid(`No such token: '${cvcId}'`);
      cvc.used = true;
      card = pm.card;
      intent.payment_method = pm.id;
      if (cvc.cvc !== '123')
        return this.fail(intent, { code: 'incorrect_cvc', message: "Your card's security code is incorrect." });
    } else {
      card = this.spendToken(String(((p.payment_method_data as Json | undefined)?.card as Json | undefined)?.token));
      const pm = { id: id('pm'), customer: null as string | null, card };
      this.methods.set(pm.id, pm);
      intent.payment_method = pm.id;
    }
    intent.card = card;
    intent.return_url = p.return_url ? String(p.return_url) : null;
    if (card.number === STRIPE_TEST_CARDS.declined)
      return this.fail(intent, {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
    if (card.number === STRIPE_TEST_CARDS.insufficientFunds)
      return this.fail(intent, {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      });
    if (card.number === STRIPE_TEST_CARDS.threeDSecure) {
      intent.status = 'requires_action';
      return this.emit('payment_intent.requires_action', this.intentJson(intent, false));
    }
    await this.authorise(intent);
  }

  /** A declined confirmation: the intent goes back to `requires_payment_method` with the error, answered 402. */
  private async fail(intent: Intent, error: Json): Promise<never> {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', ...error };
    await this.emit('payment_intent.payment_failed', this.intentJson(intent, false));
    throw new StripeError(402, { type: 'card_error', ...error, payment_intent: this.intentJson(intent, false) });
  }

  private async authorise(intent: Intent): Promise<void> {
    intent.charge = id('ch');
    if (intent.setup_future_usage && intent.customer && intent.payment_method) {
      const pm = this.methods.get(intent.payment_method);
      if (pm) pm.customer = intent.customer;
    }
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      await this.emit('payment_intent.amount_capturable_updated', this.intentJson(intent, false));
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    await this.emit('payment_intent.succeeded', this.intentJson(intent, false));
  }

  private async capture(intent: Intent): Promise<void> {
    if (intent.status !== 'requires_capture') throw this.unexpected(intent, 'capture');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    await this.emit('payment_intent.succeeded', this.intentJson(intent, false));
  }

  private async cancel(intent: Intent): Promise<void> {
    if (intent.status === 'succeeded' || intent.status === 'canceled') throw this.unexpected(intent, 'cancel');
    intent.status = 'canceled';
    await this.emit('payment_intent.canceled', this.intentJson(intent, false));
  }

  private async refundsRoute(method: string, refundId: string | undefined, p: Json): Promise<Json> {
    if (method === 'GET') {
      const refund = this.refunds.get(refundId ?? '');
      if (!refund) throw invalid(`No such refund: '${refundId}'`);
      return this.refundJson(refund);
    }
    const intent = this.intent(String(p.payment_intent));
    if (intent.status !== 'succeeded')
      throw invalid('This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
    const amount = p.amount ? Number(p.amount) : intent.amount_received - intent.amount_refunded;
    if (amount > intent.amount_received - intent.amount_refunded)
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge`, 'amount_too_large');
    intent.amount_refunded += amount;
    const refund = { id: id('re'), payment_intent: intent.id, amount, created: now() };
    this.refunds.set(refund.id, refund);
    await this.emit('charge.refunded', this.chargeJson(intent));
    return this.refundJson(refund);
  }

  private refundJson(r: { id: string; payment_intent: string; amount: number; created: number }): Json {
    const intent = this.intent(r.payment_intent);
    return {
      id: r.id,
      object: 'refund',
      amount: r.amount,
      currency: intent.currency,
      charge: intent.charge,
      payment_intent: r.payment_intent,
      status: 'succeeded',
      reason: null,
      created: r.created,
      metadata: {},
    };
  }

  private chargeJson(intent: Intent): Json {
    return {
      id: intent.charge,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: intent.amount_refunded,
      captured: intent.amount_received > 0,
      refunded: intent.amount_refunded > 0 && intent.amount_refunded === intent.amount_received,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      payment_method_details: intent.card
        ? {
            type: 'card',
            card: {
              ...this.cardJson(intent.card),
              brand: intent.card.brand.toLowerCase().replace('american express', 'amex'),
            },
          }
        : null,
    };
  }

  private intentJson(intent: Intent, expand: boolean): Json {
    const nextAction =
      intent.status === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${this.baseUrl}/3ds/${intent.id}`, return_url: intent.return_url },
          }
        : null;
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.status === 'requires_capture' ? intent.amount : 0,
      amount_received: intent.amount_received,
      capture_method: intent.capture_method,
      client_secret: `${intent.id}_secret_${intent.created}`,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      customer: intent.customer,
      last_payment_error: intent.last_payment_error,
      latest_charge: intent.charge ? (expand ? this.chargeJson(intent) : intent.charge) : null,
      livemode: false,
      metadata: intent.metadata,
      next_action: nextAction,
      payment_method: intent.payment_method,
      payment_method_types: ['card'],
      setup_future_usage: intent.setup_future_usage,
      status: intent.status,
    };
  }

  /** The issuer's 3-D Secure page: GET shows it, POST (`result=pass|fail`) settles it and returns to the site. */
  private async challenge(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
    const intentId = url.pathname.split('/')[2] ?? '';
    const intent = this.intents.get(intentId);
    if (!intent) {
      res.writeHead(404).end('unknown payment');
      return;
    }
    if (req.method === 'POST') {
      await this.authenticate(intentId, new URLSearchParams(body).get('result') === 'pass');
      const back = new URL(intent.return_url ?? this.baseUrl);
      back.searchParams.set('payment_intent', intent.id);
      back.searchParams.set('payment_intent_client_secret', `${intent.id}_secret_${intent.created}`);
      back.searchParams.set('redirect_status', intent.status === 'requires_payment_method' ? 'failed' : 'succeeded');
      res.writeHead(303, { location: back.toString() }).end();
      return;
    }
    const amount = `${intent.currency.toUpperCase()} ${(intent.amount / 100).toFixed(2)}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>3D Secure 2 Test Page</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>3D Secure 2 Test Page</h1><p>Payment of <b>${amount}</b> to the card ending ${intent.card?.last4 ?? ''}.</p>
<form method="post"><button name="result" value="pass">Complete authentication</button>
<button name="result" value="fail">Fail authentication</button></form></body></html>`);
  }
}
