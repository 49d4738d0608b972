import { AppError, type CardBrand, type PaymentMethod, type PaymentState } from '@junction/domain';
import type { AttemptSettling } from './attempt-settling';
import { answer } from './attempt-view';
import type { AttemptWaits } from './attempt-waits';
import { GatewayRefused, GatewayUnavailable } from './gateway/gateway';
import { type AmountDue, amountDue, type PaymentContext } from './payment.context';
import type { AttemptRow } from './payment.repository';
import { type Started, startAttempt } from './start-attempt';

type CardMethod = Extract<PaymentMethod, { kind: 'card' | 'savedCard' }>;
type CardSeen = { brand: CardBrand; last4: string; expMonth: number; expYear: number };

/**
 * Paying by card, a new one or a saved one (spec §5): the attempt is written with its key before the
 * processor is called, the intent is created and confirmed, and followed through 3-D Secure to its
 * capture. A second attempt of an order waits for the first; one left at its 3-D Secure page is
 * cancelled when the traveller pays again.
 */
export class CardPayment {
  constructor(
    private readonly ctx: PaymentContext,
    private readonly settling: AttemptSettling,
    private readonly waits: AttemptWaits,
  ) {}

  async pay(userId: string, orderId: string, method: CardMethod, key: string, hash: string): Promise<PaymentState> {
    // A saved card pays through a single-use token the processor makes from it with its security code,
    // which takes one of the card's code tries: given back should no attempt come of it.
    let saved: { token: string; cardId: string } | null = null;
    if (method.kind === 'savedCard') {
      try {
        saved = await this.savedCardToken(userId, method);
      } catch (e) {
        // The same request sent twice at once spends the code's token once: the other answers its attempt.
        const same =
          e instanceof AppError && e.code === 'CARD_TOKEN_INVALID'
            ? await this.waits.attemptSoon(orderId, key)
            : undefined;
        if (same) return this.waits.replay(same, hash);
        throw e;
      }
    }
    const token = saved?.token ?? (method.kind === 'card' ? method.token : '');
    let attempted = false;
    try {
      for (let round = 0; round < 2; round++) {
        const due = amountDue(orderId, await this.ctx.orders.find(orderId, userId), this.ctx.now());
        const card = await this.describe(token);
        // A token pays once; a saved card's own reference, or a token made from one, never pays as a new card.
        if (card.used || (saved === null && (card.reusable || card.customer !== null || card.source !== null))) {
          // Used by this very request sent twice at once: the same attempt's answer.
          const same = card.used ? await this.ctx.repo.attemptByKey(orderId, key) : undefined;
          if (same) return this.waits.replay(same, hash);
          throw new AppError('CARD_TOKEN_INVALID');
        }
        const started = await this.start(userId, due, { key, hash, token, card, savedCardId: saved?.cardId ?? null });
        if (started.kind === 'replay') return this.waits.replay(started.attempt, hash);
        if (started.kind === 'started') {
          attempted = true;
          this.ctx.crash('attempt-recorded');
          return answer(await this.drive(started.attempt, token));
        }
        // Another attempt of this order is under way: wait for it, then see where the order stands.
        const open = await this.waits.waitForOpen(orderId);
        if (open?.state === 'action') await this.abandon(open);
        else if (open) throw new AppError('PAYMENT_IN_PROGRESS');
      }
      throw new AppError('PAYMENT_IN_PROGRESS');
    } finally {
      if (saved && !attempted) await this.ctx.codeOutcome(null, { userId, savedCardId: saved.cardId }, 'not-judged');
    }
  }

  /** A single-use token of the user's saved card with its security code typed again (CARD_NOT_FOUND, CARD_LOCKED…). */
  private async savedCardToken(
    userId: string,
    method: { cardId: string; cvcToken: string },
  ): Promise<{ token: string; cardId: string }> {
    if (!this.ctx.savedCards) throw new AppError('CARD_NOT_FOUND');
    const { token } = await this.ctx.savedCards.paymentToken(userId, method.cardId, method.cvcToken);
    return { token, cardId: method.cardId };
  }

  private async describe(token: string) {
    try {
      return await this.ctx.gateway.describeToken(token);
    } catch (e) {
      if (e instanceof GatewayRefused) throw new AppError('CARD_TOKEN_INVALID');
      if (e instanceof GatewayUnavailable) throw new AppError('PARTNER_UNAVAILABLE');
      throw e;
    }
  }

  /** Writes the attempt with the card seen, or says why not (`start-attempt.ts`). */
  private start(
    userId: string,
    due: AmountDue,
    p: { key: string; hash: string; token: string; card: CardSeen; savedCardId: string | null },
  ): Promise<Started> {
    return startAttempt(this.ctx, userId, due, {
      idempotencyKey: p.key,
      requestHash: p.hash,
      method: 'card',
      cardToken: p.token,
      cardBrand: p.card.brand,
      cardLast4: p.card.last4,
      cardExp: `${String(p.card.expMonth).padStart(2, '0')}/${p.card.expYear}`,
      savedCardId: p.savedCardId,
    });
  }

  /** The traveller left the 3-D Secure page and pays again: the waiting attempt is cancelled first. */
  private async abandon(attempt: AttemptRow): Promise<void> {
    if (!attempt.intentId) return;
    const gateway = this.ctx.intentsOf(attempt);
    try {
      const intent = await gateway.cancel(attempt.intentId, { idempotencyKey: `cancel:${attempt.id}` });
      await this.settling.advance(attempt, intent);
    } catch (e) {
      if (e instanceof GatewayRefused && e.code === 'intent_captured') {
        await this.settling.advance(attempt, await gateway.retrieve(attempt.intentId));
        return;
      }
      if (e instanceof GatewayUnavailable) throw new AppError('PAYMENT_IN_PROGRESS');
      throw e;
    }
  }

  /** Creates and confirms the intent, then follows it as far as it goes now. */
  private async drive(attempt: AttemptRow, token: string): Promise<AttemptRow> {
    const { repo, gateway } = this.ctx;
    try {
      const intent = await this.ctx.intentFor(attempt);
      this.ctx.crash('intent-created');
      const confirmed = await gateway.confirm(intent.id, {
        token,
        returnUrl: this.ctx.options.returnPath(attempt.orderId, attempt.id),
        idempotencyKey: `confirm:${attempt.id}`,
      });
      this.ctx.crash('confirmed');
      await this.settling.advance({ ...attempt, intentId: intent.id }, confirmed);
    } catch (e) {
      // Unknown: the reconciler asks the processor what happened.
      if (e instanceof GatewayUnavailable) await this.settling.markUnknown(attempt);
      else if (e instanceof GatewayRefused) await this.settling.settleFailed(attempt, 'processing_error');
      else throw e;
    }
    const row = await repo.attempt(attempt.id);
    if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
    return row;
  }
}
