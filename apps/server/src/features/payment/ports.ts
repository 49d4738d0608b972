import type { OrderChannel, OrderStatus, PaymentPurpose, PaymentRefundChannel, PaymentStatus } from '@junction/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';

export type Trx = Transaction<Database>;

/** An order as payment needs it. */
export type PayableOrder = {
  id: string;
  userId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  priceMinor: number;
  /** The sum of its sub-orders' price differences (order status 1), else 0. */
  differenceMinor: number;
  deadline: Date;
  channel: OrderChannel;
  /** On a waiting list (候补): the card payment is authorised and held, not captured; no wallet. */
  waitlist: boolean;
};

/**
 * The orders payment moves (composed in `app.ts` from the orders feature). Every step is a compare-and-set
 * of the status tables with an event row, in the caller's transaction; false when the order was not
 * where the step starts.
 */
export interface PayableOrders {
  find(orderId: string, userId?: string): Promise<PayableOrder | undefined>;
  /** Payment status 0 → 1 for an order awaiting payment before its deadline: it can no longer expire or be cancelled. */
  startPayment(trx: Trx, orderId: string, at: Date): Promise<boolean>;
  /** Payment status 1 → 0: the attempt failed; the order may be paid again, cancelled, or expire. */
  endPayment(trx: Trx, orderId: string, at: Date): Promise<boolean>;
  /** The order paid: 0 → 2 with its sub-orders paid, or (a price difference) 1 → 4 with the difference paid. */
  markPaid(
    trx: Trx,
    p: { orderId: string; purpose: PaymentPurpose; amountMinor: number; attemptId: string; at: Date },
  ): Promise<boolean>;
  /** A waiting-list order's card payment authorised and held: 0 → 8 (payment 1 → 5). */
  markHeld(trx: Trx, p: { orderId: string; amountMinor: number; attemptId: string; at: Date }): Promise<boolean>;
  /** A waiting-list order's hold voided, or refunded in full: released (payment 5 → 3, or 4). */
  markWaitlistReleased(trx: Trx, p: { orderId: string; refunded: boolean; at: Date }): Promise<boolean>;
}

/**
 * What follows a successful payment, in the payment's own transaction: the ticketing job
 * (`scheduleTicketing` of the fulfilment feature, composed in `app.ts`).
 */
export interface AfterPayment {
  scheduleTicketing(trx: Trx, orderId: string): Promise<void>;
}

/**
 * The wallet's ledger (composed in `app.ts` from the wallet feature): a debit throws the wallet's
 * WALLET_BALANCE_INSUFFICIENT and moves nothing; each key moves money once.
 */
export interface WalletFunds {
  debit(
    trx: Trx,
    m: { userId: string; amountMinor: number; idempotencyKey: string; orderId: string },
  ): Promise<unknown>;
  credit(
    trx: Trx,
    m: { userId: string; kind: 'refund'; amountMinor: number; idempotencyKey: string; orderId: string },
  ): Promise<unknown>;
}

/**
 * The wallet's saved cards (composed in `app.ts` from the wallet feature). A payment with a saved card
 * gets a single-use token of it from the processor with the token of its security code typed again, which
 * reserves one of the card's code tries; the attempt's settling tells how the code fared.
 */
export interface SavedCards {
  /** CARD_NOT_FOUND for a card that is not the user's, CARD_EXPIRED, or CARD_LOCKED after three wrong codes. */
  paymentToken(userId: string, cardId: string, cvcToken: string): Promise<{ token: string }>;
  /** In the transaction that settles the attempt: right, wrong (the third of a day locks the card), or not judged. */
  codeOutcome(
    trx: Trx,
    p: { userId: string; cardId: string; outcome: 'right' | 'wrong' | 'not-judged' },
  ): Promise<void>;
}

/**
 * Tells the traveller that money came after its order (or the change it paid for) had ended and goes straight
 * back (composed in `app.ts` from the notifications feature), in the transaction that writes the refund, once
 * per refund.
 */
export interface LatePaymentNotice {
  refunded(trx: Trx, p: RefundToTell): Promise<void>;
}

/** A refund of an order as its traveller (and, when it failed, the desk) is told it. */
export type RefundToTell = {
  userId: string;
  orderId: string;
  refundId: string;
  amountMinor: number;
  channel: PaymentRefundChannel;
  /** The card's last four digits, for money that could not go back to a card. */
  last4: string | null;
  at: Date;
};

/**
 * Tells the traveller that a refund of their order could not go back to the card (or the Alipay, WeChat Pay
 * account) that paid, and that customer service will contact them (composed in `app.ts` from the
 * notifications feature: notice, e-mail and SMS), in the transaction that records it failed, once per refund.
 */
export interface RefundFailedNotice {
  refundFailed(trx: Trx, p: RefundToTell): Promise<void>;
}

/**
 * Where customer service sees money to return by hand (the chat's agents' queue, wired in
 * `wiring/service-desk.ts`): an order's refund the processor failed. Asked again with the same refund, it
 * adds nothing.
 */
export type RefundDesk = {
  refundFailed(p: RefundToTell): Promise<void>;
};
