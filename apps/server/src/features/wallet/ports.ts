import type { CardBrand } from '@junction/domain';

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
};

export type ProcessorIntent = {
  id: string;
  status: 'requires_confirmation' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled' | 'failed';
  amount: number;
  /** The 3-D Secure page while `requires_action`. */
  nextActionUrl: string | null;
  /** Why a failed intent failed, in the processor's words (`card_declined`, `insufficient_funds`, …). */
  declineCode: string | null;
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
 * token's card, and payment intents for top-ups. Calls throw `ProcessorUnavailable` or `ProcessorRefused`.
 */
export interface CardProcessor {
  describeToken(token: string): Promise<ProcessorCard>;
  /** The same key answers the same intent. */
  createIntent(request: {
    amount: number;
    currency: 'CNY';
    idempotencyKey: string;
    captureMethod: 'automatic';
    metadata: Record<string, string>;
  }): Promise<ProcessorIntent>;
  confirm(
    intentId: string,
    request: { token: string; returnUrl: string; idempotencyKey: string },
  ): Promise<ProcessorIntent>;
  retrieve(intentId: string): Promise<ProcessorIntent>;
  cancel(intentId: string, request: { idempotencyKey: string }): Promise<ProcessorIntent>;
}
