import { defineEndpoint } from '../api/endpoint';
import {
  cardTokenSchema,
  cvcTokenSchema,
  paymentMethodsSchema,
  paymentStateQuerySchema,
  paymentStateSchema,
  payOrderSchema,
  recollectCvcSchema,
  tokenizeCardSchema,
} from './payment.schema';

/** Paying an order (spec §4 payment page): send an Idempotency-Key header per attempt the traveller confirms. */
export const paymentEndpoints = {
  pay: defineEndpoint({
    method: 'POST',
    path: '/api/order/pay',
    body: payOrderSchema,
    response: paymentStateSchema,
    summary: 'Pay an order, or its price difference (send an Idempotency-Key header); 2000 when already paid',
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/api/order/payment',
    query: paymentStateQuerySchema,
    response: paymentStateSchema,
    summary: 'Where a payment attempt stands, after the 3-D Secure page or a lost answer',
  }),
  methods: defineEndpoint({
    method: 'GET',
    path: '/api/payment/methods',
    response: paymentMethodsSchema,
    summary: 'The ways of paying this site offers, in the order they are shown',
  }),
} as const;

/**
 * The card processor's own endpoint the browser posts card details to (the embedded simulator serves
 * it under /gateway-sim/); it is not part of our API and our server's order code never receives a card.
 */
export const gatewayBrowserEndpoints = {
  tokenize: defineEndpoint({
    method: 'POST',
    path: '/gateway-sim/v1/tokens',
    body: tokenizeCardSchema,
    response: cardTokenSchema,
    summary: 'Turn card details into a single-use token',
  }),
  recollect: defineEndpoint({
    method: 'POST',
    path: '/gateway-sim/v1/tokens/cvc',
    body: recollectCvcSchema,
    response: cvcTokenSchema,
    summary: "A token of a saved card's security code typed again, to pay with the card's id",
  }),
} as const;
