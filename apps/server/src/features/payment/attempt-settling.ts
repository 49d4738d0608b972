import { type AttemptState, OPEN_ATTEMPT_STATES } from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { type DeclineCode, GatewayRefused, type PaymentIntent } from './gateway/gateway';
import { refundLatePayment } from './late-payment';
import { OrderMoved, type PaymentContext } from './payment.context';
import type { AttemptRow } from './payment.repository';

/**
 * Settling an attempt from what the processor says of its intent, shared by every way of paying by
 * card: each step is a compare-and-set of the attempt with an event row, and success moves the order
 * and queues what follows in the same transaction. Every step is idempotent: the browser's return, the
 * webhook and the reconciler may each settle the same attempt, and only the first moves it.
 */
export class AttemptSettling {
  constructor(private readonly ctx: PaymentContext) {}

  /** Takes an attempt one step on from what the processor says of its intent. Idempotent. */
  async advance(attempt: AttemptRow, intent: PaymentIntent): Promise<void> {
    switch (intent.status) {
      case 'requires_confirmation':
        return;
      case 'requires_action':
        await this.ctx.repo.moveAttempt(
          attempt.id,
          ['created', 'unknown'],
          'action',
          intent.nextActionUrl ? { actionUrl: intent.nextActionUrl } : {},
          this.ctx.now(),
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
    const { repo, orders } = this.ctx;
    const gateway = this.ctx.intentsOf(attempt);
    const order = await orders.find(attempt.orderId);
    if (attempt.purpose === 'order' && order && order.deadline.getTime() <= this.ctx.now().getTime()) {
      // Authorised only after the deadline (a late 3-D Secure answer): the order closes, the hold is released.
      try {
        const canceled = await gateway.cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
        return this.settleFailed(attempt, canceled.status === 'canceled' ? 'expired' : 'processing_error');
      } catch (e) {
        if (!(e instanceof GatewayRefused && e.code === 'intent_captured')) throw e;
        return this.settleSucceeded(attempt, await gateway.retrieve(intent.id));
      }
    }
    // A waiting-list order keeps the authorisation: captured once seats are found, voided otherwise.
    if (attempt.purpose === 'order' && order?.waitlist) return this.settleHeld(attempt, intent);
    // Only an attempt still open is captured: one held meanwhile (its order waits for seats) keeps its hold.
    const open = await repo.moveAttempt(attempt.id, OPEN_ATTEMPT_STATES, 'capturing', {}, this.ctx.now());
    if (!open) return;
    this.ctx.crash('before-capture');
    const captured = await gateway.capture(intent.id, { idempotencyKey: `capture:${attempt.id}` });
    this.ctx.crash('captured');
    await this.advance(attempt, captured);
  }

  /**
   * A waiting-list order's card authorised: the attempt is held and the order waits (0 → 8), in one
   * transaction. An order that no longer waits for this payment has the authorisation cancelled.
   */
  private async settleHeld(attempt: AttemptRow, intent: PaymentIntent): Promise<void> {
    const { repo, orders } = this.ctx;
    const at = this.ctx.now();
    const held = await repo
      .transaction(async (trx) => {
        const moved = await repo.moveAttempt(attempt.id, OPEN_ATTEMPT_STATES, 'held', {}, at, trx);
        if (!moved) return true; // settled before (the webhook, the browser's return or the reconciler)
        await repo.addEvent(trx, {
          attemptId: attempt.id,
          orderId: attempt.orderId,
          kind: 'authorised',
          fromState: moved.from,
          toState: 'held',
          at,
          data: { intentId: intent.id, amount: intent.amount },
        });
        await this.ctx.codeOutcome(trx, attempt, 'right');
        const p = { orderId: attempt.orderId, amountMinor: attempt.amountMinor, attemptId: attempt.id, at };
        if (!(await orders.markHeld(trx, p))) throw new OrderMoved();
        return true;
      })
      .catch((e: unknown) => {
        if (e instanceof OrderMoved) return false;
        throw e;
      });
    if (held) return;
    const canceled = await this.ctx.intentsOf(attempt).cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
    await this.settleFailed(attempt, canceled.status === 'canceled' ? 'expired' : 'processing_error');
  }

  /**
   * The intent captured: the attempt succeeds and the order is paid with its follow-up queued, in one
   * transaction; an order that no longer takes the money has it refunded straight away.
   */
  async settleSucceeded(
    attempt: AttemptRow,
    intent: PaymentIntent,
    from: readonly AttemptState[] = OPEN_ATTEMPT_STATES,
  ): Promise<void> {
    const { repo, orders } = this.ctx;
    const at = this.ctx.now();
    await repo.transaction(async (trx) => {
      const moved = await repo.moveAttempt(attempt.id, from, 'succeeded', { settledAt: at }, at, trx);
      if (!moved) return; // settled before (the webhook, the browser's return or the reconciler)
      await repo.addEvent(trx, {
        attemptId: attempt.id,
        orderId: attempt.orderId,
        kind: 'captured',
        fromState: moved.from,
        toState: 'succeeded',
        at,
        data: { intentId: intent.id, amountCaptured: intent.amountCaptured },
      });
      if (moved.from !== 'held') await this.ctx.codeOutcome(trx, attempt, 'right');
      const paid = await orders.markPaid(trx, {
        orderId: attempt.orderId,
        purpose: attempt.purpose,
        amountMinor: attempt.amountMinor,
        attemptId: attempt.id,
        at,
      });
      if (paid) {
        await this.ctx.scheduleFollowUp(trx, attempt.orderId);
      } else {
        // Captured for an order that no longer takes it: the money goes straight back, the traveller told.
        await refundLatePayment(this.ctx, trx, attempt, intent.amountCaptured, at);
      }
      this.ctx.crash('before-commit');
    });
    this.ctx.crash('after-commit');
  }

  /**
   * Money taken after its attempt had failed (a wallet app's trade paid after its order ended, which the
   * close found unopened): refunded at once, once, with the traveller told. True when refunded now.
   */
  async settleLate(attempt: AttemptRow, intent: PaymentIntent): Promise<boolean> {
    if (attempt.state !== 'failed' || intent.status !== 'succeeded' || intent.amountCaptured <= 0) return false;
    const at = this.ctx.now();
    return this.ctx.repo.transaction((trx) => refundLatePayment(this.ctx, trx, attempt, intent.amountCaptured, at));
  }

  /** The attempt failed: the order may be paid again, or expires at once should its deadline have passed. */
  async settleFailed(attempt: AttemptRow, code: DeclineCode | 'canceled' | 'expired'): Promise<void> {
    const { repo, orders } = this.ctx;
    const at = this.ctx.now();
    await repo.transaction(async (trx) => {
      const set = { declineCode: code, settledAt: at };
      const moved = await repo.moveAttempt(attempt.id, OPEN_ATTEMPT_STATES, 'failed', set, at, trx);
      if (!moved) return;
      await repo.addEvent(trx, {
        attemptId: attempt.id,
        orderId: attempt.orderId,
        kind: 'failed',
        fromState: moved.from,
        toState: 'failed',
        at,
        data: { code },
      });
      await this.ctx.codeOutcome(trx, attempt, code === 'incorrect_cvc' ? 'wrong' : 'not-judged');
      if (attempt.purpose === 'order' && (await orders.endPayment(trx, attempt.orderId, at))) {
        // The deadline may have passed while the attempt held the order: then it expires at once.
        const deadline = (await orders.find(attempt.orderId))?.deadline ?? at;
        await addJob(
          trx,
          'orders.expire',
          { orderId: attempt.orderId },
          { ...(deadline > at ? { runAt: deadline } : {}), jobKey: `orders.expire:${attempt.orderId}` },
        );
      }
      this.ctx.crash('failed-before-commit');
    });
  }

  /** The processor could not be reached mid-way: unknown until the reconciler asks it what happened. */
  async markUnknown(attempt: AttemptRow): Promise<void> {
    await this.ctx.repo.moveAttempt(attempt.id, ['created', 'capturing'], 'unknown', {}, this.ctx.now());
  }
}
