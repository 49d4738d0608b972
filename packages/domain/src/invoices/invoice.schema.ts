import { z } from 'zod';

const cny = z.object({ amount: z.number().int(), currency: z.literal('CNY') });

/** Who an invoice is made out to: a person by name, or a company by name and unified social credit code. */
export const INVOICE_TITLE_KINDS = ['personal', 'company'] as const;
export const invoiceTitleKindSchema = z.enum(INVOICE_TITLE_KINDS);
export type InvoiceTitleKind = z.infer<typeof invoiceTitleKindSchema>;

/**
 * A title as typed: the credit code is checked by the service (its checksum, error 8001) so the traveller
 * reads which field is wrong; for a person it is ignored.
 */
export const invoiceTitleInputSchema = z.object({
  kind: invoiceTitleKindSchema,
  name: z.string().trim().min(1).max(100),
  creditCode: z.string().max(40).optional(),
});
export type InvoiceTitleInput = z.input<typeof invoiceTitleInputSchema>;

export const savedInvoiceTitleSchema = z.object({
  id: z.uuid(),
  kind: invoiceTitleKindSchema,
  name: z.string(),
  creditCode: z.string().nullable(),
});
export type SavedInvoiceTitle = z.infer<typeof savedInvoiceTitleSchema>;
export const savedInvoiceTitleListSchema = z.object({ items: z.array(savedInvoiceTitleSchema) });

/**
 * The documents of an order: an invoice for our service fees, a reimbursement voucher (报销凭证) per
 * train ticket and the electronic itinerary (电子行程单) per flight ticket, one per traveller.
 */
export const INVOICE_DOCUMENT_KINDS = ['serviceFee', 'railVoucher', 'airItinerary'] as const;
export const invoiceDocumentKindSchema = z.enum(INVOICE_DOCUMENT_KINDS);
export type InvoiceDocumentKind = z.infer<typeof invoiceDocumentKindSchema>;

/** `issuing` until the e-invoice service answers; `reversed` once a red-letter invoice (红字发票) cancels it. */
export const INVOICE_STATUSES = ['issuing', 'issued', 'reversing', 'reversed'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceSchema = z.object({
  id: z.uuid(),
  kind: invoiceDocumentKindSchema,
  status: invoiceStatusSchema,
  /** The traveller a ticket's document is for; null for the service fee invoice. */
  travellerName: z.string().nullable(),
  /** The train or flight number a ticket's document is for. */
  service: z.string().nullable(),
  title: z.object({ kind: invoiceTitleKindSchema, name: z.string(), creditCode: z.string().nullable() }),
  email: z.string(),
  amount: cny,
  tax: cny,
  /** The national e-invoice number (20 digits) and when it was issued, once issued. */
  number: z.string().nullable(),
  issuedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The red-letter invoice that reversed it, when its ticket was refunded or changed. */
  reversal: z.object({ number: z.string(), issuedAt: z.iso.datetime({ offset: true }) }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const orderInvoicesSchema = z.object({
  /** Whether documents may be requested now: the order's tickets stand and none has been requested. */
  canRequest: z.boolean(),
  /** What a request would issue, before it is made. */
  available: z.array(z.object({ kind: invoiceDocumentKindSchema, count: z.number().int(), amount: cny })),
  items: z.array(invoiceSchema),
});
export type OrderInvoices = z.infer<typeof orderInvoicesSchema>;

export const orderInvoicesQuerySchema = z.object({ orderId: z.uuid() });

export const requestInvoicesSchema = z.object({
  orderId: z.uuid(),
  title: invoiceTitleInputSchema,
  email: z.email().max(254),
  /** Keep the title in the account for next time. */
  saveTitle: z.boolean().default(false),
});
export type RequestInvoices = z.input<typeof requestInvoicesSchema>;

export const invoiceFileQuerySchema = z.object({
  id: z.uuid(),
  /** `red`: the red-letter invoice that reversed it. */
  copy: z.enum(['blue', 'red']).default('blue'),
});
export const invoiceTitleIdSchema = z.object({ id: z.uuid() });

/** An invoice's steps: issued by the e-invoice service, or reversed by a red-letter invoice once its ticket is refunded or changed. */
export const INVOICE_TRANSITIONS: ReadonlyMap<InvoiceStatus, readonly InvoiceStatus[]> = new Map<
  InvoiceStatus,
  InvoiceStatus[]
>([
  ['issuing', ['issued', 'reversing']],
  ['issued', ['reversing']],
  ['reversing', ['reversed']],
  ['reversed', []],
]);
