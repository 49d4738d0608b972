import { defineEndpoint } from '../api/endpoint';
import { resultStudentFaresQuerySchema, resultStudentFaresSchema } from '../rail/student-offer.schema';
import {
  bookingOfferSchema,
  createOrderSchema,
  offerQuerySchema,
  orderIdBodySchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
} from './order.schema';
import { seatMapsSchema } from './seat-map.schema';

/** The header that makes order creation idempotent: one order per key, however often it is sent. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The header a client sends to say where it runs: `app` from the mobile app; the website sends none. */
export const CLIENT_CHANNEL_HEADER = 'x-client-channel';

/** Booking and orders: spec §7's order calls, plus the offer the booking page sells and creation. */
export const orderEndpoints = {
  offer: defineEndpoint({
    method: 'GET',
    path: '/api/booking/offer',
    query: offerQuerySchema,
    response: bookingOfferSchema,
    summary: 'A selected result re-quoted for booking, with its tickets and the rail seats left',
  }),
  seatMaps: defineEndpoint({
    method: 'GET',
    path: '/api/booking/seat-maps',
    query: offerQuerySchema,
    response: seatMapsSchema,
    summary: "The seat maps of a selected result's flights as its seller shows them now (none: no seat choice)",
  }),
  studentFares: defineEndpoint({
    method: 'POST',
    path: '/api/booking/student-fares',
    body: resultStudentFaresQuerySchema,
    response: resultStudentFaresSchema,
    summary: "The student fares of the linked 12306 account's students on a search's trains, for its results page",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/order',
    body: createOrderSchema,
    response: orderSchema,
    summary: 'Create an order awaiting payment (send an Idempotency-Key header)',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/orders',
    query: orderListQuerySchema,
    response: orderPageSchema,
    summary: "The signed-in user's orders: all, unpaid (1), upcoming (2) or past (3), a page at a time",
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/order',
    query: orderIdQuerySchema,
    response: orderSchema,
    summary: 'One order of the signed-in user',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/order/cancel',
    body: orderIdBodySchema,
    response: orderSchema,
    summary: 'Cancel an order that is not paid yet',
  }),
} as const;
