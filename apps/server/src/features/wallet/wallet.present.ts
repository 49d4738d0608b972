import { type CardBrand, ERRORS, type ErrorName, type TopUpState, type WalletEntryPage } from '@junction/domain';
import type { ShownWalletEntryRow, WalletTopupRow } from './wallet.repository';

/** How the wallet's rows read on the wire: entries of the ledger and top-ups. */
export const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

export function presentEntry(row: ShownWalletEntryRow): WalletEntryPage['items'][number] {
  return {
    id: String(row.id),
    kind: row.kind,
    amount: cny(row.amountMinor),
    balanceAfter: cny(row.balanceAfterMinor),
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The processor's reasons for a failed card payment, as our error catalogue names them. */
const DECLINE_ERRORS: Record<string, ErrorName> = {
  card_declined: 'CARD_DECLINED',
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_CVC_INCORRECT',
  authentication_failed: 'CARD_AUTHENTICATION_FAILED',
  token_unknown: 'CARD_TOKEN_INVALID',
  // Refused before the processor was asked to pay: the saved card was locked, or the code's token spent.
  card_locked: 'CARD_LOCKED',
  card_not_found: 'CARD_NOT_FOUND',
  card_token_invalid: 'CARD_TOKEN_INVALID',
  cvc_invalid: 'CARD_CVC_INVALID',
  partner_unavailable: 'PARTNER_UNAVAILABLE',
};

/** A refusal of ours as a failed top-up keeps it (`card_locked`, …), read back by `errorCodeOf`. */
export const refusalOf = (e: { code: ErrorName }): string =>
  ({
    CARD_LOCKED: 'card_locked',
    CARD_NOT_FOUND: 'card_not_found',
    CARD_CVC_INVALID: 'cvc_invalid',
    CARD_EXPIRED: 'expired_card',
    PARTNER_UNAVAILABLE: 'partner_unavailable',
  })[e.code as string] ?? 'card_token_invalid';
const errorCodeOf = (error: string | null): number | null =>
  error === null ? null : ERRORS[DECLINE_ERRORS[error] ?? 'PAYMENT_FAILED'].errorCode;

const OUTCOMES = {
  created: 'processing',
  processing: 'processing',
  action: 'action',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;

export function presentTopup(row: WalletTopupRow): TopUpState {
  return {
    id: row.id,
    outcome: OUTCOMES[row.status],
    amount: cny(row.amountMinor),
    method: row.method,
    card: row.method === 'card' ? { brand: row.cardBrand as CardBrand, last4: row.cardLast4 } : null,
    actionUrl: row.status === 'action' ? row.actionUrl : null,
    errorCode: row.status === 'failed' ? errorCodeOf(row.error) : null,
    ...(row.saveErrorCode === null ? {} : { saveErrorCode: row.saveErrorCode }),
  };
}
