import { z } from 'zod';
import { PAYMENT_REFUND_STATES } from '../payment/attempt-status';
import { cardBrandSchema } from '../payment/payment.schema';
import { ticketChangeSchema } from './change.schema';

const isoDateTime = z.iso.datetime({ offset: true });
const cny = z.object({ amount: z.number().int(), currency: z.literal('CNY') });

/** One ticket as its supplier issued it: one per traveller and ride. */
export const issuedTicketSchema = z.object({
  subOrderId: z.uuid(),
  /** Index of the ride in the order's legs. */
  legIndex: z.number().int(),
  travellerPosition: z.number().int(),
  supplier: z.enum(['air', 'rail']),
  /** Airline record locator, or China Railway's order number. */
  bookingReference: z.string(),
  ticketNumber: z.string(),
  seat: z.string().nullable(),
  coach: z.string().nullable(),
  /** Rail sleepers: lower, middle or upper. */
  berth: z.enum(['lower', 'middle', 'upper']).nullable(),
  gate: z.string().nullable(),
});
export type IssuedTicketView = z.infer<typeof issuedTicketSchema>;

/** `owed`: the ticket is given up but its money could not go back where it was paid from (`REFUND_TRANSITIONS`). */
export const REFUND_STATUSES = ['processing', 'owed', 'done', 'withdrawn'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** Why a refund was made: asked for by the traveller, or a ticket the supplier could not issue. */
/** …or the unused ticket after a missed protected connection, refunded in full. */
export const refundReasonSchema = z.enum(['traveller', 'ticketing-failed', 'connection-missed', 'operator-cancelled']);

export const refundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  subOrderId: z.uuid(),
  /** The traveller whose ticket it is, by position and name; null for a refund of everyone on the sub-order. */
  travellerPosition: z.number().int().nullable(),
  traveller: z.string().nullable(),
  /** Flight or train numbers of the refunded ticket. */
  trip: z.string(),
  type: z.enum(['flight', 'railway']),
  status: refundStatusSchema,
  reason: refundReasonSchema,
  paid: cny,
  /** The airline's or the railway's fee. */
  fee: cny,
  /** Our service fee, kept once the ticket was issued (service agreement). */
  serviceFee: cny,
  refunded: cny,
  /** The fare rule that set the fee (see `RefundRule`). */
  rule: z.string(),
  /**
   * Where the money went back: 'card', 'wallet', 'alipay' or 'wechat'; 'desk' when customer service paid it
   * back another way after the processor refused it; null until it has.
   */
  channel: z.string().nullable(),
  /**
   * How the money stands where it went back, once paid out: `failed` when the card processor (or Alipay,
   * WeChat Pay) will never return it, and customer service contacts the traveller to return it another way.
   */
  moneyBack: z.enum(PAYMENT_REFUND_STATES).nullable(),
  requestedAt: isoDateTime,
  /** Spec §4: the money is received before this time. */
  deadline: isoDateTime,
  doneAt: isoDateTime.nullable(),
  withdrawnAt: isoDateTime.nullable(),
  /** Still processing and not paid out yet: "Confirm cancel refund" may withdraw it (spec §8). */
  withdrawable: z.boolean(),
  timeline: z.array(z.object({ status: refundStatusSchema, at: isoDateTime })),
});
export type Refund = z.infer<typeof refundSchema>;

/** One payment taken for the order: the order itself or a price difference, by card or from the wallet. */
export const receiptPaymentSchema = z.object({
  purpose: z.enum(['order', 'difference']),
  method: z.enum(['card', 'wallet', 'alipay', 'wechat']),
  /** The card's brand and last four digits; null for the wallet. */
  brand: cardBrandSchema.nullable(),
  last4: z.string().nullable(),
  amount: cny,
  paidAt: isoDateTime,
});
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

/** The order's receipt (spec §3 `receipt`): what was paid, how and when, and what came back. */
export const receiptSchema = z.object({
  payments: z.array(receiptPaymentSchema),
  /** Everything paid: the order and any price difference. */
  paid: cny,
  /** Money returned by refunds that are done. */
  refunded: cny,
  /** What those refunds kept: the fare rules' fees and the service fees of tickets issued. */
  refundFees: cny,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** What happens after payment, for the order page: expected ticketing time (spec §9), tickets, refunds. */
export const orderFulfilmentSchema = z.object({
  orderId: z.uuid(),
  /** Tickets are expected within this many hours of payment (server configuration). */
  ticketingHours: z.number().int(),
  /** Payment time plus those hours; null before payment. */
  ticketingBy: isoDateTime.nullable(),
  paidAt: isoDateTime.nullable(),
  tickets: z.array(issuedTicketSchema),
  refunds: z.array(refundSchema),
  /** The order's ticket changes (改签), oldest first. */
  changes: z.array(ticketChangeSchema),
  /** Null until a payment was taken. */
  receipt: receiptSchema.nullable(),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

export const fulfilmentQuerySchema = z.object({ id: z.uuid() });

/** The refund of one ticket (one traveller on one flight ticket or train ride) as its fare rules price it now. */
export const ticketRefundQuoteSchema = z.object({
  subOrderId: z.uuid(),
  /** The traveller, by position and name; null for everyone on a sub-order of an order made before tickets were kept per traveller. */
  travellerPosition: z.number().int().nullable(),
  traveller: z.string().nullable(),
  trip: z.string(),
  type: z.enum(['flight', 'railway']),
  paid: cny,
  /** The airline's or the railway's fee. */
  fee: cny,
  /** Our service fee, kept once the ticket was issued (service agreement). */
  serviceFee: cny,
  refunded: cny,
  rule: z.string(),
  /** China Railway's share of the fare, when the ladder set the fee. */
  percent: z.number().nullable(),
  departure: z.string(),
});
export type TicketRefundQuote = z.infer<typeof ticketRefundQuoteSchema>;

/** The refund of the tickets asked about, each by its own rules, and their sum, shown before confirming. */
export const refundQuoteSchema = z.object({
  orderId: z.uuid(),
  tickets: z.array(ticketRefundQuoteSchema).min(1),
  paid: cny,
  fee: cny,
  serviceFee: cny,
  refunded: cny,
  /** The money is received before this time if the refund is asked for now. */
  deadline: isoDateTime,
});
export type RefundQuote = z.infer<typeof refundQuoteSchema>;

/**
 * Which tickets of an order: one ticket (a sub-order and a traveller), every ticket of one traveller (a
 * traveller alone), or everyone's ticket of one sub-order (a sub-order alone).
 */
const ticketSelection = {
  orderId: z.uuid(),
  subOrderId: z.uuid().optional(),
  traveller: z.coerce.number().int().min(0).max(19).optional(),
};
const namesTickets = (s: { subOrderId?: string | undefined; traveller?: number | undefined }) =>
  s.subOrderId !== undefined || s.traveller !== undefined;
export const refundQuoteQuerySchema = z
  .object(ticketSelection)
  .refine(namesTickets, { message: 'name a sub-order, a traveller or both' });
export type RefundSelection = z.infer<typeof refundQuoteQuerySchema>;
/** Confirming a refund: with the fees the traveller saw, so fees that changed meanwhile are shown first. */
export const requestRefundSchema = z
  .object({ ...ticketSelection, expectedFeeMinor: z.number().int().min(0).max(100_000_000) })
  .refine(namesTickets, { message: 'name a sub-order, a traveller or both' });
/** The refunds made, one per ticket. */
export const refundsMadeSchema = z.object({ refunds: z.array(refundSchema) });
export const refundIdSchema = z.object({ id: z.uuid() });

/** A refund whose money the processor refused, as the agents' desk lists it until it is paid back. */
export const owedRefundSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  trip: z.string(),
  traveller: z.string().nullable(),
  refunded: cny,
  /** Where the money could not go back: 'card', 'alipay' or 'wechat'. */
  channel: z.string().nullable(),
  requestedAt: isoDateTime,
});
export type OwedRefund = z.infer<typeof owedRefundSchema>;
export const owedRefundsSchema = z.object({ items: z.array(owedRefundSchema) });
