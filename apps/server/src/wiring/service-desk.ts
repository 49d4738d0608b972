import { refundFailedText } from '@junction/domain';
import type { ServiceMatters } from '../features/chat/service-matters';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { RefundDesk } from '../features/payment/ports';
import type { ServiceDesk } from '../features/wallet/ports';

/**
 * The wallet's money to return by hand goes to the chat's agents: a `refundFailed` event in the traveller's
 * conversation, waiting in the agents' queue, once per refund.
 */
export function serviceDesk(matters: Pick<ServiceMatters, 'raise'>): ServiceDesk {
  return {
    refundFailed: (p) =>
      matters.raise({
        userId: p.userId,
        key: `refund-failed:${p.refundId}`,
        event: 'refundFailed',
        text: refundFailedText({ amountMinor: p.amountMinor, last4: p.last4, channel: p.app }),
      }),
  };
}

/**
 * An order's refund the processor failed goes to the chat's agents the same way: a `refundFailed` event with
 * the money, where it could not go back and the order's number, once per refund.
 */
export function orderRefundDesk(
  matters: Pick<ServiceMatters, 'raise'>,
  orders: Pick<OrdersRepository, 'findById'>,
): RefundDesk {
  return {
    async refundFailed(p) {
      const order = await orders.findById(p.orderId);
      await matters.raise({
        userId: p.userId,
        key: `order-refund-failed:${p.refundId}`,
        event: 'refundFailed',
        text: refundFailedText({
          amountMinor: p.amountMinor,
          last4: p.last4 ?? '',
          channel: p.channel === 'wallet' ? 'card' : p.channel,
          orderNumber: order?.orderNumber ?? '',
        }),
      });
    },
  };
}
