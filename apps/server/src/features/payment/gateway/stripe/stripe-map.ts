import type { CardBrand } from '@junction/domain';
import type Stripe from 'stripe';
import {
  type CardDetails,
  type DeclineCode,
  GATEWAY_EVENT_TYPES,
  type GatewayEventType,
  type GatewayRefund,
  type IntentStatus,
  type PaymentIntent,
} from '../gateway';

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american express': 'amex',
  amex: 'amex',
  discover: 'discover',
  jcb: 'jcb',
  unionpay: 'unionpay',
};

/** A card brand in Stripe's words (`Visa`, `American Express` on a token; `visa`, `amex` elsewhere); null when not ours. */
export const brandOf = (brand: string | null | undefined): CardBrand | null =>
  BRANDS[(brand ?? '').toLowerCase()] ?? null;

type StripeCard = { brand: string | null; last4: string | null; exp_month: number | null; exp_year: number | null };

export function cardOf(card: StripeCard | null | undefined): CardDetails | null {
  const brand = brandOf(card?.brand);
  if (!card || !brand || !card.last4 || !card.exp_month || !card.exp_year) return null;
  return { brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
}

/** Stripe's fingerprint of a card's number (`card.fingerprint`), the same for every token and method of it; null when absent. */
export const fingerprintOf = (card: { fingerprint?: string | null } | null | undefined): string | null =>
  card?.fingerprint || null;

/** Why a card was declined, from Stripe's error code and decline code. */
export function declineOf(error: { code?: string | null; decline_code?: string | null } | null): DeclineCode {
  const code = error?.decline_code ?? error?.code ?? '';
  if (code === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || code === 'incorrect_cvc' || code === 'processing_error') return code;
  if (code === 'payment_intent_authentication_failure' || code === 'authentication_required')
    return 'authentication_failed';
  return 'card_declined';
}

/**
 * Stripe's intent statuses in the port's: an intent back at `requires_payment_method` after a decline
 * has failed (we never confirm one intent twice); `processing` waits like an unconfirmed one.
 */
function statusOf(intent: Stripe.PaymentIntent): IntentStatus {
  switch (intent.status) {
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_confirmation';
    case 'requires_confirmation':
    case 'processing':
      return 'requires_confirmation';
    case 'requires_action':
      return 'requires_action';
    case 'requires_capture':
      return 'requires_capture';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    default:
      return 'requires_confirmation';
  }
}

export const idOf = (x: string | { id: string } | null | undefined): string | null =>
  x == null ? null : typeof x === 'string' ? x : x.id;

/** A PaymentIntent (retrieved with its latest charge expanded) as the port's intent. */
export function intentOf(intent: Stripe.PaymentIntent): PaymentIntent {
  const status = statusOf(intent);
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const saved =
    intent.setup_future_usage && intent.customer && (status === 'requires_capture' || status === 'succeeded');
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    currency: intent.currency.toUpperCase(),
    amountCaptured: intent.amount_received,
    amountRefunded: charge?.amount_refunded ?? 0,
    metadata: { ...intent.metadata },
    nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
    declineCode: status === 'failed' ? declineOf(intent.last_payment_error) : null,
    card: cardOf(charge?.payment_method_details?.card),
    savedCard: saved ? idOf(intent.payment_method) : null,
  };
}

/**
 * Stripe's refund states as ours: `failed` and `canceled` never return the money (the card closed or
 * replaced); `pending` and `requires_action` are not decided yet, asked again later.
 */
export function refundStatusOf(status: string | null): GatewayRefund['status'] {
  if (status === 'failed' || status === 'canceled') return 'failed';
  if (status === 'pending' || status === 'requires_action') return 'pending';
  return 'succeeded';
}

export function refundOf(refund: Stripe.Refund): GatewayRefund {
  return {
    id: refund.id,
    intentId: idOf(refund.payment_intent) ?? '',
    amount: refund.amount,
    status: refundStatusOf(refund.status),
  };
}

const INTENT_EVENTS = new Set<string>(GATEWAY_EVENT_TYPES);

/** The event types we act on: the intent's, and a refund's (Stripe's `refund.updated`/`charge.refunded`). */
export function eventTypeOf(type: string): GatewayEventType | null {
  if (INTENT_EVENTS.has(type)) return type as GatewayEventType;
  if (type === 'charge.refunded' || type === 'refund.updated' || type === 'refund.created') return 'refund.succeeded';
  return null;
}

/** The intent (and refund) an event is about. */
export function eventSubject(event: Stripe.Event): { intentId: string | null; refundId: string | null } {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } };
  if (object.object === 'payment_intent') return { intentId: object.id ?? null, refundId: null };
  if (object.object === 'refund') return { intentId: idOf(object.payment_intent), refundId: object.id ?? null };
  if (object.object === 'charge') return { intentId: idOf(object.payment_intent), refundId: null };
  return { intentId: null, refundId: null };
}
