import { AppError } from '@junction/domain';
import type { ChatOrders } from '../features/chat/chat.service';
import type { OrdersService } from '../features/orders/orders.service';

/**
 * The chat's view of a traveller's orders: the card of one (none when it is not theirs) and their ten most
 * recent, without travellers, contact, legs or fees.
 */
export function chatOrders(orders: Pick<OrdersService, 'get' | 'list'>): ChatOrders {
  return {
    card: async (userId, orderId) => {
      try {
        const o = await orders.get(userId, orderId);
        return {
          id: o.id,
          orderNumber: o.orderNumber,
          createdAt: o.createdAt,
          originName: o.originName,
          destinationName: o.destinationName,
          places: o.places,
          kind: o.kind,
          status: o.status,
          paymentStatus: o.paymentStatus,
          payment: o.payment,
          departureTime: o.departureTime,
          arrivalTime: o.arrivalTime,
          separateTrains: o.separateTrains,
          waitlist: o.waitlist,
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'ORDER_NOT_FOUND') return undefined;
        throw error;
      }
    },
    recent: async (userId) =>
      (await orders.list(userId, { filter: 'all', page: 1, pageSize: 10 })).items.map(
        ({ travellerNames: _n, ...card }) => card,
      ),
  };
}
