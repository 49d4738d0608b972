import { addJob } from '../../jobs/jobs';
import { type PaymentContext, refundChannelOf } from './payment.context';
import type { AttemptRow } from './payment.repository';
import type { Trx } from './ports';

/**
 * Money that came when nothing was owed any more: captured for an order that had expired or been cancelled
 * (or a change that had lapsed), or paid at a wallet app after its attempt had failed and its order ended.
 * It goes straight back the way it came, under the attempt's own key, so however many notifications,
 * returns and reconciler runs see it, it is refunded once; the refund, its event, its job and the
 * traveller's notice are written in the caller's transaction. False when it was refunded before.
 */
export async function refundLatePayment(
  ctx: PaymentContext,
  trx: Trx,
  attempt: AttemptRow,
  amountMinor: number,
  at: Date,
): Promise<boolean> {
  const channel = refundChannelOf(attempt.method);
  const refund = await ctx.repo.insertRefundOnce(trx, {
    orderId: attempt.orderId,
    subOrderId: null,
    attemptId: attempt.id,
    idempotencyKey: `unowed:${attempt.id}`,
    amountMinor,
    channel,
    state: 'pending',
    createdAt: at,
    updatedAt: at,
  });
  if (!refund) return false;
  await ctx.repo.addEvent(trx, {
    attemptId: attempt.id,
    refundId: refund.id,
    orderId: attempt.orderId,
    kind: 'refund_requested',
    fromState: null,
    toState: refund.state,
    at,
    data: { amountMinor, late: true },
  });
  await addJob(trx, 'payments.refund', { refundId: refund.id }, { jobKey: `payments.refund:${refund.id}` });
  await ctx.latePayment?.refunded(trx, {
    userId: attempt.userId,
    orderId: attempt.orderId,
    refundId: refund.id,
    amountMinor,
    channel,
    last4: channel === 'card' ? attempt.cardLast4 : null,
    at,
  });
  return true;
}
