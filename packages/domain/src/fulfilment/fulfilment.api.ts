import { z } from 'zod';
import { defineEndpoint, okSchema } from '../api/endpoint';
import {
  fulfilmentQuerySchema,
  orderFulfilmentSchema,
  owedRefundsSchema,
  refundIdSchema,
  refundQuoteQuerySchema,
  refundQuoteSchema,
  refundSchema,
  refundsMadeSchema,
  requestRefundSchema,
} from './fulfilment.schema';
import { protectionAnswerSchema, protectionChoiceSchema, protectionQuerySchema } from './protection';

/** After payment: tickets, ticketing time and refunds of an order. */
export const fulfilmentEndpoints = {
  order: defineEndpoint({
    method: 'GET',
    path: '/api/order/fulfilment',
    query: fulfilmentQuerySchema,
    response: orderFulfilmentSchema,
    summary: "One order's tickets, expected ticketing time and refunds",
  }),
  protection: defineEndpoint({
    method: 'GET',
    path: '/api/order/protection',
    query: protectionQuerySchema,
    response: protectionAnswerSchema,
    summary: "An order's missed protected connections, each with the next departure and the unused ticket's refund",
  }),
  chooseProtection: defineEndpoint({
    method: 'POST',
    path: '/api/order/protection',
    body: protectionChoiceSchema,
    response: protectionAnswerSchema,
    summary:
      'Take the next departure at no cost, or the refund of the unused ticket, for a missed protected connection',
  }),
  refundQuote: defineEndpoint({
    method: 'GET',
    path: '/api/refund/quote',
    query: refundQuoteQuerySchema,
    response: refundQuoteSchema,
    summary: 'The refund of one ticket, one traveller or everyone on a ticket by its fare rules, before confirming',
  }),
  requestRefund: defineEndpoint({
    method: 'POST',
    path: '/api/refund',
    body: requestRefundSchema,
    response: refundsMadeSchema,
    summary: 'Confirm the refund of one ticket, one traveller or everyone on a ticket, at the quoted fees',
  }),
  withdrawRefund: defineEndpoint({
    method: 'POST',
    path: '/api/refund/withdraw',
    body: refundIdSchema,
    response: refundSchema,
    summary: 'Withdraw a refund still processing (Confirm cancel refund)',
  }),
  refund: defineEndpoint({
    method: 'GET',
    path: '/api/refund',
    query: refundIdSchema,
    response: refundSchema,
    summary: 'One refund with its breakdown and timeline',
  }),
  itineraryPdf: defineEndpoint({
    method: 'GET',
    path: '/api/itinerary/pdf',
    query: fulfilmentQuerySchema,
    response: z.string().describe('application/pdf'),
    summary: "The order's itinerary as an A4 PDF in the request's language (a download)",
  }),
  itineraryIcs: defineEndpoint({
    method: 'GET',
    path: '/api/itinerary/ics',
    query: fulfilmentQuerySchema,
    response: z.string().describe('text/calendar'),
    summary: "Every leg of the order's itinerary as an iCalendar file with time zones (a download)",
  }),
} as const;

/**
 * The agents' desk of refunds whose money the processor refused (for customer-service agents only): the
 * refunds still owed, and recording one paid back another way, which makes it done.
 */
export const refundDeskEndpoints = {
  owed: defineEndpoint({
    method: 'GET',
    path: '/api/service/refunds-owed',
    response: owedRefundsSchema,
    summary: 'The refunds whose money the processor refused and customer service still owes, the oldest first',
  }),
  paidBack: defineEndpoint({
    method: 'POST',
    path: '/api/service/refunds-owed/paid-back',
    body: refundIdSchema,
    response: okSchema,
    summary: 'Record an owed refund paid back another way: it is done, and its order refunded once nothing stands',
  }),
} as const;
