import { defineEndpoint, okSchema } from '../api/endpoint';
import { alertIdSchema, alertListSchema, createAlertSchema, pauseAlertSchema, priceAlertSchema } from './alert.schema';

/** The signed-in traveller's price alerts (the account's "Price alerts"); nobody reaches another's. */
export const alertEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/price-alerts',
    response: alertListSchema,
    summary: "The signed-in user's price alerts with their price history, newest first",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/price-alerts',
    body: createAlertSchema,
    response: priceAlertSchema,
    summary: 'Track the prices of a search, given by its search link',
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/price-alerts/pause',
    body: pauseAlertSchema,
    response: priceAlertSchema,
    summary: 'Pause a price alert, or let it watch again',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/price-alerts/delete',
    body: alertIdSchema,
    response: okSchema,
    summary: 'Delete a price alert and its history',
  }),
} as const;
