import {
  assertStep,
  INITIAL_ORDER_STATUS,
  INITIAL_PAYMENT_STATUS,
  ORDER_MOVES,
  ORDER_STATUS,
  type OrderMove,
  PAYMENT_STATUS,
  PAYMENT_TRANSITIONS,
  type PaymentStatus,
} from '@junction/domain';
import { orderLifecycle } from '../../lib/lifecycle/order-lifecycle';
import type { OrdersContext } from './orders.context';
import type { Trx } from './orders.repository';

const EVENT_OF: Record<OrderMove, string> = { cancel: 'cancelled', expire: 'expired', pay: 'paid' };

/**
 * One legal step from awaiting payment, for order, payment and sub-orders together, with the seats
 * released and an event row, in one transaction. False when the order was not awaiting payment.
 */
export function moveUnpaid(
  ctx: Pick<OrdersContext, 'repo' | 'now' | 'waitlist'>,
  orderId: string,
  move: OrderMove,
  scope: { userId?: string; dueBy?: Date },
): Promise<boolean> {
  const to = ORDER_MOVES[move];
  const from = INITIAL_ORDER_STATUS;
  assertStep(PAYMENT_TRANSITIONS, INITIAL_PAYMENT_STATUS, to.payment);
  const at = ctx.now();
  return ctx.repo.transaction(async (trx: Trx) => {
    const row = await orderLifecycle.moveOrder(trx, {
      orderId,
      ...scope,
      from,
      to: to.order,
      paymentTo: to.payment,
      subOrders: { from: null, to: to.subOrder },
      at,
      // While a payment is under way the order is neither cancelled nor expired: the payment settles first.
      paymentNot: PAYMENT_STATUS.PROCESSING,
    });
    if (!row) return false;
    const seats = await ctx.repo.releaseSeats(trx, orderId, at);
    await ctx.waitlist()?.closeUnpaid(trx, orderId, at);
    await orderLifecycle.orderEvent(trx, {
      orderId,
      kind: EVENT_OF[move],
      from,
      to: to.order,
      at,
      data: { seatsReleased: seats },
    });
    return true;
  });
}

/** Payment 0 → 1 (a payment begins, before the deadline) or 1 → 0 (it failed), the order awaiting payment. */
export async function paymentStep(
  trx: Trx,
  p: { orderId: string; from: PaymentStatus; to: PaymentStatus; at: Date; kind: string },
): Promise<boolean> {
  const status = INITIAL_ORDER_STATUS;
  const moved = await orderLifecycle.movePayment(trx, {
    orderId: p.orderId,
    status,
    from: p.from,
    to: p.to,
    at: p.at,
    ...(p.to === PAYMENT_STATUS.PROCESSING ? { before: p.at } : {}),
  });
  if (moved) {
    await orderLifecycle.orderEvent(trx, {
      orderId: p.orderId,
      kind: p.kind,
      from: status,
      to: status,
      at: p.at,
      data: { paymentFrom: p.from, paymentTo: p.to },
    });
  }
  return moved;
}

export type PaidNotice = {
  orderId: string;
  purpose: 'order' | 'difference';
  amountMinor: number;
  attemptId: string;
  at: Date;
};

/**
 * The order paid, in the payment's transaction: awaiting payment → paid with its sub-orders (payment
 * status 1 → 2), or a price difference paid → ticketing. False when the order was not there; a
 * waiting-list order's held payment captured once seats were found is the waiting list's to mark.
 */
export async function markPaid(ctx: Pick<OrdersContext, 'waitlist'>, trx: Trx, p: PaidNotice): Promise<boolean> {
  const data = { amountMinor: p.amountMinor, attemptId: p.attemptId };
  if (p.purpose === 'difference') {
    const from = ORDER_STATUS.PRICE_DIFFERENCE_DUE;
    const to = ORDER_STATUS.TICKETING;
    if (!(await orderLifecycle.payDifference(trx, { orderId: p.orderId, from, to, at: p.at }))) return false;
    await orderLifecycle.orderEvent(trx, { orderId: p.orderId, kind: 'difference_paid', from, to, at: p.at, data });
    return true;
  }
  const to = ORDER_MOVES.pay;
  const row = await orderLifecycle.moveOrder(trx, {
    orderId: p.orderId,
    from: INITIAL_ORDER_STATUS,
    to: to.order,
    paymentFrom: PAYMENT_STATUS.PROCESSING,
    paymentTo: to.payment,
    subOrders: { from: null, to: to.subOrder },
    at: p.at,
  });
  const waitlist = ctx.waitlist();
  if (!row) return waitlist ? waitlist.markFilled(trx, p) : false;
  await orderLifecycle.recordPaid(trx, p.orderId);
  await orderLifecycle.orderEvent(trx, {
    orderId: p.orderId,
    kind: 'paid',
    from: INITIAL_ORDER_STATUS,
    to: to.order,
    at: p.at,
    data,
  });
  return true;
}
