import { AppError, isOpenAttempt, type PaymentState } from '@junction/domain';
import type { AttemptSettling } from './attempt-settling';
import { present } from './attempt-view';
import { type GatewayEvent, GatewayRefused, GatewayUnavailable, type PaymentIntent } from './gateway/gateway';
import type { PaymentContext } from './payment.context';
import type { PaymentRefunds } from './payment-refunds';

/**
 * Settling what was interrupted (a killed process, a lost answer, a webhook before the browser) by
 * asking the processor, whose idempotency keys make a capture happen once: the browser back from
 * 3-D Secure, the webhook, each attempt's own settle job, and the sweep every minute.
 */
export class Reconciliation {
  constructor(
    private readonly ctx: PaymentContext,
    private readonly settling: AttemptSettling,
    private readonly refunds: PaymentRefunds,
  ) {}

  /** Where an attempt stands (the browser back from 3-D Secure, or waiting on a lost answer). */
  async state(userId: string, orderId: string, attemptId: string): Promise<PaymentState> {
    const { repo } = this.ctx;
    const attempt = await repo.attemptForUser(userId, orderId, attemptId);
    if (!attempt) throw new AppError('ATTEMPT_NOT_FOUND');
    if (isOpenAttempt(attempt.state) && attempt.intentId) {
      try {
        await this.settling.advance(attempt, await this.ctx.intentsOf(attempt).retrieve(attempt.intentId));
      } catch (e) {
        if (!(e instanceof GatewayUnavailable)) throw e;
      }
    }
    const now = await repo.attempt(attempt.id);
    if (!now) throw new AppError('ATTEMPT_NOT_FOUND');
    return present(now);
  }

  /** A verified webhook: recorded once, then the attempt follows the intent's current state. */
  async onGatewayEvent(event: GatewayEvent): Promise<void> {
    const { repo } = this.ctx;
    await repo.recordWebhook(event, this.ctx.now());
    this.ctx.crash('webhook-received');
    // A refund is confirmed by the processor's answer to the refund call (replayed by its key if lost).
    if (event.type === 'refund.succeeded') return;
    const known = await repo.attemptByIntent(event.intentId);
    const intent = await (known ? this.ctx.intentsOf(known) : this.ctx.gateway).retrieve(event.intentId);
    const attempt = known ?? (intent.metadata.attemptId ? await repo.attempt(intent.metadata.attemptId) : undefined);
    if (attempt?.state === 'failed') {
      await this.settling.settleLate(attempt, intent);
      return;
    }
    if (!attempt || !isOpenAttempt(attempt.state)) return;
    if (!attempt.intentId) await repo.setIntent(attempt.id, intent.id, this.ctx.now());
    this.ctx.crash('webhook-before-commit');
    await this.settling.advance({ ...attempt, intentId: intent.id }, intent);
  }

  /**
   * Settles one attempt left open by asking the processor: an intent never confirmed or an abandoned
   * 3-D Secure challenge is cancelled (and captured after all if the processor says so); an authorised
   * one is captured; a captured or failed one is settled. 'open' while it must wait longer.
   */
  async settle(attemptId: string, force = false): Promise<'settled' | 'open'> {
    const { repo, orders } = this.ctx;
    const attempt = await repo.attempt(attemptId);
    if (!attempt || !isOpenAttempt(attempt.state)) return 'settled';
    const gateway = this.ctx.intentsOf(attempt);
    const age = this.ctx.now().getTime() - attempt.updatedAt.getTime();
    if (!force && age < this.ctx.options.settleAfterMs) return 'open';
    let intent: PaymentIntent;
    if (attempt.intentId) {
      intent = await gateway.retrieve(attempt.intentId);
    } else {
      // The intent may exist without our having stored its id: its key finds it (or makes it, unconfirmed).
      intent = await this.ctx.intentFor(attempt);
    }
    const withIntent = { ...attempt, intentId: intent.id };
    const order = await orders.find(attempt.orderId);
    const pastDeadline = attempt.purpose === 'order' && order !== undefined && order.deadline <= this.ctx.now();
    if (intent.status === 'requires_confirmation' || (intent.status === 'requires_action' && pastDeadline)) {
      try {
        intent = await gateway.cancel(intent.id, { idempotencyKey: `cancel:${attempt.id}` });
      } catch (e) {
        if (!(e instanceof GatewayRefused)) throw e;
        intent = await gateway.retrieve(intent.id);
      }
    }
    await this.settling.advance(withIntent, intent);
    const after = await repo.attempt(attempt.id);
    return after && isOpenAttempt(after.state) ? 'open' : 'settled';
  }

  /**
   * The scheduled sweep: every attempt open too long, every refund not confirmed yet, and the attempts
   * closed unpaid within the late window whose app or processor says they were paid after all.
   */
  async reconcile(force = false): Promise<{ settled: number; open: number; refunds: number; late: number }> {
    const { repo } = this.ctx;
    const cutoff = new Date(this.ctx.now().getTime() - (force ? 0 : this.ctx.options.settleAfterMs));
    let settled = 0;
    let open = 0;
    for (const attempt of await repo.openAttempts(cutoff)) {
      try {
        if ((await this.settle(attempt.id, force)) === 'settled') settled++;
        else open++;
      } catch (e) {
        if (!(e instanceof GatewayUnavailable)) throw e;
        open++;
      }
    }
    let refunds = 0;
    for (const refund of await repo.pendingRefunds(cutoff)) {
      if ((await this.refunds.send(refund).catch(() => undefined))?.state === 'succeeded') refunds++;
    }
    return { settled, open, refunds, late: await this.sweepClosed() };
  }

  /**
   * Asks about each attempt closed unpaid recently (its notifications may all have been lost): one paid
   * after all takes the late-payment path, refunded once under the attempt's key. The number refunded now.
   */
  private async sweepClosed(): Promise<number> {
    const { repo } = this.ctx;
    const now = this.ctx.now();
    if (this.ctx.options.lateWindowMs <= 0) return 0;
    let late = 0;
    for (const attempt of await repo.lateCheckDue(new Date(now.getTime() - this.ctx.options.lateWindowMs), now)) {
      try {
        const intent = await this.ctx.intentsOf(attempt).retrieve(attempt.intentId ?? '');
        await repo.setLateChecked(attempt.id, now);
        if (await this.settling.settleLate(attempt, intent)) late++;
      } catch (e) {
        if (!(e instanceof GatewayUnavailable || e instanceof GatewayRefused)) throw e;
      }
    }
    return late;
  }
}
