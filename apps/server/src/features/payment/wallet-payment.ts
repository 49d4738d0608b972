import { AppError, type PaymentPurpose, type PaymentState } from '@junction/domain';
import { isUniqueViolation, writtenMeanwhile } from '../../lib/idempotency';
import { present } from './attempt-view';
import type { AttemptWaits } from './attempt-waits';
import { amountDue, isPaid, isPaying, OrderMoved, type PaymentContext } from './payment.context';
import type { AttemptRow } from './payment.repository';
import type { WalletFunds } from './ports';

/**
 * Paying from the wallet's balance, all in one transaction: the attempt, the order's payment status, the
 * ledger's debit, the attempt settled, the order marked paid and its ticketing queued. A balance too
 * small answers 2150 and leaves nothing behind; the same key answers the same attempt.
 */
export class WalletPayment {
  constructor(
    private readonly ctx: PaymentContext,
    private readonly waits: AttemptWaits,
  ) {}

  async pay(userId: string, orderId: string, key: string, requestHash: string): Promise<PaymentState> {
    const { repo, orders } = this.ctx;
    const wallet = this.ctx.wallet;
    if (!wallet) throw new AppError('PAYMENT_FAILED');
    const payable = await orders.find(orderId, userId);
    // The wallet cannot hold an amount the way a card authorisation does.
    if (payable?.waitlist) throw new AppError('WAITLIST_CARD_ONLY');
    const due = amountDue(orderId, payable, this.ctx.now());
    try {
      const attempt = await this.debit(wallet, { userId, orderId, key, requestHash, ...due });
      return present(attempt);
    } catch (e) {
      if (e instanceof OrderMoved) {
        const now = await orders.find(orderId, userId);
        if (isPaid(now)) throw new AppError('ORDER_ALREADY_PAID');
        if (isPaying(now)) throw new AppError('PAYMENT_IN_PROGRESS');
        throw new AppError('PAYMENT_CLOSED');
      }
      const same = await writtenMeanwhile(e, 'payment_attempts_key', () => repo.attemptByKey(orderId, key));
      if (same) return this.waits.replay(same, requestHash);
      if (isUniqueViolation(e, 'payment_attempts_one_open')) throw new AppError('PAYMENT_IN_PROGRESS');
      throw e;
    }
  }

  private async debit(
    wallet: WalletFunds,
    p: {
      userId: string;
      orderId: string;
      key: string;
      requestHash: string;
      purpose: PaymentPurpose;
      amountMinor: number;
    },
  ): Promise<AttemptRow> {
    const { repo, orders } = this.ctx;
    const at = this.ctx.now();
    const { orderId, purpose, amountMinor } = p;
    return repo.transaction(async (trx) => {
      const row = await repo.insertAttempt(trx, {
        orderId,
        userId: p.userId,
        idempotencyKey: p.key,
        requestHash: p.requestHash,
        purpose,
        amountMinor,
        method: 'wallet',
        createdAt: at,
        updatedAt: at,
      });
      if (purpose === 'order' && !(await orders.startPayment(trx, orderId, at))) throw new OrderMoved();
      await wallet.debit(trx, { userId: p.userId, amountMinor, idempotencyKey: `payment:${row.id}`, orderId });
      await repo.moveAttempt(row.id, ['created'], 'succeeded', { settledAt: at }, at, trx);
      await repo.addEvent(trx, {
        attemptId: row.id,
        orderId,
        kind: 'wallet_debited',
        fromState: null,
        toState: 'succeeded',
        at,
        data: { amountMinor, purpose },
      });
      const paid = await orders.markPaid(trx, { orderId, purpose, amountMinor, attemptId: row.id, at });
      if (!paid) throw new OrderMoved();
      await this.ctx.scheduleFollowUp(trx, orderId);
      const settled = await repo.attempt(row.id, trx);
      if (!settled) throw new Error(`payment attempt ${row.id} vanished in its own transaction`);
      return settled;
    });
  }
}
