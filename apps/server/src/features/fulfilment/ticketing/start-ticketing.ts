import { ORDER_STATUS as O, SUB_ORDER_STATUS as S } from '@junction/domain';
import { addJob } from '../../../jobs/jobs';
import { orderLifecycle } from '../../../lib/lifecycle/order-lifecycle';
import { proceedChange } from '../change/change-steps';
import type { FulfilmentContext } from '../fulfilment.context';
import type { Trx } from '../fulfilment.repository';
import { routeParams } from '../fulfilment-view';
import { stepSubOrder } from '../sub-order-step';

declare module '../../../jobs/jobs' {
  interface JobPayloads {
    'fulfilment.issue': { orderId: string; subOrderId: string };
  }
}

/**
 * The ticket-order job: order 2 → 4 and every paid sub-order 7 → 2 with its issue job, and the
 * payment-received notice, in one transaction. Run again it finds the order moved and does nothing.
 */
export function startTicketing(ctx: FulfilmentContext, orderId: string): Promise<boolean> {
  const { repo, options } = ctx;
  const at = ctx.now();
  return repo.transaction(async (trx: Trx) => {
    const order = await repo.lockOrder(trx, orderId);
    if (!order) return false;
    // An order already in ticketing may have a ticket change to go ahead with (paid, or needing no payment).
    if (!(await orderLifecycle.moveOrder(trx, { orderId, from: O.PAID, to: O.TICKETING, at })))
      return proceedChange(ctx, trx, order, at);
    await orderLifecycle.orderEvent(trx, { orderId, kind: 'ticketing', from: O.PAID, to: O.TICKETING, at });
    for (const sub of await repo.subOrders(orderId, trx)) {
      const step = { orderId, subOrderId: sub.id, kind: 'sub-order-issuing', from: S.PAID, to: S.ISSUING, at };
      if (!(await stepSubOrder(trx, step))) continue;
      await addJob(
        trx,
        'fulfilment.issue',
        { orderId, subOrderId: sub.id },
        { jobKey: `issue:${sub.id}`, maxAttempts: options.ticketingAttempts },
      );
    }
    await ctx.notify(trx, {
      userId: order.userId,
      kind: 'payment-received',
      orderId,
      params: {
        orderNumber: order.orderNumber,
        ...routeParams(order),
        amountMinor: order.priceMinor,
        hours: options.ticketingHours,
      },
      dedupeKey: `payment-received:${orderId}`,
      at,
    });
    return true;
  });
}
