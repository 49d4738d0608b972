import type { CardBrand } from '@junction/domain';

/**
 * The card processor, as our payment code sees it (docs/architecture.md §6, §9). Shaped like a real
 * processor's API so a real one can be plugged in behind it: a payment intent made once per idempotency
 * key, confirmed with a card token, possibly held for the issuer's 3-D Secure challenge, authorised,
 * then captured; refunds against a captured intent; the current state of anything by id; and webhooks
 * signed with a shared secret. Every call may fail with `GatewayUnavailable` (no answer, or an answer
 * lost): the caller does not know whether it took effect and asks again with `retrieve`.
 */
export interface PaymentGateway {
  /** The card behind a token: brand, last four digits and expiry (never the number). */
  describeToken(token: string): Promise<TokenDetails>;
  /** The processor's customer for one of our accounts; the same key answers the same customer. */
  createCustomer(request: { idempotencyKey: string }): Promise<{ id: string }>;
  /**
   * Saves a card for a customer from a single-use token, which it spends: the answer is the saved card's
   * reference, which pays only for that customer, through `cardToken`. A token saved before is refused
   * (`token_used`), unless for the same customer (a retry), which answers the same card.
   */
  saveCard(request: { token: string; customer: string }): Promise<SavedCardRef>;
  /**
   * Where a processor saves cards in the browser (Stripe's SetupIntent, confirmed by Stripe.js's card
   * field): a setup for the customer, whose id, once the browser confirmed it, `saveCard` takes as the
   * token. The client secret is for the browser's script alone. Absent where cards are saved from tokens.
   */
  setupCard?(request: { customer: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** Forgets a customer's saved card at the processor (a card gone already is no error). */
  removeCard?(request: { card: string; customer: string; idempotencyKey: string }): Promise<void>;
  /**
   * A single-use token for a customer's saved card with its security code typed again (the token of the
   * code the browser got from the processor): refused (`card_unknown`) for a card not the customer's, and
   * for a code token used before or unknown (`cvc_token_invalid`). Whether the code matches is told by the
   * confirmation it pays (declined `incorrect_cvc`), as an issuer does.
   */
  cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<CardTokenRef>;
  /** Creates an intent; the same key answers the same intent (a different request under it is refused). */
  createIntent(request: CreateIntent): Promise<PaymentIntent>;
  /** Confirms with a card token: authorised (`requires_capture`), `requires_action` (3-D Secure) or `failed`. */
  confirm(
    intentId: string,
    request: { token: string; returnUrl: string; idempotencyKey: string },
  ): Promise<PaymentIntent>;
  /** Captures an authorised intent; capturing a captured intent answers it unchanged (never twice). */
  capture(intentId: string, request: { idempotencyKey: string }): Promise<PaymentIntent>;
  /** Cancels an intent not captured yet; refused (`GatewayRefused`, code `intent_captured`) once captured. */
  cancel(intentId: string, request: { idempotencyKey: string }): Promise<PaymentIntent>;
  retrieve(intentId: string): Promise<PaymentIntent>;
  /** Returns captured money; the same key answers the same refund. */
  refund(request: { intentId: string; amount: number; idempotencyKey: string }): Promise<GatewayRefund>;
  retrieveRefund(refundId: string): Promise<GatewayRefund>;
  /**
   * Checks a webhook's signature and age and reads it; throws `WebhookSignatureInvalid` otherwise. Null for
   * a genuine event we do not act on (acknowledged, so the processor stops sending it).
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent | null;
  /** The header the processor signs its webhooks in (`gateway-signature` when not said). */
  readonly signatureHeader?: string;
}

export type CardDetails = { brand: CardBrand; last4: string; expMonth: number; expYear: number };
/**
 * A token as the processor describes it: its card, the saved card's token it was made from with the
 * security code typed again (null for one made from card details), and whether it confirmed a payment
 * already (a token confirms one).
 */
export type TokenDetails = CardDetails & {
  source: string | null;
  used: boolean;
  /** The customer a saved card, or a token made from one, belongs to; null for a token from card details. */
  customer: string | null;
  /** True for a saved card: it pays only through a token made from it with its security code. */
  reusable: boolean;
  /** The card number's fingerprint, the same for every token and saved card of one number; null when not given. */
  fingerprint: string | null;
};
/** A customer's saved card at the processor: its reference, the card and its number's fingerprint. */
export type SavedCardRef = CardDetails & { id: string; fingerprint: string | null };
/** A single-use token made from a saved card, and the card. */
export type CardTokenRef = CardDetails & { token: string };

export type CreateIntent = {
  amount: number;
  currency: 'CNY';
  idempotencyKey: string;
  /** Authorise at confirmation, capture later (`manual`), as we do to check the order first. */
  captureMethod: 'manual' | 'automatic';
  metadata: Record<string, string>;
  /** The customer paying, and whether the card confirming the intent is saved for them (`savedCard`). */
  customer?: string;
  saveCard?: boolean;
};

export const INTENT_STATUSES = [
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'succeeded',
  'canceled',
  'failed',
] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];

/** Why a card payment failed, in the processor's words. */
export const DECLINE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'processing_error',
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export type PaymentIntent = {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  amountCaptured: number;
  amountRefunded: number;
  metadata: Record<string, string>;
  /** Where the browser goes for the 3-D Secure challenge while `requires_action`. */
  nextActionUrl: string | null;
  declineCode: DeclineCode | null;
  card: CardDetails | null;
  /** The card saved for the intent's customer with its confirmation (when the intent asked to save it). */
  savedCard: string | null;
};

/**
 * A refund as the processor answers it: `succeeded` once taken, `pending` while the bank has not decided
 * (asked again by the same key), `failed` when it never will (the card closed or replaced).
 */
export type GatewayRefund = {
  id: string;
  intentId: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
};

export const GATEWAY_EVENT_TYPES = [
  'payment_intent.requires_action',
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'refund.succeeded',
] as const;
export type GatewayEventType = (typeof GATEWAY_EVENT_TYPES)[number];

export type GatewayEvent = {
  id: string;
  type: GatewayEventType;
  created: number;
  /** The intent (or, for refunds, the intent refunded) the event is about. */
  intentId: string;
  refundId: string | null;
};

/** No answer (a time-out, a dropped connection, an answer lost): the call may or may not have taken effect. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

/** The processor answered and refused the request (an unknown token, a wrong state, a reused key). */
export class GatewayRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GatewayRefused';
  }
}

export class WebhookSignatureInvalid extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureInvalid';
  }
}
