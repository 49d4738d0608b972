import { AppError, type ChangeRefundTo, type PaymentRefundChannel, type PaymentRefundState } from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { isUniqueViolation } from '../../lib/idempotency';
import { type PaymentContext, refundChannelOf } from './payment.context';
import type { AttemptRow, RefundRow } from './payment.repository';
import type { RefundToTell, Trx } from './ports';
import { refundSource } from './refund-source';

export type RefundResult = {
  refundId: string;
  orderId: string;
  subOrderId: string | null;
  amount: { amount: number; currency: 'CNY' };
  /** Where the money goes back: the way it was paid (the card, the wallet, the Alipay account). */
  channel: PaymentRefundChannel;
  /** `failed`: the processor will never return it; customer service returns it by hand. */
  state: PaymentRefundState;
};

type RefundAsked = {
  orderId: string;
  subOrderId?: string;
  amount: number;
  idempotencyKey: string;
  /** Money paid for this purpose (e.g. a change's `difference`) goes back from that payment, the latest first. */
  purpose?: string;
};

/** A failed refund as its traveller and customer service are told it: the money, and where it could not go. */
const failedRefund = (attempt: AttemptRow, row: RefundRow, at: Date): RefundToTell => ({
  userId: attempt.userId,
  orderId: row.orderId,
  refundId: row.id,
  amountMinor: row.amountMinor,
  channel: row.channel,
  last4: row.channel === 'card' ? attempt.cardLast4 : null,
  at,
});

/** The processor has not decided a refund yet: its job asks again later under the same key. */
export class RefundUndecided extends Error {
  constructor(refundId: string) {
    super(`refund ${refundId} is pending at the processor`);
    this.name = 'RefundUndecided';
  }
}

const presentRefund = (r: RefundRow): RefundResult => ({
  refundId: r.id,
  orderId: r.orderId,
  subOrderId: r.subOrderId,
  amount: { amount: r.amountMinor, currency: 'CNY' },
  channel: r.channel,
  state: r.state,
});

/**
 * Money going back to the traveller, once per idempotency key, to the channel that paid: the card
 * through the processor (written `pending` before the processor is called and retried until known), or
 * the wallet's ledger, credited in the transaction that writes the refund.
 */
export class PaymentRefunds {
  constructor(private readonly ctx: PaymentContext) {}

  async refund(p: RefundAsked): Promise<RefundResult> {
    if (!Number.isInteger(p.amount) || p.amount <= 0) throw new AppError('VALIDATION_FAILED');
    const existing = await this.ctx.repo.refundByKey(p.idempotencyKey);
    if (existing) return presentRefund(existing.state === 'pending' ? await this.send(existing) : existing);
    let refund: RefundRow;
    try {
      refund = await this.ctx.repo.transaction((trx) => this.write(trx, p));
    } catch (e) {
      // The same key's other request wrote it meanwhile: answered as the existing refund.
      if (!isUniqueViolation(e, 'payment_refunds_idempotency_key_key')) throw e;
      return this.refund(p);
    }
    return presentRefund(await this.send(refund).catch(() => refund));
  }

  /**
   * Where a refund of this amount goes back: the channel of the refund written under the key once there
   * is one, else the payment `write` would take now (the card by its last four digits); null when none can.
   */
  async destination(orderId: string, amountMinor: number, idempotencyKey?: string): Promise<ChangeRefundTo | null> {
    const { repo } = this.ctx;
    const written = idempotencyKey ? await repo.refundByKey(idempotencyKey) : undefined;
    const attempts = await repo.succeededAttemptsRefunded(orderId);
    const attempt = written ? attempts.find((a) => a.id === written.attemptId) : refundSource(attempts, amountMinor);
    if (!attempt) return null;
    const method = written?.channel ?? refundChannelOf(attempt.method);
    return { method, last4: method === 'card' ? attempt.cardLast4 : null };
  }

  /** Writes the refund against a captured attempt with enough left, with its event row. */
  private async write(trx: Trx, p: RefundAsked): Promise<RefundRow> {
    const { repo } = this.ctx;
    const at = this.ctx.now();
    const attempts = await repo.succeededAttemptsForUpdate(trx, p.orderId);
    // The same key's other request wrote it while this one waited for the payments' lock.
    const written = await repo.refundByKey(p.idempotencyKey, trx);
    if (written) return written;
    const attempt = refundSource(attempts, p.amount, p.purpose);
    if (!attempt) throw new AppError('REFUND_EXCEEDS_PAYMENT');
    const toWallet = attempt.method === 'wallet';
    const channel = refundChannelOf(attempt.method);
    const row = await repo.insertRefund(trx, {
      orderId: p.orderId,
      subOrderId: p.subOrderId ?? null,
      attemptId: attempt.id,
      idempotencyKey: p.idempotencyKey,
      amountMinor: p.amount,
      channel,
      // Money paid from the wallet goes back to its ledger in this transaction.
      state: toWallet ? 'succeeded' : 'pending',
      createdAt: at,
      updatedAt: at,
    });
    if (toWallet) return this.toWallet(trx, attempt, row, at);
    await repo.addEvent(trx, {
      attemptId: attempt.id,
      refundId: row.id,
      orderId: p.orderId,
      kind: 'refund_requested',
      fromState: null,
      toState: row.state,
      at,
      data: { amountMinor: p.amount, subOrderId: p.subOrderId ?? null },
    });
    await addJob(
      trx,
      'payments.refund',
      { refundId: row.id },
      { runAt: new Date(at.getTime() + this.ctx.options.settleAfterMs), jobKey: `payments.refund:${row.id}` },
    );
    return row;
  }

  private async toWallet(trx: Trx, attempt: AttemptRow, row: RefundRow, at: Date): Promise<RefundRow> {
    if (!this.ctx.wallet) throw new Error('a wallet payment is refunded without the wallet');
    await this.ctx.wallet.credit(trx, {
      userId: attempt.userId,
      kind: 'refund',
      amountMinor: row.amountMinor,
      idempotencyKey: `refund:${row.id}`,
      orderId: row.orderId,
    });
    await this.ctx.repo.addEvent(trx, {
      attemptId: attempt.id,
      refundId: row.id,
      orderId: row.orderId,
      kind: 'refunded',
      fromState: null,
      toState: row.state,
      at,
      data: { amountMinor: row.amountMinor, subOrderId: row.subOrderId, channel: 'wallet' },
    });
    return row;
  }

  /**
   * Sends a pending refund to the processor (same key each time: it refunds once) and records its answer
   * once: `succeeded`; or `failed`, never sent again, its traveller told in the same transaction and the
   * money put before customer service. A refund the processor is still deciding throws `RefundUndecided`,
   * to be asked again later by the same key.
   */
  async send(refund: RefundRow): Promise<RefundRow> {
    if (refund.state === 'failed') await this.toDesk(refund);
    if (refund.state !== 'pending') return refund;
    const attempt = await this.ctx.repo.attempt(refund.attemptId);
    if (!attempt?.intentId) throw new Error(`refund ${refund.id} has no captured intent`);
    const done = await this.ctx.intentsOf(attempt).refund({
      intentId: attempt.intentId,
      amount: refund.amountMinor,
      idempotencyKey: `refund:${refund.id}`,
    });
    if (done.status === 'pending') throw new RefundUndecided(refund.id);
    const at = this.ctx.now();
    const tell = async (trx: Trx, row: RefundRow) =>
      this.ctx.refundFailed?.refundFailed(trx, failedRefund(attempt, row, at));
    const settled = await this.ctx.repo.refundSettled(
      refund.id,
      { to: done.status, gatewayRefundId: done.id, at },
      done.status === 'failed' ? tell : undefined,
    );
    if (settled?.state === 'failed') await this.toDesk(settled);
    return settled ?? refund;
  }

  /** Puts a failed refund before customer service (once, however often asked). */
  private async toDesk(refund: RefundRow): Promise<void> {
    if (!this.ctx.desk) return;
    const attempt = await this.ctx.repo.attempt(refund.attemptId);
    if (!attempt) return;
    await this.ctx.desk.refundFailed(failedRefund(attempt, refund, refund.updatedAt));
  }

  async job(refundId: string): Promise<void> {
    const refund = await this.ctx.repo.refund(refundId);
    if (refund) await this.send(refund);
  }
}
