import {
  AppError,
  type AttemptState,
  type CardBrand,
  ERRORS,
  type ErrorName,
  type PaymentOutcome,
  type PaymentState,
  type ReceiptPayment,
} from '@junction/domain';
import type { DeclineCode } from './gateway/gateway';
import type { AttemptRow } from './payment.repository';

const DECLINE_ERRORS: Record<DeclineCode | 'canceled' | 'expired', ErrorName> = {
  card_declined: 'CARD_DECLINED',
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_CVC_INCORRECT',
  authentication_failed: 'CARD_AUTHENTICATION_FAILED',
  processing_error: 'PAYMENT_FAILED',
  canceled: 'PAYMENT_FAILED',
  expired: 'PAYMENT_CLOSED',
};
const DECLINES = Object.keys(DECLINE_ERRORS);
const errorOf = (code: string | null): ErrorName =>
  DECLINE_ERRORS[DECLINES.find((d): d is keyof typeof DECLINE_ERRORS => d === code) ?? 'processing_error'];

/** What the traveller is told of an attempt in each of its states. */
const OUTCOMES: Record<AttemptState, PaymentOutcome> = {
  created: 'processing',
  capturing: 'processing',
  unknown: 'processing',
  action: 'action',
  held: 'held',
  succeeded: 'succeeded',
  failed: 'failed',
  released: 'failed',
};

const isQr = (url: string | null) => url?.startsWith('weixin://') ?? false;

/** An attempt as its payer sees it. */
export function present(attempt: AttemptRow): PaymentState {
  const state = attempt.state;
  return {
    attemptId: attempt.id,
    orderId: attempt.orderId,
    outcome: OUTCOMES[state],
    purpose: attempt.purpose,
    amount: { amount: attempt.amountMinor, currency: 'CNY' },
    // WeChat Pay's Native link is no page: a desktop shows it as a QR code to scan.
    actionUrl: state === 'action' && !isQr(attempt.actionUrl) ? attempt.actionUrl : null,
    qrCode: state === 'action' && isQr(attempt.actionUrl) ? attempt.actionUrl : null,
    ...(attempt.method === 'alipay' || attempt.method === 'wechat' ? { app: attempt.method } : {}),
    errorCode: state === 'failed' ? ERRORS[errorOf(attempt.declineCode)].errorCode : null,
    card: attempt.cardBrand ? { brand: attempt.cardBrand as CardBrand, last4: attempt.cardLast4 ?? '' } : null,
  };
}

/** The answer to a pay request: the attempt, or its decline as the error the traveller reads. */
export function answer(attempt: AttemptRow): PaymentState {
  if (attempt.state === 'failed')
    throw new AppError(errorOf(attempt.declineCode), { params: { attemptId: attempt.id } });
  return present(attempt);
}

/** The payments taken for an order, oldest first, for its receipt: method, card brand and last four, amount, time. */
export function receiptPayments(rows: readonly AttemptRow[]): ReceiptPayment[] {
  return rows.map((a) => ({
    purpose: a.purpose === 'difference' ? 'difference' : 'order',
    method: a.method === 'wallet' || a.method === 'alipay' || a.method === 'wechat' ? a.method : 'card',
    brand: a.method === 'card' ? ((a.cardBrand as CardBrand | null) ?? null) : null,
    last4: a.method === 'card' ? a.cardLast4 : null,
    amount: { amount: a.amountMinor, currency: 'CNY' },
    paidAt: (a.settledAt ?? a.updatedAt).toISOString(),
  }));
}
