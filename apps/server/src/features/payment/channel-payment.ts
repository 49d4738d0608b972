import { randomUUID } from 'node:crypto';
import { AppError, type PaymentMethod, type PaymentState } from '@junction/domain';
import type { AttemptSettling } from './attempt-settling';
import { present } from './attempt-view';
import type { AttemptWaits } from './attempt-waits';
import type { PaymentChannel } from './channels/channel';
import { GatewayRefused, GatewayUnavailable } from './gateway/gateway';
import { type AmountDue, amountDue, type PaymentContext } from './payment.context';
import type { AttemptRow } from './payment.repository';
import { type Started, startAttempt } from './start-attempt';

type ChannelMethod = Extract<PaymentMethod, { kind: 'alipay' | 'wechat' }>;

/**
 * Paying with a wallet app (Alipay): the attempt is written with its key and our trade number before the
 * app's page is built, and waits (`action`) while the traveller pays there. The app's signed notification,
 * the traveller's return and the reconciler each ask the app where the trade stands and settle the
 * attempt once; an attempt left unpaid is closed at the app when the traveller pays another way or the
 * order's deadline passes. The app takes the money when the buyer pays, so there is nothing to hold: a
 * waiting-list order is paid by card.
 */
export class ChannelPayment {
  constructor(
    private readonly ctx: PaymentContext,
    private readonly settling: AttemptSettling,
    private readonly waits: AttemptWaits,
  ) {}

  async pay(
    userId: string,
    orderId: string,
    method: ChannelMethod,
    key: string,
    hash: string,
    clientIp: string,
  ): Promise<PaymentState> {
    const channel = this.ctx.channels.get(method.kind);
    if (!channel) throw new AppError('PAYMENT_METHOD_REQUIRED');
    for (let round = 0; round < 2; round++) {
      const payable = await this.ctx.orders.find(orderId, userId);
      if (payable?.waitlist) throw new AppError('WAITLIST_CARD_ONLY');
      const due = amountDue(orderId, payable, this.ctx.now());
      const started = await this.start(userId, due, method.kind, key, hash);
      if (started.kind === 'replay') return this.waits.replay(started.attempt, hash);
      if (started.kind === 'started')
        return present(await this.open(channel, started.attempt, method.device, clientIp));
      // Another attempt of this order is under way: one waiting at a page is given up, else wait for it.
      const open = await this.waits.waitForOpen(orderId);
      if (open?.state === 'action') await this.abandon(open);
      else if (open) throw new AppError('PAYMENT_IN_PROGRESS');
    }
    throw new AppError('PAYMENT_IN_PROGRESS');
  }

  /** Writes the attempt with its trade number, or says why not (`start-attempt.ts`). */
  private start(userId: string, due: AmountDue, method: string, key: string, hash: string): Promise<Started> {
    const intentId = randomUUID().replaceAll('-', '');
    return startAttempt(
      this.ctx,
      userId,
      due,
      { idempotencyKey: key, requestHash: hash, method, intentId },
      { method },
    );
  }

  /** Builds the app's page for the trade and has the attempt wait there (the traveller's browser goes to it). */
  private async open(channel: PaymentChannel, attempt: AttemptRow, device: ChannelMethod['device'], clientIp: string) {
    const { repo, options } = this.ctx;
    const order = await this.ctx.orders.find(attempt.orderId);
    const { actionUrl } = await channel.start({
      tradeNo: attempt.intentId ?? '',
      amountMinor: attempt.amountMinor,
      subject: `联程旅行订单 Junction order ${attempt.orderId.slice(0, 8).toUpperCase()}`,
      returnUrl: `${options.publicUrl}${options.returnPath(attempt.orderId, attempt.id)}`,
      device,
      clientIp,
      expiresAt:
        order && attempt.purpose === 'order' ? order.deadline : new Date(this.ctx.now().getTime() + 15 * 60_000),
    });
    await repo.moveAttempt(attempt.id, ['created'], 'action', { actionUrl }, this.ctx.now());
    const row = await repo.attempt(attempt.id);
    if (!row) throw new AppError('ATTEMPT_NOT_FOUND');
    return row;
  }

  /** The traveller left the app's page and pays again: that trade is closed first (kept if paid meanwhile). */
  private async abandon(attempt: AttemptRow): Promise<void> {
    if (!attempt.intentId) return;
    const calls = this.ctx.intentsOf(attempt);
    try {
      await this.settling.advance(
        attempt,
        await calls.cancel(attempt.intentId, { idempotencyKey: `cancel:${attempt.id}` }),
      );
    } catch (e) {
      if (e instanceof GatewayRefused && e.code === 'intent_captured') {
        await this.settling.advance(attempt, await calls.retrieve(attempt.intentId));
        return;
      }
      if (e instanceof GatewayUnavailable) throw new AppError('PAYMENT_IN_PROGRESS');
      throw e;
    }
  }
}
