import {
  AppError,
  type ChangeRefundTo,
  OPEN_ATTEMPT_STATES,
  type OrderChannel,
  type PaymentMethods,
  type PaymentRefundState,
  type PaymentState,
  type PayOrder,
  type ReceiptPayment,
} from '@junction/domain';
import { idempotencyKeyOf, requestHashOf } from '../../lib/idempotency';
import { AttemptSettling } from './attempt-settling';
import { receiptPayments } from './attempt-view';
import { AttemptWaits } from './attempt-waits';
import { CardPayment } from './card-payment';
import { ChannelPayment } from './channel-payment';
import { CHANNEL_NAMES, type ChannelName, type ChannelNotice, type PaymentChannel } from './channels/channel';
import type { GatewayEvent, PaymentGateway } from './gateway/gateway';
import { HeldPayment } from './held-payment';
import { PaymentContext, type PaymentsOptions } from './payment.context';
import type { PaymentsRepository, RefundRow } from './payment.repository';
import { PaymentRefunds, type RefundResult } from './payment-refunds';
import type { AfterPayment, PayableOrders, SavedCards, WalletFunds } from './ports';
import { Reconciliation } from './reconciliation';
import { WalletPayment } from './wallet-payment';

export { CRASH_POINTS, type CrashPoint, type PaymentsOptions } from './payment.context';
export type { RefundResult } from './payment-refunds';

/** Attempt states under way (`created`, `action`, `capturing`, `unknown`); the others are settled. */
export const OPEN_STATES = OPEN_ATTEMPT_STATES;

/**
 * Paying orders (spec §4, docs/architecture.md §6): a payment attempt is written, with its idempotency key,
 * before the processor is called; every change of an attempt is a compare-and-set, checked against
 * `ATTEMPT_TRANSITIONS`, with an event row; success moves the order and queues what follows in one
 * transaction. Whatever is interrupted (a killed process, a lost answer, a webhook before the browser)
 * is settled by asking the processor, whose idempotency keys make a capture happen once.
 *
 * One file per step: `card-payment.ts` (with 3-D Secure), `wallet-payment.ts`, `held-payment.ts` (the
 * waiting list's authorise, capture and release), `payment-refunds.ts`, `reconciliation.ts`; settling an
 * attempt from the processor's answer in `attempt-settling.ts`; the keys in `idempotency.ts`.
 */
export class PaymentsService {
  private readonly ctx: PaymentContext;
  private readonly waits: AttemptWaits;
  private readonly card: CardPayment;
  private readonly channel: ChannelPayment;
  private readonly walletPayment: WalletPayment;
  private readonly held: HeldPayment;
  private readonly refunds: PaymentRefunds;
  private readonly reconciliation: Reconciliation;

  constructor(
    repo: PaymentsRepository,
    orders: PayableOrders,
    gateway: PaymentGateway,
    options: PaymentsOptions,
    now: () => Date,
    /**
     * What follows a payment (ticketing), the wallet's ledger (paying from the balance and refunding to it)
     * and its saved cards (paying with one); without them, those ways of paying are not offered.
     */
    links: { afterPayment?: AfterPayment; wallet?: WalletFunds; savedCards?: SavedCards } = {},
    /** The wallet apps configured (Alipay); none by default. */
    channels: readonly PaymentChannel[] = [],
  ) {
    this.ctx = new PaymentContext(repo, orders, gateway, options, now, links, channels);
    const settling = new AttemptSettling(this.ctx);
    this.waits = new AttemptWaits(this.ctx);
    this.card = new CardPayment(this.ctx, settling, this.waits);
    this.channel = new ChannelPayment(this.ctx, settling, this.waits);
    this.walletPayment = new WalletPayment(this.ctx, this.waits);
    this.held = new HeldPayment(this.ctx, settling);
    this.refunds = new PaymentRefunds(this.ctx);
    this.reconciliation = new Reconciliation(this.ctx, settling, this.refunds);
  }

  /** Pays an order by the method asked; the same key again answers the same attempt. */
  async pay(
    userId: string,
    input: PayOrder,
    idempotencyKey: string | undefined,
    channel: OrderChannel,
    clientIp = '',
  ): Promise<PaymentState> {
    const key = idempotencyKeyOf(idempotencyKey);
    const order = await this.ctx.orders.find(input.orderId, userId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.channel === 'app' && channel !== 'app') throw new AppError('PAY_IN_APP');
    const method = input.method;
    if (!method) throw new AppError('PAYMENT_METHOD_REQUIRED');
    const requestHash = requestHashOf(method);
    const earlier = await this.ctx.repo.attemptByKey(order.id, key);
    if (earlier) return this.waits.replay(earlier, requestHash);
    if (method.kind === 'wallet') return this.walletPayment.pay(userId, order.id, key, requestHash);
    if (method.kind === 'alipay' || method.kind === 'wechat')
      return this.channel.pay(userId, order.id, method, key, requestHash, clientIp);
    return this.card.pay(userId, order.id, method, key, requestHash);
  }

  /** The ways of paying offered, in the order Chinese travellers expect them: the wallet apps first. */
  methods(): PaymentMethods {
    const apps = CHANNEL_NAMES.filter((name) => this.ctx.channels.has(name));
    const stripe = this.ctx.options.stripe;
    return { methods: [...apps, 'card', 'wallet'], ...(stripe ? { stripe } : {}) };
  }

  /** A wallet app's verified notification: the attempt of its trade follows the trade's state at the app. */
  onChannelNotice(channel: ChannelName, notice: ChannelNotice): Promise<void> {
    return this.reconciliation.onGatewayEvent({
      id: `${channel}:${notice.noticeId}`,
      type: 'payment_intent.succeeded',
      created: Math.floor(this.ctx.now().getTime() / 1000),
      intentId: notice.tradeNo,
      refundId: null,
    });
  }

  /** The wallet app of a name, when it is configured. */
  channelOf(name: ChannelName): PaymentChannel | undefined {
    return this.ctx.channels.get(name);
  }

  state(userId: string, orderId: string, attemptId: string): Promise<PaymentState> {
    return this.reconciliation.state(userId, orderId, attemptId);
  }

  onGatewayEvent(event: GatewayEvent): Promise<void> {
    return this.reconciliation.onGatewayEvent(event);
  }

  settle(attemptId: string, force = false): Promise<'settled' | 'open'> {
    return this.reconciliation.settle(attemptId, force);
  }

  reconcile(force = false): Promise<{ settled: number; open: number; refunds: number; late: number }> {
    return this.reconciliation.reconcile(force);
  }

  captureHeld(orderId: string): Promise<'captured' | 'lost'> {
    return this.held.capture(orderId);
  }

  releaseHeld(orderId: string): Promise<void> {
    return this.held.release(orderId);
  }

  refund(p: {
    orderId: string;
    subOrderId?: string;
    amount: number;
    idempotencyKey: string;
    purpose?: string;
  }): Promise<RefundResult> {
    return this.refunds.refund(p);
  }

  /** How the refunds written under these keys stand (`failed`: never going back); keys not written are absent. */
  async refundStates(keys: readonly string[]): Promise<ReadonlyMap<string, PaymentRefundState>> {
    const rows = await this.ctx.repo.refundsByKeys(keys);
    return new Map(rows.map((r) => [r.idempotencyKey, r.state]));
  }

  /** Where a refund of this amount goes back, by the rule refunds follow (the written refund's channel once it has one). */
  refundTo(orderId: string, amountMinor: number, idempotencyKey?: string): Promise<ChangeRefundTo | null> {
    return this.refunds.destination(orderId, amountMinor, idempotencyKey);
  }

  sendRefund(refund: RefundRow): Promise<RefundRow> {
    return this.refunds.send(refund);
  }

  refundJob(refundId: string): Promise<void> {
    return this.refunds.job(refundId);
  }

  /** The payments taken for an order, oldest first, for its receipt: method, card brand and last four, amount, time. */
  async paymentsOf(orderId: string): Promise<ReceiptPayment[]> {
    return receiptPayments(await this.ctx.repo.succeededAttempts(orderId));
  }
}
