import { z } from 'zod';

/**
 * What a notice tells the traveller (spec §2 notices, issue: order created, payment received, tickets issued,
 * ticketing failed, refund processing and done, schedule change, departure reminder). The text is written
 * from the kind and its params in the reader's language, on the page and in the e-mail and SMS alike.
 */
export const NOTICE_KINDS = [
  'order-created',
  'payment-received',
  'tickets-issued',
  'ticketing-failed',
  'refund-processing',
  'refund-done',
  /** A refund whose money the processor refused, paid back by customer service another way. */
  'refund-paid-back',
  'schedule-change',
  'departure-reminder',
  /** A delay made a protected connection impossible: the next departure or a refund, the traveller's choice. */
  'connection-missed',
  /** Rebooked on the next departure; `-onward` when the ride after it moved too, both named in one notice. */
  'protection-rebooked',
  'protection-rebooked-onward',
  /**
   * The airline or the railway cancelled a ride: its ticket refunded in full, or, when a self-transfer
   * follows it, `-protected`: a later departure or the refund, the traveller's choice.
   */
  'service-cancelled',
  'service-cancelled-protected',
  /** Online service answered a message left outside service hours. */
  'service-reply',
  /**
   * The waiting list (候补): joined with the price held, filled (captured, being ticketed), released at
   * the cut-off, cancelled; each ending with the hold voided, or `-refunded` when the card had been
   * charged and the amount was refunded in full.
   */
  'waitlist-joined',
  'waitlist-filled',
  'waitlist-released',
  'waitlist-cancelled',
  'waitlist-released-refunded',
  'waitlist-cancelled-refunded',
  /**
   * A ticket change (改签): confirmed with a difference to pay, its new ticket issued (with any refund of
   * a lower fare on its way), and that refund paid out; or its new ticket refused (the old one stands) and
   * what was paid for the change returned; or the change refused by the railway or by our agents' desk,
   * with its reason (`reasonEn`, `reasonZh`) and error code.
   */
  'change-payment-due',
  'ticket-changed',
  'change-refund-done',
  'change-failed',
  'change-refused',
  'change-failed-refund-done',
  /**
   * A payment that arrived after its order (or the change it paid for) had ended: it was not used and went
   * straight back the way it came.
   */
  'payment-late-refunded',
  /**
   * A refund of an order that the card processor, Alipay or WeChat Pay answered it will never make (the card
   * closed or replaced, the account gone): customer service contacts the traveller to return the money.
   */
  'payment-refund-failed',
  /** A wallet top-up paid at its app after it had failed: the wallet is not credited, the money goes back to the app. */
  'topup-late-refunded',
  /** That refund to a card failed at the processor (the card closed, say): customer service returns the money. */
  'topup-refund-failed',
  /** The same refund to Alipay or WeChat Pay failed at the app (the account closed, say). */
  'topup-app-refund-failed',
  /** A saved card locked for a day after three wrong security codes: its owner is told at once. */
  'card-locked',
  /** An order's invoices issued (all of one request), and a red-letter invoice reversing one when its ticket was refunded or changed. */
  'invoice-issued',
  'invoice-reversed',
  /** A price alert saw the lowest price of its search fall, or seats on sale again after none were. */
  'price-fell',
  'seats-returned',
  /** A price alert over a month saw the month's lowest fall, or seats on sale again: with the day it leaves. */
  'month-price-fell',
  'month-seats-returned',
] as const;
export const noticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** Values filled into a notice's text: order number, route, flight number, times, amounts in hundredths. */
export const noticeParamsSchema = z.record(z.string().max(40), z.union([z.string().max(200), z.number()]));
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

export const noticeSchema = z.object({
  id: z.uuid(),
  kind: noticeKindSchema,
  /** The order the notice is about; its page is linked. */
  orderId: z.uuid().nullable(),
  params: noticeParamsSchema,
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type NoticeListQuery = z.input<typeof noticeListQuerySchema>;

/** `GET /notifications` (spec §7): a page of notices, unread first and newest first within each. */
export const noticePageSchema = z.object({
  items: z.array(noticeSchema),
  total: z.number().int(),
  unread: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NoticePage = z.infer<typeof noticePageSchema>;

export const noticeIdBodySchema = z.object({ id: z.uuid() });
export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
