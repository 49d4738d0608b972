import { defineEndpoint } from '../api/endpoint';
import { fulfilmentQuerySchema, orderFulfilmentSchema } from './fulfilment.schema';

/** After payment: tickets, ticketing time and refunds of an order. */
export const fulfilmentEndpoints = {
  order: defineEndpoint({
    method: 'GET',
    path: '/api/order/fulfilment',
    query: fulfilmentQuerySchema,
    response: orderFulfilmentSchema,
    summary: "One order's tickets, expected ticketing time and refunds",
  }),
} as const;
