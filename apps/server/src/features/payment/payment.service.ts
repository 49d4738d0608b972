import { createHash } from 'node:crypto';
import {
  AppError,
  type CardBrand,
  ERRORS,
  type ErrorName,
  ORDER_STATUS,
  type OrderChannel,
  type PaymentPurpose,
  type PaymentState,
  type PayOrder,
  type ReceiptPayment,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import {
  type DeclineCode,
  type GatewayEvent,
  GatewayRefused,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentIntent,
} from './gateway/gateway';
import type { AttemptRow, PaymentsRepository, RefundRow } from './payment.repository';
import type { AfterPayment, PayableOrder, PayableOrders, SavedCards, Trx, WalletFunds } from './ports';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'payments.settle': { attemptId: string };
    'payments.refund': { refundId: string };
    'payments.reconcile': Record<string, never>;
  }
}

/** Attempt states: under way (`created`, `action`, `capturing`, `unknown`) or settled. */
export const OPEN_STATES = ['created', 'action', 'capturing', 'unknown'] as const;
/** `held`: authorised and held for a waiting-list order; then captured (`succeeded`) or voided (`released`). */
type AttemptState = (typeof OPEN_STATES)[number] | 'succeeded' | 'failed' | 'held' | 'released';

/**
 * Named points of the pay flow where a test may have the process killed (SIGKILL), to show that
 * restart and reconciliation settle every order once. Never honoured in production.
 */
export const CRASH_POINTS = [
  'attempt-recorded',
  'intent-created',
  'confirmed',
  'before-capture',
  'captured',
  'before-commit',
  'after-commit',
  'webhook-received',
  'webhook-before-commit',
  'failed-before-commit',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export type PaymentsOptions = {
  /** Where the browser comes back to after the 3-D Secure page (the payment page of the order). */
  returnPath: (orderId: string, attemptId: string) => string;
  /** An attempt still open after this long is settled by asking the processor. */
  settleAfterMs: number;
  /** How long a request waits for another attempt of the same order to settle. */
  waitMs: number;
  crashAt?: CrashPoint;
};

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
const errorOf = (code: string | null): ErrorName => DECLINE_ERRORS[code as DeclineCode] ?? 'PAYMENT_FAILED';

const PAID_STATUSES: readonly unknown[] = [
  ORDER_STATUS.PAID,
  ORDER_STATUS.TICKETING,
  ORDER_STATUS.TICKETED,
  ORDER_STATUS.COMPLETED,
];

const isUnique = (e: unknown, constraint: string) =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (e as { constraint?: string }).constraint === constraint;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type RefundResult = {
  refundId: string;
  orderId: string;
  subOrderId: string | null;
  amount: { amount: number; currency: 'CNY' };
  /** Where the money goes back: the card that paid (the wallet when the wallet paid). */
  channel: 'card' | 'wallet';
  state: 'pending' | 'succeeded';
};

/**
 * Paying orders (spec §4, docs/architecture.md §6): a payment attempt is written, with its idempotency key,
 * before the processor is called; every change of an attempt is a compare-and-set with an event row;
 * success moves the order and queues what follows in one transaction. Whatever is interrupted (a killed
 * process, a lost answer, a webhook before the browser) is settled by asking the processor, whose
 * idempotency keys make a capture happen once.
 */
export class PaymentsService {
  private afterPayment: AfterPayment | undefined;
  private wallet: WalletFunds | undefined;
  private savedCards: SavedCards | undefined;

  constructor(
    private readonly repo: PaymentsRepository,
    private readonly orders: PayableOrders,
    private readonly gateway: PaymentGateway,
    private readonly options: PaymentsOptions,
    private readonly now: () => Date,
  ) {}

  /** What follows a payment (ticketing); set once by `app.ts`. */
  followWith(after: AfterPayment): void {
    this.afterPayment = after;
  }

  /** The wallet's saved cards, for paying with one; set once by `app.ts`. */
  payWithSavedCards(cards: SavedCards): void {
    this.savedCards = cards;
  }

  /** The wallet's ledger, for paying from the balance and refunding to it; set once by `app.ts`. */
  payFromWallet(wallet: WalletFunds): void {
    this.wallet = wallet;
  }

  private crash(point: CrashPoint): void {
    if (this.options.crashAt === point) process.kill(process.pid, 'SIGKILL');
  }

  async pay(
    userId: string,
    input: PayOrder,
    idempotencyKey: string | undefined,
    channel: OrderChannel,
  ): Promise<PaymentState> {
    const key = idempotencyKey?.trim();
    if (!key || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    const order = await this.orders.find(input.orderId, userId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.channel === 'app' && channel !== 'app') throw new AppError('PAY_IN_APP');
    const method = input.method;
    if (!method) throw new AppError('PAYMENT_METHOD_REQUIRED');
    const requestHash = createHash('sha256').update(JSON.stringify(method)).digest('base64url');

    const earlier = await this.repo.attemptByKey(order.id, key);
    if (earlier) return this.replay(earlier, requestHash);

    if (method.kind === 'wallet') return this.payWithWallet(userId, order.id, key, requestHash);
    // A saved card pays through a single-use token the processor makes from it with its security code,
    // which takes one of the card's code tries: given back should no attempt come of it.
    let saved: { token: string; cardId: string } | null = null;
    if (method.kind === 'savedCard') {
      try {
        saved = await this.savedCardToken(userId, method);
      } catch (e) {
        // The same request sent twice at once spends the code's token once: the other answers its attempt.
        const same =
          e instanceof AppError && e.code === 'CARD_TOKEN_INVALID' ? await this.attemptSoon(order.id, key) : undefined;
        if (same) return this.replay(same, requestHash);
        throw e;
      }
    }
    const token = saved?.token ?? (method.kind === 'card' ? method.token : '');
    let attempted = false;
    try {
      for (let round = 0; round < 2; round++) {
        const due = await this.amountDue(order.id, await this.orders.find(order.id, userId));
        const card = await this.describe(token);
        // A token pays once; a saved card's own reference, or a token made from one, never pays as a new card.
        if (card.used || (saved === null && (card.reusable || card.customer !== null || card.source !== null))) {
          // Used by this very request sent twice at once: the same attempt's answer.
          const same = card.used ? await this.repo.attemptByKey(order.id, key) : undefined;
          if (same) return this.replay(same, requestHash);
          throw new AppError('CARD_TOKEN_INVALID');
        }
        const started = await this.start(userId, due, key, requestHash, token, card, saved?.cardId ?? null);
        if (started.kind === 'replay') return this.replay(started.attempt, requestHash);
        if (started.kind === 'started') {
          attempted = true;
          this.crash('attempt-recorded');
          return this.answer(await this.drive(started.attempt, token));
        }
        // Another attempt of this order is under way: wait for it, then see where the order stands.
        const open = await this.waitForOpen(order.id);
        if (open?.state === 'action') await this.abandon(open);
        else if (open) throw new AppError('PAYMENT_IN_PROGRESS');
      }
      throw new AppError('PAYMENT_IN_PROGRESS');
    } finally {
      if (saved && !attempted) await this.codeOutcome(null, { userId, savedCardId: saved.cardId }, 'not-judged');
    }
  }

  /**
   * Pays from the wallet's balance, all in one transaction: the attempt, the order's payment status, the
   * ledger's debit, the attempt settled, the order marked paid and its ticketing queued. A balance too
   * small answers 2150 and leaves nothing behind; the same key answers the same attempt.
   */
  private async payWithWallet(
    userId: string,
    orderId: string,
    key: string,
    requestHash: string,
  ): Promise<PaymentState> {
    const wallet = this.wallet;
    if (!wallet) throw new AppError('PAYMENT_FAILED');
    const payable = await this.orders.find(orderId, userId);
    // The wallet cannot hold an amount the way a card authorisation does.
    if (payable?.waitlist) throw new AppError('WAITLIST_CARD_ONLY');
    const due = await this.amountDue(orderId, payable);
    const at = this.now();
    try {
      const attempt = await this.repo.transaction(async (trx) => {
        const row = await this.repo.insertAttempt(trx, {
          orderId,
          userId,
          idempotencyKey: key,
          requestHash,
          purpose: due.purpose,
          amountMinor: due.amountMinor,
          method: 'wallet',
          state: 'created',
          createdAt: at,
          updatedAt: at,
        });
        if (due.purpose === 'order' && !(await this.orders.startPayment(trx, orderId, at))) throw new OrderMoved();
        await wallet.debit(trx, { userId, amountMinor: due.amountMinor, idempotencyKey: `payment:${row.id}`, orderId });
        await this.repo.moveAttempt(row.id, ['created'], { state: 'succeeded', settledAt: at }, at, trx);
        await this.repo.addEvent(trx, {
          attemptId: row.id,
          orderId,
          kind: 'wallet_debited',
          fromState: null,
          toState: 'succeeded',
          at,
          data: { amountMinor: due.amountMinor, purpose: due.purpose },
        });
        const paid = await this.orders.markPaid(trx, {
          orderId,
          purpose: due.purpose,
          amountMinor: due.amountMinor,
          attemptId: row.id,
          at,
        });
        if (!paid) throw new OrderMoved();
        await this.scheduleFollowUp(trx, orderId);
        return (await this.repo.attempt(row.id, trx)) as AttemptRow;
      });
      return this.present(attempt);
    } catch (e) {
      if (e instanceof OrderMoved) {
        const now = await this.orders.find(orderId, userId);
        if (now && PAID_STATUSES.includes(now.status)) throw new AppError('ORDER_ALREADY_PAID');
        if (now?.status === ORDER_STATUS.WAIT_PAYMENT && now.paymentStatus === 1)
          throw new AppError('PAYMENT_IN_PROGRESS');
        throw new AppError('PAYMENT_CLOSED');
      }
      if (isUnique(e, 'payment_attempts_key')) {
        const same = await this.repo.attemptByKey(orderId, key);
        if (same) return this.replay(same, requestHash);
      }
      if (isUnique(e, 'payment_attempts_one_open')) throw new AppError('PAYMENT_IN_PROGRESS');
      throw e;
    }
  }

  /** A single-use token of the user's saved card with its security code typed again (CARD_NOT_FOUND, CARD_LOCKED…). */
  private async savedCardToken(
    userId: string,
    method: { cardId: string; cvcToken: string },
  ): Promise<{ token: string; cardId: string }> {
    if (!this.savedCards) throw new AppError('CARD_NOT_FOUND');
    const { token } = await this.savedCards.paymentToken(userId, method.cardId, method.cvcToken);
    return { token, cardId: method.cardId };
  }

  /** The attempt of an order under a key, should another request be about to write it (two seconds at most). */
  private async attemptSoon(orderId: string, key: string): Promise<AttemptRow | undefined> {
    for (let i = 0; i < 20; i++) {
      const found = await this.repo.attemptByKey(orderId, key);
      if (found) return found;
      await sleep(100);
    }
    return undefined;
  }

  /** How the security code of an attempt with a saved card fared, in the transaction settling it (or on its own). */
  private async codeOutcome(
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

  /** What is to be paid now: the order's price, or its price difference; 2000 when paid, closed otherwise. */
  private async amountDue(
    orderId: string,
    order: PayableOrder | undefined,
  ): Promise<{ order: PayableOrder; purpose: PaymentPurpose; amountMinor: number }> {
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (order.status === ORDER_STATUS.WAIT_PAYMENT) {
      if (order.deadline.getTime() <= this.now().getTime()) throw new AppError('PAYMENT_CLOSED');
      return { order, purpose: 'order', amountMinor: order.priceMinor };
    }
    if (order.status === ORDER_STATUS.PRICE_DIFFERENCE_DUE && order.differenceMinor > 0)
      return { order, purpose: 'difference', amountMinor: order.differenceMinor };
    if (PAID_STATUSES.includes(order.status)) throw new AppError('ORDER_ALREADY_PAID');
    throw new AppError('PAYMENT_CLOSED', { params: { orderId } });
  }

  private async describe(token: string) {
    try {
      return await this.gateway.describeToken(token);
    } catch (e) {
      if (e instanceof GatewayRefused) throw new AppError('CARD_TOKEN_INVALID');
      if (e instanceof GatewayUnavailable) throw new AppError('PARTNER_UNAVAILABLE');
      throw e;
    }
  }

  /** Writes the attempt and moves the order's payment status, or says why not. */
  private async start(
    userId: string,
    due: { order: PayableOrder; purpose: PaymentPurpose; amountMinor: number },
    key: string,
    requestHash: string,
    token: string,
    card: { brand: CardBrand; last4: string; expMonth: number; expYear: number },
    savedCardId: string | null,
  ): Promise<{ kind: 'started' | 'replay'; attempt: AttemptRow } | { kind: 'busy' }> {
    const at = this.now();
    try {
      const attempt = await this.repo.transaction(async (trx) => {
        const row = await this.repo.insertAttempt(trx, {
          orderId: due.order.id,
          userId,
          idempotencyKey: key,
          requestHash,
          purpose: due.purpose,
          amountMinor: due.amountMinor,
          method: 'card',
          cardToken: token,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExp: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
          savedCardId,
          state: 'created',
          createdAt: at,
          updatedAt: at,
        });
        if (due.purpose === 'order' && !(await this.orders.startPayment(trx, due.order.id, at))) {
          throw new OrderMoved();
        }
        await this.repo.addEvent(trx, {
          attemptId: row.id,
          orderId: row.orderId,
          kind: 'created',
          fromState: null,
          toState: 'created',
          at,
          data: { amountMinor: row.amountMinor, purpose: row.purpose },
        });
        await addJob(
          trx,
          'payments.settle',
          { attemptId: row.id },
          { runAt: new Date(at.getTime() + this.options.settleAfterMs), jobKey: `payments.settle:${row.id}` },
        );
        return row;
      });
      return { kind: 'started', attempt };
    } catch (e) {
      if (e instanceof OrderMoved) {
        // Paid, expired or cancelled since it was read, or another attempt holds it.
        const now = await this.orders.find(due.order.id, userId);
        if (now && PAID_STATUSES.includes(now.status)) throw new AppError('ORDER_ALREADY_PAID');
        if (now?.status === ORDER_STATUS.WAIT_PAYMENT && now.paymentStatus === 1) return { kind: 'busy' };
        throw new AppError('PAYMENT_CLOSED');
      }
      if (isUnique(e, 'payment_attempts_key')) {
        const same = await this.repo.attemptByKey(due.order.id, key);
        if (same) return { kind: 'replay', attempt: same };
      }
      if (isUnique(e, 'payment_attempts_one_open')) return { kind: 'busy' };
      throw e;
    }
  }

  /** The same key again: the same attempt's answer, once it is known. */
  private async replay(attempt: AttemptRow, requestHash: string): Promise<PaymentState> {
    if (attempt.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const settled = await this.waitWhile(attempt.id, ['created', 'capturing']);
    return this.answer(settled);
  }

  private async waitWhile(attemptId: string, states: readonly string[]): Promise<AttemptRow> {
    const until = Date.now() + this.options.waitMs;
    let row = await this.repo.attempt(attemptId);
    while (row && states.includes(row.state) && Date.now() < until) {
      await sleep(100);
      row = await this.repo.attempt(attemptId);
    }
    if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
    return row;
  }

  /** Waits while another attempt of the order is being processed; answers it if it is still open. */
  private async waitForOpen(orderId: string): Promise<AttemptRow | undefined> {
    const open = await this.repo.openAttempt(orderId);
    if (!open) return undefined;
    const row = await this.waitWhile(open.id, ['created', 'capturing', 'unknown']);
    return (OPEN_STATES as readonly string[]).includes(row.state) ? row : undefined;
  }

  /** The traveller left the 3-D Secure page and pays again: the waiting attempt is cancelled first. */
  private async abandon(attempt: AttemptRow): Promise<void> {
    if (!attempt.intentId) return;
    try {
      const intent = await this.gateway.cancel(attempt.intentId, { idempotencyKey: `cancel:${attempt.id}` });
      await this.advance(attempt, intent);
    } catch (e) {
      if (e instanceof GatewayRefused && e.code === 'intent_captured') {
        await this.advance(attempt, await this.gateway.retrieve(attempt.intentId));
        return;
      }
      if (e instanceof GatewayUnavailable) throw new AppError('PAYMENT_IN_PROGRESS');
      throw e;
    }
  }

  /** Creates and confirms the intent, then follows it as far as it goes now. */
  private async drive(attempt: AttemptRow, token: string): Promise<AttemptRow> {
    try {
      const intent = await this.gateway.createIntent({
        amount: attempt.amountMinor,
        currency: 'CNY',
        idempotencyKey: `attempt:${attempt.id}`,
        captureMethod: 'manual',
        metadata: { orderId: attempt.orderId, attemptId: attempt.id, purpose: attempt.purpose },
      });
      await this.repo.setIntent(attempt.id, intent.id, this.now());
      this.crash('intent-created');
      const confirmed = await this.gateway.confirm(intent.id, {
        token,
        returnUrl: this.options.returnPath(attempt.orderId, attempt.id),
        idempotencyKey: `confirm:${attempt.id}`,
      });
      this.crash('confirmed');
      await this.advance({ ...attempt, intentId: intent.id }, confirmed);
    } catch (e) {
      if (e instanceof GatewayUnavailable) {
        // Unknown: the reconciler asks the processor what happened.
        await this.repo.moveAttempt(attempt.id, ['created', 'capturing'], { state: 'unknown' }, this.now());
      } else if (e instanceof GatewayRefused) {
        await this.settleFailed(attempt, 'processing_error');
      } else throw e;
    }
    return (await this.repo.attempt(attempt.id)) as AttemptRow;
  }

  /** Takes an attempt one step on from what the processor says of its intent. Idempotent. */
  private async advance(attempt: AttemptRow, intent: PaymentIntent): Promise<void> {
    switch (intent.status) {
      case 'requires_confirmation':
        return;
      case 'requires_action':
        await this.repo.moveAttempt(
          attempt.id,
          ['created', 'unknown'],
          { state: 'action', actionUrl: intent.nextActionUrl },
          this.now(),
        );
        return;
      case 'requires_capture':
        return this.capture(attempt, intent);
      case 'succeeded':
        return this.settleSucceeded(attempt, intent);
      case 'failed':
        return this.settleFailed(attempt, intent.declineCode ?? 'processing_error');
      case 'canceled':
        return this.settleFailed(attempt, 'canceled');
    }
  }

  private async capture(attempt: AttemptRow, intent: PaymentIntent): Promise<void> {
    const order = await this.orders.find(attempt.orderId);
    if (attempt.purpose === 'order' && order && order.deadline.getTime() <= this.now().getTime()) {
      // Authorised only after the deadline (a late 3-D Secure answer): the order closes, the hold is released.
      try {
        const canceled = await this.gateway.cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
        return this.settleFailed(attempt, canceled.status === 'canceled' ? 'expired' : 'processing_error');
      } catch (e) {
        if (!(e instanceof GatewayRefused && e.code === 'intent_captured')) throw e;
        return this.settleSucceeded(attempt, await this.gateway.retrieve(intent.id));
      }
    }
    // A waiting-list order keeps the authorisation: captured once seats are found, voided otherwise.
    if (attempt.purpose === 'order' && order?.waitlist) return this.settleHeld(attempt, intent);
    // Only an attempt still open is captured: one held meanwhile (its order waits for seats) keeps its hold.
    const open = await this.repo.moveAttempt(attempt.id, OPEN_STATES, { state: 'capturing' }, this.now());
    if (!open) return;
    this.crash('before-capture');
    const captured = await this.gateway.capture(intent.id, { idempotencyKey: `capture:${attempt.id}` });
    this.crash('captured');
    await this.advance(attempt, captured);
  }

  /**
   * A waiting-list order's card authorised: the attempt is held and the order waits (0 → 8), in one
   * transaction. An order that no longer waits for this payment has the authorisation cancelled.
   */
  private async settleHeld(attempt: AttemptRow, intent: PaymentIntent): Promise<void> {
    const at = this.now();
    const held = await this.repo
      .transaction(async (trx) => {
        const moved = await this.repo.moveAttempt(attempt.id, OPEN_STATES, { state: 'held' }, at, trx);
        if (!moved) return true; // settled before (the webhook, the browser's return or the reconciler)
        await this.repo.addEvent(trx, {
          attemptId: attempt.id,
          orderId: attempt.orderId,
          kind: 'authorised',
          fromState: moved.from,
          toState: 'held',
          at,
          data: { intentId: intent.id, amount: intent.amount },
        });
        await this.codeOutcome(trx, attempt, 'right');
        if (
          !(await this.orders.markHeld(trx, {
            orderId: attempt.orderId,
            amountMinor: attempt.amountMinor,
            attemptId: attempt.id,
            at,
          }))
        )
          throw new OrderMoved();
        return true;
      })
      .catch((e: unknown) => {
        if (e instanceof OrderMoved) return false;
        throw e;
      });
    if (held) return;
    const canceled = await this.gateway.cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
    await this.settleFailed(attempt, canceled.status === 'canceled' ? 'expired' : 'processing_error');
  }

  /**
   * Captures a waiting-list order's held payment once seats are found; the order is marked paid in the
   * capture's transaction and its ticketing queued, as after any payment. `lost` when the processor
   * refuses the capture (the authorisation lapsed or was cancelled). Safe to run again.
   */
  async captureHeld(orderId: string): Promise<'captured' | 'lost'> {
    const attempt = await this.repo.attemptIn(orderId, ['held']);
    if (!attempt) return (await this.repo.attemptIn(orderId, ['succeeded'])) ? 'captured' : 'lost';
    if (!attempt.intentId) return 'lost';
    let captured: PaymentIntent;
    try {
      captured = await this.gateway.capture(attempt.intentId, { idempotencyKey: `capture:${attempt.id}` });
    } catch (e) {
      if (e instanceof GatewayRefused) return 'lost';
      throw e;
    }
    if (captured.status !== 'succeeded') return 'lost';
    await this.settleSucceeded(attempt, captured, ['held']);
    return 'captured';
  }

  /**
   * Releases a waiting-list order's held payment in full: the authorisation is cancelled, or, had it been
   * captured, the whole amount refunded; the order is marked released in the same transaction as the
   * attempt. Safe to run again (the processor answers the same key the same way).
   */
  async releaseHeld(orderId: string): Promise<void> {
    const attempt = await this.repo.attemptIn(orderId, ['held']);
    const at = this.now();
    let refunded = false;
    let intentId: string | null = null;
    if (attempt?.intentId) {
      intentId = attempt.intentId;
      try {
        await this.gateway.cancel(attempt.intentId, { idempotencyKey: `release:${attempt.id}` });
      } catch (e) {
        if (!(e instanceof GatewayRefused)) throw e;
        const intent = await this.gateway.retrieve(attempt.intentId);
        if (intent.amountCaptured > intent.amountRefunded) {
          await this.gateway.refund({
            intentId: intent.id,
            amount: intent.amountCaptured - intent.amountRefunded,
            idempotencyKey: `release-refund:${attempt.id}`,
          });
        }
        refunded = intent.amountCaptured > 0;
      }
    }
    await this.repo.transaction(async (trx) => {
      if (attempt) {
        const moved = await this.repo.moveAttempt(attempt.id, ['held'], { state: 'released', settledAt: at }, at, trx);
        if (moved)
          await this.repo.addEvent(trx, {
            attemptId: attempt.id,
            orderId,
            kind: refunded ? 'refunded' : 'released',
            fromState: 'held',
            toState: 'released',
            at,
            data: { intentId, amountMinor: attempt.amountMinor, refunded },
          });
      }
      await this.orders.markWaitlistReleased(trx, { orderId, refunded, at });
    });
  }

  private async settleSucceeded(
    attempt: AttemptRow,
    intent: PaymentIntent,
    from: readonly string[] = OPEN_STATES,
  ): Promise<void> {
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const moved = await this.repo.moveAttempt(attempt.id, from, { state: 'succeeded', settledAt: at }, at, trx);
      if (!moved) return; // settled before (the webhook, the browser's return or the reconciler)
      await this.repo.addEvent(trx, {
        attemptId: attempt.id,
        orderId: attempt.orderId,
        kind: 'captured',
        fromState: moved.from,
        toState: 'succeeded',
        at,
        data: { intentId: intent.id, amountCaptured: intent.amountCaptured },
      });
      if (moved.from !== 'held') await this.codeOutcome(trx, attempt, 'right');
      const paid = await this.orders.markPaid(trx, {
        orderId: attempt.orderId,
        purpose: attempt.purpose as PaymentPurpose,
        amountMinor: attempt.amountMinor,
        attemptId: attempt.id,
        at,
      });
      if (paid) {
        await this.scheduleFollowUp(trx, attempt.orderId);
      } else {
        // Captured for an order that no longer takes it: the money goes straight back.
        const refund = await this.repo.insertRefund(trx, {
          orderId: attempt.orderId,
          subOrderId: null,
          attemptId: attempt.id,
          idempotencyKey: `unowed:${attempt.id}`,
          amountMinor: intent.amountCaptured,
          channel: 'card',
          state: 'pending',
          createdAt: at,
          updatedAt: at,
        });
        await addJob(trx, 'payments.refund', { refundId: refund.id }, { jobKey: `payments.refund:${refund.id}` });
      }
      this.crash('before-commit');
    });
    this.crash('after-commit');
  }

  /** The one place what follows a payment is queued, in the payment's transaction. */
  private async scheduleFollowUp(trx: Trx, orderId: string): Promise<void> {
    await this.afterPayment?.scheduleTicketing(trx, orderId);
  }

  private async settleFailed(attempt: AttemptRow, code: DeclineCode | 'canceled' | 'expired'): Promise<void> {
    const at = this.now();
    await this.repo.transaction(async (trx) => {
      const moved = await this.repo.moveAttempt(
        attempt.id,
        OPEN_STATES,
        { state: 'failed', declineCode: code, settledAt: at },
        at,
        trx,
      );
      if (!moved) return;
      await this.repo.addEvent(trx, {
        attemptId: attempt.id,
        orderId: attempt.orderId,
        kind: 'failed',
        fromState: moved.from,
        toState: 'failed',
        at,
        data: { code },
      });
      await this.codeOutcome(trx, attempt, code === 'incorrect_cvc' ? 'wrong' : 'not-judged');
      if (attempt.purpose === 'order' && (await this.orders.endPayment(trx, attempt.orderId, at))) {
        // The deadline may have passed while the attempt held the order: then it expires at once.
        const deadline = (await this.orders.find(attempt.orderId))?.deadline ?? at;
        await addJob(
          trx,
          'orders.expire',
          { orderId: attempt.orderId },
          { ...(deadline > at ? { runAt: deadline } : {}), jobKey: `orders.expire:${attempt.orderId}` },
        );
      }
      this.crash('failed-before-commit');
    });
  }

  private answer(attempt: AttemptRow): PaymentState {
    const state = attempt.state as AttemptState;
    if (state === 'failed') throw new AppError(errorOf(attempt.declineCode), { params: { attemptId: attempt.id } });
    return this.present(attempt);
  }

  private present(attempt: AttemptRow): PaymentState {
    const state = attempt.state as AttemptState;
    return {
      attemptId: attempt.id,
      orderId: attempt.orderId,
      outcome:
        state === 'succeeded'
          ? 'succeeded'
          : state === 'failed' || state === 'released'
            ? 'failed'
            : state === 'action'
              ? 'action'
              : state === 'held'
                ? 'held'
                : 'processing',
      purpose: attempt.purpose as PaymentPurpose,
      amount: { amount: attempt.amountMinor, currency: 'CNY' },
      actionUrl: state === 'action' ? attempt.actionUrl : null,
      errorCode: state === 'failed' ? ERRORS[errorOf(attempt.declineCode)].errorCode : null,
      card: attempt.cardBrand ? { brand: attempt.cardBrand as CardBrand, last4: attempt.cardLast4 ?? '' } : null,
    };
  }

  /** Where an attempt stands (the browser back from 3-D Secure, or waiting on a lost answer). */
  async state(userId: string, orderId: string, attemptId: string): Promise<PaymentState> {
    const attempt = await this.repo.attemptForUser(userId, orderId, attemptId);
    if (!attempt) throw new AppError('ATTEMPT_NOT_FOUND');
    if ((OPEN_STATES as readonly string[]).includes(attempt.state) && attempt.intentId) {
      try {
        await this.advance(attempt, await this.gateway.retrieve(attempt.intentId));
      } catch (e) {
        if (!(e instanceof GatewayUnavailable)) throw e;
      }
    }
    return this.present((await this.repo.attempt(attempt.id)) as AttemptRow);
  }

  /** A verified webhook: recorded once, then the attempt follows the intent's current state. */
  async onGatewayEvent(event: GatewayEvent): Promise<void> {
    await this.repo.recordWebhook(event, this.now());
    this.crash('webhook-received');
    // A refund is confirmed by the processor's answer to the refund call (replayed by its key if lost).
    if (event.type === 'refund.succeeded') return;
    const intent = await this.gateway.retrieve(event.intentId);
    const attempt =
      (await this.repo.attemptByIntent(event.intentId)) ??
      (intent.metadata.attemptId ? await this.repo.attempt(intent.metadata.attemptId) : undefined);
    if (!attempt || !(OPEN_STATES as readonly string[]).includes(attempt.state)) return;
    if (!attempt.intentId) await this.repo.setIntent(attempt.id, intent.id, this.now());
    this.crash('webhook-before-commit');
    await this.advance({ ...attempt, intentId: intent.id }, intent);
  }

  /**
   * Settles one attempt left open by asking the processor: an intent never confirmed or an abandoned
   * 3-D Secure challenge is cancelled (and captured after all if the processor says so); an authorised
   * one is captured; a captured or failed one is settled. 'open' while it must wait longer.
   */
  async settle(attemptId: string, force = false): Promise<'settled' | 'open'> {
    const attempt = await this.repo.attempt(attemptId);
    if (!attempt || !(OPEN_STATES as readonly string[]).includes(attempt.state)) return 'settled';
    const age = this.now().getTime() - attempt.updatedAt.getTime();
    if (!force && age < this.options.settleAfterMs) return 'open';
    let intent: PaymentIntent;
    if (attempt.intentId) {
      intent = await this.gateway.retrieve(attempt.intentId);
    } else {
      // The intent may exist without our having stored its id: its key finds it (or makes it, unconfirmed).
      intent = await this.gateway.createIntent({
        amount: attempt.amountMinor,
        currency: 'CNY',
        idempotencyKey: `attempt:${attempt.id}`,
        captureMethod: 'manual',
        metadata: { orderId: attempt.orderId, attemptId: attempt.id, purpose: attempt.purpose },
      });
      await this.repo.setIntent(attempt.id, intent.id, this.now());
    }
    const withIntent = { ...attempt, intentId: intent.id };
    const order = await this.orders.find(attempt.orderId);
    const pastDeadline = attempt.purpose === 'order' && order !== undefined && order.deadline <= this.now();
    if (intent.status === 'requires_confirmation' || (intent.status === 'requires_action' && pastDeadline)) {
      try {
        intent = await this.gateway.cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
      } catch (e) {
        if (!(e instanceof GatewayRefused)) throw e;
        intent = await this.gateway.retrieve(intent.id);
      }
    }
    await this.advance(withIntent, intent);
    const after = await this.repo.attempt(attempt.id);
    return after && (OPEN_STATES as readonly string[]).includes(after.state) ? 'open' : 'settled';
  }

  /** The scheduled sweep: every attempt open too long and every refund not confirmed yet. */
  async reconcile(force = false): Promise<{ settled: number; open: number; refunds: number }> {
    const cutoff = new Date(this.now().getTime() - (force ? 0 : this.options.settleAfterMs));
    let settled = 0;
    let open = 0;
    for (const attempt of await this.repo.openAttempts(cutoff)) {
      try {
        if ((await this.settle(attempt.id, force)) === 'settled') settled++;
        else open++;
      } catch (e) {
        if (!(e instanceof GatewayUnavailable)) throw e;
        open++;
      }
    }
    let refunds = 0;
    for (const refund of await this.repo.pendingRefunds(cutoff)) {
      if ((await this.sendRefund(refund).catch(() => undefined))?.state === 'succeeded') refunds++;
    }
    return { settled, open, refunds };
  }

  /**
   * Returns money of an order's payment to the channel that paid it, once per idempotency key: the card
   * through the processor. The refund is written before the processor is called and retried until known.
   */
  async refund(p: {
    orderId: string;
    subOrderId?: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<RefundResult> {
    if (!Number.isInteger(p.amount) || p.amount <= 0) throw new AppError('VALIDATION_FAILED');
    const existing = await this.repo.refundByKey(p.idempotencyKey);
    if (existing) return this.presentRefund(existing.state === 'pending' ? await this.sendRefund(existing) : existing);
    const at = this.now();
    let refund: RefundRow;
    try {
      refund = await this.repo.transaction(async (trx) => {
        const paid = await this.repo.succeededAttemptsForUpdate(trx, p.orderId);
        const attempt = paid.find((a) => a.amountMinor - a.refundedMinor >= p.amount);
        if (!attempt) throw new AppError('REFUND_EXCEEDS_PAYMENT');
        const toWallet = attempt.method === 'wallet';
        const row = await this.repo.insertRefund(trx, {
          orderId: p.orderId,
          subOrderId: p.subOrderId ?? null,
          attemptId: attempt.id,
          idempotencyKey: p.idempotencyKey,
          amountMinor: p.amount,
          channel: toWallet ? 'wallet' : 'card',
          // Money paid from the wallet goes back to its ledger in this transaction.
          state: toWallet ? 'succeeded' : 'pending',
          createdAt: at,
          updatedAt: at,
        });
        if (toWallet) {
          if (!this.wallet) throw new Error('a wallet payment is refunded without the wallet');
          await this.wallet.credit(trx, {
            userId: attempt.userId,
            kind: 'refund',
            amountMinor: p.amount,
            idempotencyKey: `refund:${row.id}`,
            orderId: p.orderId,
          });
          await this.repo.addEvent(trx, {
            attemptId: attempt.id,
            refundId: row.id,
            orderId: p.orderId,
            kind: 'refunded',
            fromState: null,
            toState: 'succeeded',
            at,
            data: { amountMinor: p.amount, subOrderId: p.subOrderId ?? null, channel: 'wallet' },
          });
          return row;
        }
        await this.repo.addEvent(trx, {
          attemptId: attempt.id,
          refundId: row.id,
          orderId: p.orderId,
          kind: 'refund_requested',
          fromState: null,
          toState: 'pending',
          at,
          data: { amountMinor: p.amount, subOrderId: p.subOrderId ?? null },
        });
        await addJob(
          trx,
          'payments.refund',
          { refundId: row.id },
          { runAt: new Date(at.getTime() + this.options.settleAfterMs), jobKey: `payments.refund:${row.id}` },
        );
        return row;
      });
    } catch (e) {
      if (!isUnique(e, 'payment_refunds_idempotency_key_key')) throw e;
      return this.refund(p);
    }
    return this.presentRefund(await this.sendRefund(refund).catch(() => refund));
  }

  /** Sends a pending refund to the processor (same key each time: it refunds once). */
  async sendRefund(refund: RefundRow): Promise<RefundRow> {
    if (refund.state !== 'pending') return refund;
    const attempt = await this.repo.attempt(refund.attemptId);
    if (!attempt?.intentId) throw new Error(`refund ${refund.id} has no captured intent`);
    const done = await this.gateway.refund({
      intentId: attempt.intentId,
      amount: refund.amountMinor,
      idempotencyKey: `refund:${refund.id}`,
    });
    return (await this.repo.refundSent(refund.id, done.id, this.now())) ?? refund;
  }

  async refundJob(refundId: string): Promise<void> {
    const refund = await this.repo.refund(refundId);
    if (refund) await this.sendRefund(refund);
  }

  private presentRefund(r: RefundRow): RefundResult {
    return {
      refundId: r.id,
      orderId: r.orderId,
      subOrderId: r.subOrderId,
      amount: { amount: r.amountMinor, currency: 'CNY' },
      channel: r.channel === 'wallet' ? 'wallet' : 'card',
      state: r.state === 'succeeded' ? 'succeeded' : 'pending',
    };
  }

  /** The payments taken for an order, oldest first, for its receipt: method, card brand and last four, amount, time. */
  async paymentsOf(orderId: string): Promise<ReceiptPayment[]> {
    const rows = await this.repo.succeededAttempts(orderId);
    return rows.map((a) => ({
      purpose: a.purpose === 'difference' ? 'difference' : 'order',
      method: a.method === 'wallet' ? 'wallet' : 'card',
      brand: a.method === 'wallet' ? null : ((a.cardBrand as CardBrand | null) ?? null),
      last4: a.method === 'wallet' ? null : a.cardLast4,
      amount: { amount: a.amountMinor, currency: 'CNY' },
      paidAt: (a.settledAt ?? a.updatedAt).toISOString(),
    }));
  }
}

class OrderMoved extends Error {}
