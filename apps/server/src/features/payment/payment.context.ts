import type { PaymentRefundChannel } from '@junction/domain';
import { AppError, ORDER_STATUS, type OrderStatus, PAYMENT_STATUS, type PaymentPurpose } from '@junction/domain';
import { PAYMENT_CRASH_POINTS } from '../../payment-crash-points';
import type { ChannelName, PaymentChannel } from './channels/channel';
import { channelIntents, type IntentCalls } from './channels/channel-intents';
import type { PaymentGateway, PaymentIntent } from './gateway/gateway';
import type { AttemptRow, PaymentsRepository } from './payment.repository';
import type {
  AfterPayment,
  LatePaymentNotice,
  PayableOrder,
  PayableOrders,
  RefundDesk,
  RefundFailedNotice,
  SavedCards,
  Trx,
  WalletFunds,
} from './ports';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'payments.settle': { attemptId: string };
    'payments.refund': { refundId: string };
    'payments.reconcile': Record<string, never>;
  }
}

/** Where a test may have the pay flow's process killed; never honoured in production. */
export const CRASH_POINTS = PAYMENT_CRASH_POINTS;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export type PaymentsOptions = {
  /** Where the browser comes back to after the 3-D Secure page (the payment page of the order). */
  returnPath: (orderId: string, attemptId: string) => string;
  /** The site's origin, before the return path, for a wallet app's page to come back to. */
  publicUrl: string;
  /** An attempt still open after this long is settled by asking the processor. */
  settleAfterMs: number;
  /** How long a request waits for another attempt of the same order to settle. */
  waitMs: number;
  /** How long after an attempt closed unpaid the reconciler still asks whether it was paid after all. */
  lateWindowMs: number;
  crashAt?: CrashPoint;
  /** Stripe.js's settings for the payment page, when Stripe takes the cards. */
  stripe?: { publishableKey: string; jsUrl: string };
};

/**
 * What every step of paying shares: our tables, the orders payment moves, the card processor, the
 * options and the clock, and the other features' ports, given at construction.
 */
export class PaymentContext {
  readonly afterPayment: AfterPayment | undefined;
  readonly wallet: WalletFunds | undefined;
  readonly savedCards: SavedCards | undefined;
  readonly latePayment: LatePaymentNotice | undefined;
  readonly refundFailed: RefundFailedNotice | undefined;
  readonly desk: RefundDesk | undefined;
  /** The wallet apps configured (Alipay), by name. */
  readonly channels: ReadonlyMap<ChannelName, PaymentChannel>;

  constructor(
    readonly repo: PaymentsRepository,
    readonly orders: PayableOrders,
    readonly gateway: PaymentGateway,
    readonly options: PaymentsOptions,
    readonly now: () => Date,
    links: {
      afterPayment?: AfterPayment;
      wallet?: WalletFunds;
      savedCards?: SavedCards;
      latePayment?: LatePaymentNotice;
      refundFailed?: RefundFailedNotice;
      desk?: RefundDesk;
    },
    channels: readonly PaymentChannel[] = [],
  ) {
    this.channels = new Map(channels.map((c) => [c.name, c]));
    this.afterPayment = links.afterPayment;
    this.wallet = links.wallet;
    this.savedCards = links.savedCards;
    this.latePayment = links.latePayment;
    this.refundFailed = links.refundFailed;
    this.desk = links.desk;
  }

  /** Who holds an attempt's money: the card processor, or the wallet app it was paid with. */
  intentsOf(attempt: { method: string }): IntentCalls {
    const channel = this.channels.get(attempt.method as ChannelName);
    if (channel) return channelIntents(channel);
    if (attempt.method !== 'card') throw new Error(`no processor for payments by ${attempt.method}`);
    return this.gateway;
  }

  crash(point: CrashPoint): void {
    if (this.options.crashAt === point) process.kill(process.pid, 'SIGKILL');
  }

  /**
   * The processor's intent for an attempt, made with the attempt's own key (so asking again finds the same
   * one) and its id stored on the attempt.
   */
  async intentFor(attempt: AttemptRow): Promise<PaymentIntent> {
    const intent = await this.gateway.createIntent({
      amount: attempt.amountMinor,
      currency: 'CNY',
      idempotencyKey: `attempt:${attempt.id}`,
      captureMethod: 'manual',
      metadata: { orderId: attempt.orderId, attemptId: attempt.id, purpose: attempt.purpose },
    });
    await this.repo.setIntent(attempt.id, intent.id, this.now());
    return intent;
  }

  /** The one place what follows a payment is queued, in the payment's transaction. */
  async scheduleFollowUp(trx: Trx, orderId: string): Promise<void> {
    await this.afterPayment?.scheduleTicketing(trx, orderId);
  }

  /** How the security code of an attempt with a saved card fared, in the transaction settling it (or on its own). */
  async codeOutcome(
    trx: Trx | null,
    attempt: { userId: string; savedCardId: string | null },
    outcome: 'right' | 'wrong' | 'not-judged',
  ): Promise<void> {
    const cards = this.savedCards;
    const cardId = attempt.savedCardId;
    if (!cards || !cardId) return;
    if (trx) return cards.codeOutcome(trx, { userId: attempt.userId, cardId, outcome });
    await this.repo.transaction((t) => cards.codeOutcome(t, { userId: attempt.userId, cardId, outcome }));
  }
}

/** Thrown inside a payment's transaction when its order was not where the step starts: it rolls back. */
export class OrderMoved extends Error {}

const PAID_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.PAID,
  ORDER_STATUS.TICKETING,
  ORDER_STATUS.TICKETED,
  ORDER_STATUS.COMPLETED,
];

export const isPaid = (order: PayableOrder | undefined): boolean =>
  order !== undefined && PAID_STATUSES.includes(order.status);

/** Another attempt of the order holds it: it awaits payment with a payment under way. */
export const isPaying = (order: PayableOrder | undefined): boolean =>
  order?.status === ORDER_STATUS.WAIT_PAYMENT && order.paymentStatus === PAYMENT_STATUS.PROCESSING;

export type AmountDue = { order: PayableOrder; purpose: PaymentPurpose; amountMinor: number };

/** What is to be paid now: the order's price, or its price difference; 2000 when paid, closed otherwise. */
export function amountDue(orderId: string, order: PayableOrder | undefined, now: Date): AmountDue {
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  if (order.status === ORDER_STATUS.WAIT_PAYMENT) {
    if (order.deadline.getTime() <= now.getTime()) throw new AppError('PAYMENT_CLOSED');
    return { order, purpose: 'order', amountMinor: order.priceMinor };
  }
  if (order.status === ORDER_STATUS.PRICE_DIFFERENCE_DUE && order.differenceMinor > 0)
    return { order, purpose: 'difference', amountMinor: order.differenceMinor };
  if (isPaid(order)) throw new AppError('ORDER_ALREADY_PAID');
  throw new AppError('PAYMENT_CLOSED', { params: { orderId } });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where money of an attempt paid by `method` goes back: the way it was paid. */
export function refundChannelOf(method: string): PaymentRefundChannel {
  if (method === 'wallet' || method === 'alipay' || method === 'wechat') return method;
  return 'card';
}
