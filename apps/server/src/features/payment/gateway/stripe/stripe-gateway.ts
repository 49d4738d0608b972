import Stripe from 'stripe';
import {
  type CardTokenRef,
  type CreateIntent,
  type GatewayEvent,
  type GatewayRefund,
  GatewayRefused,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentIntent,
  type SavedCardRef,
  type TokenDetails,
  WebhookSignatureInvalid,
} from '../gateway';
import { cardOf, eventSubject, eventTypeOf, fingerprintOf, idOf, intentOf, refundOf } from './stripe-map';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin (`https://api.stripe.com`); a test points it at a local fake. */
  apiBase: string;
  timeoutMs: number;
  /** The site's origin: the return address after 3-D Secure is made absolute with it, as Stripe requires. */
  publicUrl: string;
  now?: () => Date;
};

/** A saved card's single-use token: its PaymentMethod with the token of its security code typed again. */
const SAVED = '~';

/** The header Stripe signs its webhooks in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/**
 * The card processor over Stripe's API (the official `stripe` client): card tokens made by Stripe.js in
 * the browser, PaymentIntents confirmed with them, 3-D Secure through the intent's `redirect_to_url` next
 * action, capture, cancel, refunds, customers and their PaymentMethods as saved cards, and webhooks checked
 * with `stripe.webhooks.constructEvent`. Every call that changes anything carries our idempotency key.
 */
export class StripeGateway implements PaymentGateway {
  readonly signatureHeader = STRIPE_SIGNATURE_HEADER;
  private readonly stripe: Stripe;
  private readonly now: () => Date;

  constructor(private readonly options: StripeOptions) {
    const base = new URL(options.apiBase);
    this.stripe = new Stripe(options.secretKey, {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      timeout: options.timeoutMs,
      // We retry ourselves, by the same key, after asking where things stand.
      maxNetworkRetries: 0,
      telemetry: false,
    });
    this.now = options.now ?? (() => new Date());
  }

  async describeToken(token: string): Promise<TokenDetails> {
    const [methodId, cvcToken] = token.split(SAVED);
    if (methodId?.startsWith('pm_')) {
      const method = await call(() => this.stripe.paymentMethods.retrieve(methodId));
      const card = required(cardOf(method.card));
      const cvc = cvcToken ? await call(() => this.stripe.tokens.retrieve(cvcToken)) : null;
      const customer = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      const fingerprint = fingerprintOf(method.card);
      return {
        ...card,
        source: cvc ? methodId : null,
        used: cvc?.used ?? false,
        customer,
        reusable: !cvc,
        fingerprint,
      };
    }
    const found = await call(() => this.stripe.tokens.retrieve(token));
    const card = required(cardOf(found.card));
    return {
      ...card,
      source: null,
      used: found.used,
      customer: null,
      reusable: false,
      fingerprint: fingerprintOf(found.card),
    };
  }

  async createCustomer(request: { idempotencyKey: string }): Promise<{ id: string }> {
    const customer = await call(() => this.stripe.customers.create({}, { idempotencyKey: request.idempotencyKey }));
    return { id: customer.id };
  }

  async setupCard(request: {
    customer: string;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }> {
    const setup = await call(() =>
      this.stripe.setupIntents.create(
        { customer: request.customer, usage: 'on_session' },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!setup.client_secret) throw new GatewayUnavailable('a SetupIntent without its client secret');
    return { id: setup.id, clientSecret: setup.client_secret };
  }

  /** The card a SetupIntent the browser confirmed attached to the customer; refused unless it succeeded for them. */
  private async setUpCard(setupId: string, customer: string): Promise<SavedCardRef> {
    const setup = await call(() => this.stripe.setupIntents.retrieve(setupId));
    const methodId = idOf(setup.payment_method);
    if (setup.status !== 'succeeded' || idOf(setup.customer) !== customer || !methodId)
      throw new GatewayRefused('setup_incomplete', 'the card was not set up for this customer');
    const method = await call(() => this.stripe.paymentMethods.retrieve(methodId));
    if (idOf(method.customer) !== customer) throw new GatewayRefused('card_unknown', 'not the customer’s card');
    return { id: method.id, ...required(cardOf(method.card)), fingerprint: fingerprintOf(method.card) };
  }

  async removeCard(request: { card: string; customer: string; idempotencyKey: string }): Promise<void> {
    const method = await call(() => this.stripe.paymentMethods.retrieve(request.card)).catch((e: unknown) => {
      if (e instanceof GatewayRefused) return null;
      throw e;
    });
    if (!method || idOf(method.customer) !== request.customer) return;
    await call(() => this.stripe.paymentMethods.detach(request.card, {}, { idempotencyKey: request.idempotencyKey }));
  }

  async saveCard(request: { token: string; customer: string }): Promise<SavedCardRef> {
    if (request.token.startsWith('seti_')) return this.setUpCard(request.token, request.customer);
    const method = await call(() =>
      this.stripe.paymentMethods.create(
        { type: 'card', card: { token: request.token } },
        { idempotencyKey: `save:${request.token}` },
      ),
    );
    const attached = await call(() =>
      this.stripe.paymentMethods.attach(
        method.id,
        { customer: request.customer },
        { idempotencyKey: `attach:${request.token}` },
      ),
    ).catch((e: unknown) => {
      throw e instanceof GatewayRefused && e.code === 'idempotency' ? new GatewayRefused('token_used', e.message) : e;
    });
    return { id: attached.id, ...required(cardOf(attached.card)), fingerprint: fingerprintOf(attached.card) };
  }

  async cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<CardTokenRef> {
    const method = await call(() => this.stripe.paymentMethods.retrieve(request.card)).catch(() => null);
    const owner = typeof method?.customer === 'string' ? method.customer : method?.customer?.id;
    if (!method || owner !== request.customer) throw new GatewayRefused('card_unknown', 'not the customer’s card');
    const cvc = await call(() => this.stripe.tokens.retrieve(request.cvcToken)).catch(() => null);
    if (!cvc || cvc.used) throw new GatewayRefused('cvc_token_invalid', 'the security code’s token is unknown or used');
    return { token: `${method.id}${SAVED}${cvc.id}`, ...required(cardOf(method.card)) };
  }

  async createIntent(request: CreateIntent): Promise<PaymentIntent> {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          capture_method: request.captureMethod,
          metadata: request.metadata,
          ...(request.customer ? { customer: request.customer } : {}),
          ...(request.saveCard ? { setup_future_usage: 'on_session' as const } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return intentOf(intent);
  }

  async confirm(
    intentId: string,
    request: { token: string; returnUrl: string; idempotencyKey: string },
  ): Promise<PaymentIntent> {
    const [methodId, cvcToken] = request.token.split(SAVED);
    const saved = methodId?.startsWith('pm_') && cvcToken ? methodId : null;
    const card = saved
      ? { payment_method: saved, payment_method_options: { card: { cvc_token: cvcToken } } }
      : { payment_method_data: { type: 'card' as const, card: { token: request.token } } };
    // A customer's card pays an intent of that customer: the intent is given the card's customer first.
    if (saved) await this.forCustomerOf(intentId, saved, `${request.idempotencyKey}:customer`);
    try {
      await call(() =>
        this.stripe.paymentIntents.confirm(
          intentId,
          { ...card, return_url: new URL(request.returnUrl, this.options.publicUrl).toString() },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    } catch (e) {
      // A declined card leaves the intent with its last payment error: read as failed below.
      if (!(e instanceof GatewayRefused && e.code === 'card')) throw e;
    }
    return this.retrieve(intentId);
  }

  private async forCustomerOf(intentId: string, methodId: string, idempotencyKey: string): Promise<void> {
    const customer = idOf((await call(() => this.stripe.paymentMethods.retrieve(methodId))).customer);
    if (customer) await call(() => this.stripe.paymentIntents.update(intentId, { customer }, { idempotencyKey }));
  }

  async capture(intentId: string, request: { idempotencyKey: string }): Promise<PaymentIntent> {
    try {
      await call(() => this.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey: request.idempotencyKey }));
    } catch (e) {
      // Captured before (by another key): answered unchanged, never captured twice.
      const now = await this.retrieve(intentId);
      if (now.status === 'succeeded') return now;
      throw e;
    }
    return this.retrieve(intentId);
  }

  async cancel(intentId: string, request: { idempotencyKey: string }): Promise<PaymentIntent> {
    try {
      await call(() => this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: request.idempotencyKey }));
    } catch (e) {
      if (!(e instanceof GatewayRefused)) throw e;
      const now = await this.retrieve(intentId);
      if (now.status === 'succeeded') throw new GatewayRefused('intent_captured', 'the intent was captured');
      if (now.status !== 'canceled') throw e;
      return now;
    }
    return this.retrieve(intentId);
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    return intentOf(await call(() => this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] })));
  }

  async refund(request: { intentId: string; amount: number; idempotencyKey: string }): Promise<GatewayRefund> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        { payment_intent: request.intentId, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    // Asked again by its key, Stripe replays its first answer: a refund pending then is read as it is now.
    if (refundOf(refund).status === 'pending') return this.retrieveRefund(refund.id);
    return refundOf(refund);
  }

  async retrieveRefund(refundId: string): Promise<GatewayRefund> {
    return refundOf(await call(() => this.stripe.refunds.retrieve(refundId)));
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent | null {
    if (!signatureHeader) throw new WebhookSignatureInvalid('no signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.options.webhookSecret,
        undefined,
        undefined,
        Math.floor(this.now().getTime() / 1000),
      );
    } catch (e) {
      throw new WebhookSignatureInvalid(e instanceof Error ? e.message : 'signature mismatch');
    }
    const type = eventTypeOf(event.type);
    const { intentId, refundId } = eventSubject(event);
    if (!type || !intentId) return null;
    return { id: event.id, type, created: event.created, intentId, refundId };
  }
}

function required<T>(card: T | null): T {
  if (!card) throw new GatewayRefused('card_unsupported', 'a card brand the site does not take');
  return card;
}

/** One call to Stripe, its failures in the port's terms: no answer is `GatewayUnavailable`, a refusal `GatewayRefused`. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Stripe.errors.StripeConnectionError || e instanceof Stripe.errors.StripeAPIError)
      throw new GatewayUnavailable(e.message);
    if (e instanceof Stripe.errors.StripeRateLimitError) throw new GatewayUnavailable(e.message);
    if (e instanceof Stripe.errors.StripeCardError) throw new GatewayRefused('card', e.message);
    if (e instanceof Stripe.errors.StripeIdempotencyError) throw new GatewayRefused('idempotency', e.message);
    if (e instanceof Stripe.errors.StripeError) throw new GatewayRefused(e.code ?? e.type, e.message);
    throw e;
  }
}
