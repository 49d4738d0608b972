import { AppError, type AttemptState, isOpenAttempt, type PaymentState } from '@junction/domain';
import { sameRequest } from '../../lib/idempotency';
import { answer } from './attempt-view';
import { type PaymentContext, sleep } from './payment.context';
import type { AttemptRow } from './payment.repository';

/**
 * Waiting on attempts written by another request: the same key sent again answers its attempt once
 * that is known, and a new attempt waits while another of the same order is being processed.
 */
export class AttemptWaits {
  constructor(private readonly ctx: PaymentContext) {}

  /** The same key again: the same attempt's answer, once it is known. */
  async replay(attempt: AttemptRow, requestHash: string): Promise<PaymentState> {
    sameRequest(attempt.requestHash, requestHash, 'IDEMPOTENCY_KEY_REUSED');
    const settled = await this.waitWhile(attempt.id, ['created', 'capturing']);
    return answer(settled);
  }

  /** The attempt of an order under a key, should another request be about to write it (two seconds at most). */
  async attemptSoon(orderId: string, key: string): Promise<AttemptRow | undefined> {
    for (let i = 0; i < 20; i++) {
      const found = await this.ctx.repo.attemptByKey(orderId, key);
      if (found) return found;
      await sleep(100);
    }
    return undefined;
  }

  /** Waits while another attempt of the order is being processed; answers it if it is still open. */
  async waitForOpen(orderId: string): Promise<AttemptRow | undefined> {
    const open = await this.ctx.repo.openAttempt(orderId);
    if (!open) return undefined;
    const row = await this.waitWhile(open.id, ['created', 'capturing', 'unknown']);
    return isOpenAttempt(row.state) ? row : undefined;
  }

  private async waitWhile(attemptId: string, states: readonly AttemptState[]): Promise<AttemptRow> {
    const until = Date.now() + this.ctx.options.waitMs;
    let row = await this.ctx.repo.attempt(attemptId);
    while (row && states.includes(row.state) && Date.now() < until) {
      await sleep(100);
      row = await this.ctx.repo.attempt(attemptId);
    }
    if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
    return row;
  }
}
