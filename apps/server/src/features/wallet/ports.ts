import type { CardBrand, TopUpApp } from '@junction/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';

/** A card behind a processor token: brand, last four digits and expiry (never the number). */
export type ProcessorCard = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The saved card's token this one was made from with the security code typed again, else null. */
  source: string | null;
  /** True once the token confirmed a payment: a token pays once. */
  used: boolean;
  /** The customer a saved card, or a token made from one, belongs to; null for a token from card details. */
  customer: string | null;
  /** A saved card's own reference: it pays only through tokens made from it. */
  reusable: boolean;
  /**
   * The processor's fingerprint of the card number (Stripe's `card.fingerprint`): the same for every token
   * and saved card of one number, where each save makes a new reference; null when the processor gives none.
   */
  fingerprint: string | null;
};

/** A card the processor keeps for a customer: its reference, the card and its number's fingerprint. */
export type ProcessorSavedCard = Omit<ProcessorCard, 'source' | 'used' | 'customer' | 'reusable'> & { id: string };
/** A single-use token the processor made from a saved card, and the card. */
export type ProcessorCardToken = Omit<ProcessorCard, 'source' | 'used' | 'customer' | 'reusable' | 'fingerprint'> & {
  token: string;
};

export type ProcessorIntent = {
  id: string;
  status: 'requires_confirmation' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled' | 'failed';
  amount: number;
  /** The 3-D Secure page while `requires_action`. */
  nextActionUrl: string | null;
  /** Why a failed intent failed, in the processor's words (`card_declined`, `insufficient_funds`, …). */
  declineCode: string | null;
  /** The card saved for the intent's customer with its confirmation, when the intent asked to save it. */
  savedCard: string | null;
};

/** The processor did not answer (or its answer was lost): the call may or may not have taken effect. */
export class ProcessorUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessorUnavailable';
  }
}

/** The processor answered and refused (an unknown token, a wrong state). */
export class ProcessorRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProcessorRefused';
  }
}

/**
 * What the wallet needs of the card processor (composed in `app.ts` over the payment gateway): reading a
 * token's card, the account's customer and its saved cards, and payment intents for top-ups. Calls throw
 * `ProcessorUnavailable` or `ProcessorRefused`.
 */
export interface CardProcessor {
  describeToken(token: string): Promise<ProcessorCard>;
  /** The processor's customer of an account; the same key answers the same customer. */
  createCustomer(request: { idempotencyKey: string }): Promise<{ id: string }>;
  /** Saves a card for a customer from a single-use token, which it spends; refused for a token spent before. */
  saveCard(request: { token: string; customer: string }): Promise<ProcessorSavedCard>;
  /**
   * A setup of a card for a customer that the browser confirms with the processor's own card field
   * (Stripe's SetupIntent); its id is then the token `saveCard` takes. Absent where cards are saved from tokens.
   */
  setupCard?(request: { customer: string; idempotencyKey: string }): Promise<{ id: string; clientSecret: string }>;
  /** Forgets a customer's saved card at the processor (a card gone already is no error). */
  removeCard?(request: { card: string; customer: string; idempotencyKey: string }): Promise<void>;
  /** A token that pays once, from a customer's saved card and the token of its security code typed again. */
  cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<ProcessorCardToken>;
  /** The same key answers the same intent. */
  createIntent(request: {
    amount: number;
    currency: 'CNY';
    idempotencyKey: string;
    captureMethod: 'automatic';
    metadata: Record<string, string>;
    /** The customer paying, and whether the card is saved for them with the confirmation. */
    customer?: string;
    saveCard?: boolean;
  }): Promise<ProcessorIntent>;
  confirm(
    intentId: string,
    request: { token: string; returnUrl: string; idempotencyKey: string },
  ): Promise<ProcessorIntent>;
  retrieve(intentId: string): Promise<ProcessorIntent>;
  cancel(intentId: string, request: { idempotencyKey: string }): Promise<ProcessorIntent>;
  /**
   * Returns a captured intent's money to its card; the same key answers the same refund: `succeeded` once the
   * processor has taken it, `pending` while it has not decided, `failed` when it never will (Stripe's failed
   * or canceled refund: the card closed or replaced, the bank refusing it), the money back at the processor.
   */
  refund(request: {
    intentId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ status: 'succeeded' | 'pending' | 'failed' }>;
}

/**
 * Tells a card's owner it was locked after three wrong security codes, in the transaction that locks it
 * (the notifications feature's notice, e-mail and SMS, composed in `app.ts`).
 */
export type CardNotifier = {
  cardLocked(
    trx: Transaction<Database>,
    p: { userId: string; cardId: string; card: string; until: Date },
  ): Promise<void>;
};

/** A trade as the app tells it: waiting for the buyer (or never opened), paid, or closed unpaid. */
export type TopupAppTrade = { status: 'waiting' | 'paid' | 'closed'; amountMinor: number };

/**
 * The wallet apps the wallet's top-ups are paid with (composed in `app.ts` over the payment feature's
 * channels). The trade number is ours and names the trade at the app. Calls throw `ProcessorUnavailable`
 * (no answer) or `ProcessorRefused` (an answer refusing it: `intent_captured` when closing a paid trade).
 */
export interface TopupApps {
  /** The apps configured, in the order Chinese travellers expect them. */
  readonly names: readonly TopUpApp[];
  start(
    app: TopUpApp,
    request: {
      tradeNo: string;
      amountMinor: number;
      subject: string;
      returnUrl: string;
      device: 'desktop' | 'phone';
      clientIp: string;
      expiresAt: Date;
    },
  ): Promise<{ actionUrl: string }>;
  /** The trade as the app answers it, its signature checked. */
  query(app: TopUpApp, tradeNo: string): Promise<TopupAppTrade>;
  /** Closes an unpaid trade so it can no longer be paid. */
  close(app: TopUpApp, tradeNo: string): Promise<void>;
  /**
   * Refunds a paid trade, once per refund number (the app answers the same refund when asked again):
   * `succeeded` once the app has taken it, `failed` when it answers it never will (the account closed or
   * restricted); a refund it has not decided throws `ProcessorRefused`, to be asked again.
   */
  refund(
    app: TopUpApp,
    request: { tradeNo: string; amountMinor: number; refundNo: string },
  ): Promise<'succeeded' | 'failed'>;
}

/**
 * Tells a traveller that a top-up paid after it had failed was refunded to the app or card it was paid with
 * (`last4` names the card) once the app or processor confirmed it, in a transaction of ours (the
 * notifications feature's notice, e-mail and SMS, composed in `app.ts`), once per top-up.
 */
export type TopupNotifier = {
  lateTopupRefunded(
    trx: Transaction<Database>,
    p: { userId: string; topupId: string; amountMinor: number; app: TopUpApp | 'card'; last4?: string },
  ): Promise<void>;
  /**
   * The refund to the card failed at the processor, or to Alipay or WeChat Pay at the app: customer service
   * will return the money another way.
   */
  lateTopupRefundFailed(
    trx: Transaction<Database>,
    p: { userId: string; topupId: string; amountMinor: number; app: TopUpApp | 'card'; last4: string },
  ): Promise<void>;
};

/**
 * Where customer service sees money to return by hand (the chat's agents' queue, wired in
 * `wiring/service-desk.ts`): a late top-up's refund the card processor or the app failed (`last4` names the
 * card, empty for an app). Asked again with the same refund, it adds nothing.
 */
export type ServiceDesk = {
  refundFailed(p: {
    refundId: string;
    userId: string;
    amountMinor: number;
    app: TopUpApp | 'card';
    last4: string;
  }): Promise<void>;
};
