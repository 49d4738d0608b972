import { AppError } from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { isUniqueViolation, writtenMeanwhile } from '../../lib/idempotency';
import { type AmountDue, isPaid, isPaying, OrderMoved, type PaymentContext } from './payment.context';
import type { AttemptRow, NewAttempt } from './payment.repository';

export type Started = { kind: 'started' | 'replay'; attempt: AttemptRow } | { kind: 'busy' };

/** What a way of paying writes of its own on the attempt (the card seen, or the trade number). */
type MethodFields = Omit<NewAttempt, 'orderId' | 'userId' | 'purpose' | 'amountMinor' | 'createdAt' | 'updatedAt'>;

/**
 * Writes an attempt with its key before any processor or app is called, moves the order's payment status
 * and queues the attempt's settling, in one transaction; or says why not: the same request made before
 * (`replay`), another attempt of the order under way (`busy`), or the order paid or closed meanwhile.
 */
export async function startAttempt(
  ctx: PaymentContext,
  userId: string,
  due: AmountDue,
  fields: MethodFields,
  eventData: Record<string, unknown> = {},
): Promise<Started> {
  const { repo, orders } = ctx;
  const at = ctx.now();
  try {
    const attempt = await repo.transaction(async (trx) => {
      const row = await repo.insertAttempt(trx, {
        ...fields,
        orderId: due.order.id,
        userId,
        purpose: due.purpose,
        amountMinor: due.amountMinor,
        createdAt: at,
        updatedAt: at,
      });
      if (due.purpose === 'order' && !(await orders.startPayment(trx, due.order.id, at))) throw new OrderMoved();
      await repo.addEvent(trx, {
        attemptId: row.id,
        orderId: row.orderId,
        kind: 'created',
        fromState: null,
        toState: row.state,
        at,
        data: { amountMinor: row.amountMinor, purpose: row.purpose, ...eventData },
      });
      await addJob(
        trx,
        'payments.settle',
        { attemptId: row.id },
        { runAt: new Date(at.getTime() + ctx.options.settleAfterMs), jobKey: `payments.settle:${row.id}` },
      );
      return row;
    });
    return { kind: 'started', attempt };
  } catch (e) {
    if (e instanceof OrderMoved) {
      // Paid, expired or cancelled since it was read, or another attempt holds it.
      const now = await orders.find(due.order.id, userId);
      if (isPaid(now)) throw new AppError('ORDER_ALREADY_PAID');
      if (isPaying(now)) return { kind: 'busy' };
      throw new AppError('PAYMENT_CLOSED');
    }
    const key = fields.idempotencyKey;
    const same = await writtenMeanwhile(e, 'payment_attempts_key', () => repo.attemptByKey(due.order.id, key));
    if (same) return { kind: 'replay', attempt: same };
    if (isUniqueViolation(e, 'payment_attempts_one_open')) return { kind: 'busy' };
    throw e;
  }
}
