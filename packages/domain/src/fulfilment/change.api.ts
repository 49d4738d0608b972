import { defineEndpoint } from '../api/endpoint';
import {
  changeClassQuotesQuerySchema,
  changeClassQuotesSchema,
  changeOptionsSchema,
  changeQuoteQuerySchema,
  changeQuoteSchema,
  confirmChangeSchema,
  ticketChangeSchema,
} from './change.schema';
import { fulfilmentQuerySchema } from './fulfilment.schema';

/** Changing a ticket (改签): which may change, the quote of a new train or flight, and the confirmation. */
export const changeEndpoints = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/change/options',
    query: fulfilmentQuerySchema,
    response: changeOptionsSchema,
    summary: "Which of an order's tickets may be changed now, and the dates a change may move them to",
  }),
  quote: defineEndpoint({
    method: 'GET',
    path: '/api/change/quote',
    query: changeQuoteQuerySchema,
    response: changeQuoteSchema,
    summary: 'The change of one ticket to a search result: both fares, the fee and the difference each way',
  }),
  classes: defineEndpoint({
    method: 'GET',
    path: '/api/change/classes',
    query: changeClassQuotesQuerySchema,
    response: changeClassQuotesSchema,
    summary:
      "The change of one ticket to a train in each of its seat classes with seats, from one look at the seller's offer",
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/change',
    body: confirmChangeSchema,
    response: ticketChangeSchema,
    summary: 'Confirm a change at the quoted price: seats held, the difference to pay or the refund to come',
  }),
} as const;
