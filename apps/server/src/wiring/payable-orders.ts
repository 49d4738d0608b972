import type { OrdersService } from '../features/orders/orders.service';
import type { PayableOrders } from '../features/payment/ports';

type Orders = Pick<
  OrdersService,
  'forPayment' | 'startPayment' | 'endPayment' | 'markPaid' | 'markHeld' | 'markWaitlistReleased'
>;

/** The orders payments move: found for paying, and stepped in the payment's own transaction. */
export function payableOrders(orders: Orders): PayableOrders {
  return {
    find: (orderId, userId) => orders.forPayment(orderId, userId),
    startPayment: (trx, orderId, at) => orders.startPayment(trx, orderId, at),
    endPayment: (trx, orderId, at) => orders.endPayment(trx, orderId, at),
    markPaid: (trx, p) => orders.markPaid(trx, p),
    markHeld: (trx, p) => orders.markHeld(trx, p),
    markWaitlistReleased: (trx, p) => orders.markWaitlistReleased(trx, p),
  };
}
