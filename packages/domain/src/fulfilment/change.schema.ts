import { z } from 'zod';

const isoDateTime = z.iso.datetime({ offset: true });
const cny = z.object({ amount: z.number().int(), currency: z.literal('CNY') });

/**
 * The statuses of a ticket change: its difference awaited, its new ticket being issued, done, lapsed
 * unpaid, or failed (the new ticket was refused: the old one stands and the difference is refunded).
 */
export const CHANGE_STATUSES = ['awaiting-payment', 'issuing', 'done', 'lapsed', 'failed'] as const;
export const changeStatusSchema = z.enum(CHANGE_STATUSES);
export type ChangeStatus = z.infer<typeof changeStatusSchema>;

/** One ride of a ticket, as a change shows it: its train or flight, its stations and times. */
export const changeTripSchema = z.object({
  number: z.string(),
  from: z.object({ en: z.string(), 'zh-CN': z.string() }),
  to: z.object({ en: z.string(), 'zh-CN': z.string() }),
  departureTime: z.string(),
  arrivalTime: z.string(),
  /** Rail seat class or air cabin code. */
  seatClass: z.string(),
});
export type ChangeTrip = z.infer<typeof changeTripSchema>;

/** Where a cheaper change's difference goes back: the way the order was paid (the card by its last four digits). */
export const changeRefundToSchema = z.object({
  method: z.enum(['card', 'wallet', 'alipay', 'wechat']),
  last4: z.string().nullable(),
});
export type ChangeRefundTo = z.infer<typeof changeRefundToSchema>;

/** A change's rides and money, old and new: both fares, the fee, what is paid and what is refunded, and where. */
const changeSums = z.object({
  from: changeTripSchema,
  to: changeTripSchema,
  oldFare: cny,
  newFare: cny,
  fee: cny,
  /** Paid now (a higher fare, an airline's fee); zero when nothing is due. */
  due: cny,
  /** Returned to the way the order was paid (a lower train fare less its fee); zero when nothing comes back. */
  refund: cny,
  /** Where the refund goes; null when nothing comes back. */
  refundTo: changeRefundToSchema.nullable(),
}).shape;

/** What a change costs, shown before it is confirmed: both fares, the fee, and what is paid or refunded. */
export const changeQuoteSchema = z.object({
  orderId: z.uuid(),
  subOrderId: z.uuid(),
  type: z.enum(['flight', 'railway']),
  ...changeSums,
  rule: z.string(),
  percent: z.number().nullable(),
  /** A change of arrival station within the same city (变更到站). */
  arrivalChanged: z.boolean(),
  /** The positions of the travellers whose tickets change (every traveller of the ticket unless some were chosen). */
  travellers: z.array(z.number().int().min(0)),
});
export type ChangeQuote = z.infer<typeof changeQuoteSchema>;

export const changeQuoteQuerySchema = z.object({
  orderId: z.uuid(),
  subOrderId: z.uuid(),
  searchId: z.string().min(1).max(100),
  resultId: z.string().min(1).max(200),
  /** A train ticket's new seat class (another class of the same train, or of the new one); else the class it has. */
  seatClass: z
    .string()
    .regex(/^[A-Z0-9]{1,2}$/)
    .optional(),
  /**
   * A train ticket's travellers who change it, by position (`0,2`); the others keep their tickets on a
   * ticket of their own. Every traveller of the ticket when absent.
   */
  travellers: z
    .string()
    .regex(/^\d{1,2}(,\d{1,2}){0,8}$/)
    .optional(),
});
export type ChangeQuoteQuery = z.infer<typeof changeQuoteQuerySchema>;

/** The seat classes of a new train, quoted at once: the search result, without a class. */
export const changeClassQuotesQuerySchema = changeQuoteQuerySchema.omit({ seatClass: true });
export type ChangeClassQuotesQuery = z.infer<typeof changeClassQuotesQuerySchema>;

/**
 * Each seat class a change to a new train may be taken in (those with seats left, never the ticket's own
 * class on its own train) with its quote; null for a class the change is refused in.
 */
export const changeClassQuotesSchema = z.object({
  classes: z.array(z.object({ seatClass: z.string(), quote: changeQuoteSchema.nullable() })),
});
export type ChangeClassQuotes = z.infer<typeof changeClassQuotesSchema>;

/** Confirms a change at the quoted price: refused with `CHANGE_PRICE_CHANGED` if it moved since. */
export const confirmChangeSchema = changeQuoteQuerySchema.extend({
  expected: z.object({ dueMinor: z.number().int().min(0), refundMinor: z.number().int().min(0) }),
});
export type ConfirmChange = z.infer<typeof confirmChangeSchema>;

/** A ticket change as the order page lists it. */
export const ticketChangeSchema = z.object({
  id: z.uuid(),
  status: changeStatusSchema,
  oldSubOrderId: z.uuid(),
  newSubOrderId: z.uuid(),
  ...changeSums,
  /** The positions of the travellers whose tickets it changed; null for every traveller of the ticket. */
  travellers: z.array(z.number().int().min(0)).nullable(),
  createdAt: isoDateTime,
  doneAt: isoDateTime.nullable(),
});
export type TicketChange = z.infer<typeof ticketChangeSchema>;

/** Which tickets of an order may be changed now, and the dates a new search may look at. */
export const changeOptionsSchema = z.object({
  tickets: z.array(
    z.object({
      subOrderId: z.uuid(),
      type: z.enum(['flight', 'railway']),
      /** Null when it may be changed; else why not (`departed`, `already-changed`, `not-changeable`, `status`). */
      refusal: z.string().nullable(),
      /** The first and last days a new train or flight may leave on (`yyyy-mm-dd`). */
      firstDay: z.string(),
      lastDay: z.string(),
      trip: changeTripSchema,
      /**
       * The travellers of the ticket, who may change it together or some without the others (trains); one
       * whose own ticket is refunded (or being refunded) is `refunded` and cannot change it.
       */
      travellers: z.array(
        z.object({ position: z.number().int().min(0), name: z.string(), refunded: z.boolean().default(false) }),
      ),
      /** Place tokens of the departure and arrival cities, for the search of the new date. */
      departure: z.string(),
      destination: z.string(),
      /** The airline of a flight: a change stays with it. */
      carrier: z.string(),
    }),
  ),
});
export type ChangeOptions = z.infer<typeof changeOptionsSchema>;
