import type { AttemptSettling } from './attempt-settling';
import { GatewayRefused, type PaymentIntent } from './gateway/gateway';
import type { PaymentContext } from './payment.context';

/**
 * A waiting-list order's payment (候补): the card is authorised and held when the order joins the list
 * (see `AttemptSettling`), captured once seats are found, and voided, or refunded in full, when the
 * order leaves the list without them.
 */
export class HeldPayment {
  constructor(
    private readonly ctx: PaymentContext,
    private readonly settling: AttemptSettling,
  ) {}

  /**
   * Captures a waiting-list order's held payment once seats are found; the order is marked paid in the
   * capture's transaction and its ticketing queued, as after any payment. `lost` when the processor
   * refuses the capture (the authorisation lapsed or was cancelled). Safe to run again.
   */
  async capture(orderId: string): Promise<'captured' | 'lost'> {
    const { repo, gateway } = this.ctx;
    const attempt = await repo.attemptIn(orderId, ['held']);
    if (!attempt) return (await repo.attemptIn(orderId, ['succeeded'])) ? 'captured' : 'lost';
    if (!attempt.intentId) return 'lost';
    let captured: PaymentIntent;
    try {
      captured = await gateway.capture(attempt.intentId, { idempotencyKey: `capture:${attempt.id}` });
    } catch (e) {
      if (e instanceof GatewayRefused) return 'lost';
      throw e;
    }
    if (captured.status !== 'succeeded') return 'lost';
    await this.settling.settleSucceeded(attempt, captured, ['held']);
    return 'captured';
  }

  /**
   * Releases a waiting-list order's held payment in full: the authorisation is cancelled, or, had it been
   * captured, the whole amount refunded; the order is marked released in the same transaction as the
   * attempt. Safe to run again (the processor answers the same key the same way).
   */
  async release(orderId: string): Promise<void> {
    const { repo, gateway, orders } = this.ctx;
    const attempt = await repo.attemptIn(orderId, ['held']);
    const at = this.ctx.now();
    let refunded = false;
    let intentId: string | null = null;
    if (attempt?.intentId) {
      intentId = attempt.intentId;
      try {
        await gateway.cancel(attempt.intentId, { idempotencyKey: `release:${attempt.id}` });
      } catch (e) {
        if (!(e instanceof GatewayRefused)) throw e;
        const intent = await gateway.retrieve(attempt.intentId);
        if (intent.amountCaptured > intent.amountRefunded) {
          await gateway.refund({
            intentId: intent.id,
            amount: intent.amountCaptured - intent.amountRefunded,
            idempotencyKey: `release-refund:${attempt.id}`,
          });
        }
        refunded = intent.amountCaptured > 0;
      }
    }
    await repo.transaction(async (trx) => {
      if (attempt) {
        const moved = await repo.moveAttempt(attempt.id, ['held'], 'released', { settledAt: at }, at, trx);
        if (moved)
          await repo.addEvent(trx, {
            attemptId: attempt.id,
            orderId,
            kind: refunded ? 'refunded' : 'released',
            fromState: moved.from,
            toState: 'released',
            at,
            data: { intentId, amountMinor: attempt.amountMinor, refunded },
          });
      }
      await orders.markWaitlistReleased(trx, { orderId, refunded, at });
    });
  }
}
