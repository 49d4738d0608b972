import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** One line of an invoice: what was sold, its amount with tax included, the rate and the tax. */
export type InvoiceLine = { item: string; amountMinor: number; rateBasisPoints: number; taxMinor: number };

export type InvoicesTable = {
  id: Generated<string>;
  orderId: string;
  userId: string;
  kind: 'serviceFee' | 'railVoucher' | 'airItinerary';
  subOrderId: string | null;
  travellerPosition: number | null;
  travellerName: string | null;
  service: string | null;
  titleKind: 'personal' | 'company';
  titleName: string;
  creditCode: string | null;
  email: string;
  lines: ColumnType<InvoiceLine[], string, string>;
  amountMinor: number;
  taxMinor: number;
  status: 'issuing' | 'issued' | 'reversing' | 'reversed';
  number: string | null;
  issuedAt: Timestamp | null;
  pdf: Buffer | null;
  redNumber: string | null;
  redIssuedAt: Timestamp | null;
  redPdf: Buffer | null;
  redReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type InvoiceTitlesTable = {
  id: Generated<string>;
  userId: string;
  kind: 'personal' | 'company';
  name: string;
  creditCode: string | null;
  createdAt: Timestamp;
};

/** The simulated national e-invoice service's register (its own table; ours never read it). */
export type SimEinvoicesTable = {
  requestKey: string;
  number: string;
  colour: 'blue' | 'red';
  originalNumber: string | null;
  sellerCode: string;
  buyerName: string;
  buyerCode: string | null;
  totalMinor: number;
  taxMinor: number;
  document: ColumnType<unknown, string, string>;
  pdf: Buffer;
  issuedAt: Timestamp;
};

export type InvoicesTables = {
  invoices: InvoicesTable;
  invoiceTitles: InvoiceTitlesTable;
  simEinvoices: SimEinvoicesTable;
};
