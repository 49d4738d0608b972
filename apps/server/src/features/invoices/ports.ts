import type { InvoiceLine } from '../../db/database';

/** What an invoice is asked for: the buyer, the lines with their tax, and a remark (order, traveller, trip). */
export type EInvoiceRequest = {
  /** One invoice per key: asking again with the same key answers the invoice already issued. */
  requestKey: string;
  /** 普通发票, or the kinds with their own layout: the railway's and the airline's electronic tickets. */
  layout: 'general' | 'rail' | 'air';
  buyer: { name: string; creditCode: string | null };
  lines: InvoiceLine[];
  remark: string;
};

export type IssuedEInvoice = { number: string; issuedAt: Date; pdf: Buffer };

/**
 * The national e-invoice service (全电发票 / 数电票) through the seller's account: issues an invoice with a
 * 20-digit number and its PDF, and reverses one with a red-letter invoice (红字发票) of the same amounts
 * negated. Both are idempotent by request key. The simulator (`einvoice/simulator.ts`) is the default.
 */
export interface EInvoiceService {
  issue(request: EInvoiceRequest): Promise<IssuedEInvoice>;
  reverse(request: { requestKey: string; originalNumber: string; reason: string }): Promise<IssuedEInvoice>;
}

/** A mail with attachments (the account feature's SMTP mailer, composed in `app.ts`). */
export type InvoiceMail = (mail: {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}) => Promise<void>;
