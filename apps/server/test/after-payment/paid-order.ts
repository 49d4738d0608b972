import { ORDER_MOVES } from '@junction/domain';
import type { Db } from '../../src/db/database';
import { scheduleTicketing } from '../../src/features/fulfilment/schedule';
import { OrdersRepository, statusText } from '../../src/features/orders/orders.repository';

/**
 * Records an order as paid the way the payment-success transaction does: the orders' compare-and-set
 * step `pay` (order 0 → 2, payment → 2, sub-orders → 7) with its event row and the ticketing job.
 * False when the order was not awaiting payment.
 */
export async function payOrder(db: Db, orderId: string, at: Date): Promise<boolean> {
  const repo = new OrdersRepository(db);
  const to = ORDER_MOVES.pay;
  return repo.transaction(async (trx) => {
    const row = await repo.transition(trx, {
      orderId,
      from: '0',
      to: statusText(to.order) as string,
      paymentTo: statusText(to.payment) as string,
      subFrom: null,
      subTo: statusText(to.subOrder) as string,
      at,
    });
    if (!row) return false;
    await repo.addEvent(trx, { orderId, kind: 'paid', fromStatus: '0', toStatus: row.status, at, data: {} });
    await scheduleTicketing(trx, orderId);
    return true;
  });
}
