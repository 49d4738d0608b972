import { AppError, isoWithOffset } from '@junction/domain';
import { DAY, type RateLimiter } from '../features/account/rate-limiter';
import type { ChatNotifier } from '../features/chat/chat.service';
import { notify } from '../features/notifications/notifications.service';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { LatePaymentNotice, RefundFailedNotice, RefundToTell } from '../features/payment/ports';
import type { CardNotifier, TopupNotifier } from '../features/wallet/ports';

/**
 * Whether one more e-mail may go to a booking's contact address, counted with the account's rate limiter:
 * `perDay` to one address a day. A limiter that cannot count fails the notice's job, which runs again.
 */
export function contactMailAllowed(limiter: Pick<RateLimiter, 'hit'>, perDay: number) {
  return (address: string): Promise<boolean> =>
    limiter.hit([{ key: `contact-mail:${address.trim().toLowerCase()}`, max: perDay, windowMs: DAY }]).then(
      () => true,
      (e: unknown) => {
        if (e instanceof AppError && e.code === 'TOO_MANY_REQUESTS') return false;
        throw e;
      },
    );
}

/** A card locked after three wrong security codes: its owner is told by notice, e-mail and SMS. */
export function cardLockedNotice(now: () => Date): CardNotifier {
  return {
    cardLocked: (trx, p) =>
      notify(trx, {
        userId: p.userId,
        kind: 'card-locked',
        params: { card: p.card, untilAt: isoWithOffset(p.until.getTime(), 'Asia/Shanghai') },
        dedupeKey: `card-locked:${p.cardId}:${p.until.toISOString()}`,
        at: now(),
      }).then(() => undefined),
  };
}

/** An out-of-hours question answered: the traveller is told once per conversation. */
export function chatAnsweredNotice(now: () => Date): ChatNotifier {
  return {
    // The chat's transaction knows more tables than the notices need; it is the same transaction.
    answered: (trx, p) =>
      notify(trx as unknown as Parameters<typeof notify>[0], {
        userId: p.userId,
        kind: 'service-reply',
        params: { agent: p.agentName.slice(0, 40) },
        dedupeKey: `service-reply:${p.conversationId}`,
        at: now(),
      }).then(() => undefined),
  };
}

/** Tells an order's traveller of a refund by notice, e-mail and SMS, once per refund: `kind` says what befell it. */
function orderRefundNotice(
  orders: Pick<OrdersRepository, 'findById'>,
  kind: 'payment-late-refunded' | 'payment-refund-failed',
) {
  return async (trx: Parameters<typeof notify>[0], p: RefundToTell): Promise<void> => {
    const order = await orders.findById(p.orderId, trx);
    await notify(trx, {
      userId: p.userId,
      kind,
      orderId: p.orderId,
      params: {
        orderNumber: order?.orderNumber ?? '',
        amountMinor: p.amountMinor,
        channel: p.channel,
        ...(p.last4 ? { last4: p.last4 } : {}),
      },
      dedupeKey: `${kind}:${p.refundId}`,
      at: p.at,
    });
  };
}

/**
 * Money that came after its order had ended, refunded at once: the traveller is told by notice, e-mail and
 * SMS where it goes back (the card by its last four digits), once per refund. The order's number is read in
 * the refund's transaction.
 */
export function latePaymentNotice(orders: Pick<OrdersRepository, 'findById'>): LatePaymentNotice {
  return { refunded: orderRefundNotice(orders, 'payment-late-refunded') };
}

/**
 * A refund of an order the processor (or Alipay, WeChat Pay) failed: the traveller is told by notice, e-mail
 * and SMS that the money could not go back where it was paid from and that customer service will contact
 * them, once per refund, in the transaction that records it failed.
 */
export function refundFailedNotice(orders: Pick<OrdersRepository, 'findById'>): RefundFailedNotice {
  return { refundFailed: orderRefundNotice(orders, 'payment-refund-failed') };
}

/**
 * A top-up paid after it had failed, refunded to its app or card: its owner is told once, with a link to the
 * wallet; and told once, too, should the refund fail at the card processor or the app.
 */
export function lateTopupNotice(now: () => Date): TopupNotifier {
  return {
    lateTopupRefunded: (trx, p) =>
      notify(trx, {
        userId: p.userId,
        kind: 'topup-late-refunded',
        params: {
          amountMinor: p.amountMinor,
          channel: p.app,
          topup: p.topupId,
          ...(p.last4 ? { last4: p.last4 } : {}),
        },
        dedupeKey: `topup-late-refunded:${p.topupId}`,
        at: now(),
      }).then(() => undefined),
    lateTopupRefundFailed: (trx, p) =>
      notify(trx, {
        userId: p.userId,
        kind: p.app === 'card' ? 'topup-refund-failed' : 'topup-app-refund-failed',
        params: {
          amountMinor: p.amountMinor,
          channel: p.app,
          topup: p.topupId,
          ...(p.app === 'card' ? { last4: p.last4 } : {}),
        },
        dedupeKey: `topup-refund-failed:${p.topupId}`,
        at: now(),
      }).then(() => undefined),
  };
}
