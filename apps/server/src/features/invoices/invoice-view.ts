import type { Invoice, InvoiceDocumentKind, OrderInvoices } from '@junction/domain';
import type { InvoiceDocument } from './invoice-documents';
import type { InvoiceRow } from './invoices.repository';

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    travellerName: row.travellerName,
    service: row.service,
    title: { kind: row.titleKind, name: row.titleName, creditCode: row.creditCode },
    email: row.email,
    amount: cny(row.amountMinor),
    tax: cny(row.taxMinor),
    number: row.number,
    issuedAt: iso(row.issuedAt),
    reversal:
      row.redNumber && row.redIssuedAt ? { number: row.redNumber, issuedAt: iso(row.redIssuedAt) as string } : null,
  };
}

/** An order's invoices, and what a request would issue while none has been made. */
export function orderInvoicesView(rows: InvoiceRow[], documents: InvoiceDocument[], open: boolean): OrderInvoices {
  const kinds = new Map<InvoiceDocumentKind, { count: number; amount: number }>();
  for (const d of documents) {
    const k = kinds.get(d.kind) ?? { count: 0, amount: 0 };
    kinds.set(d.kind, { count: k.count + 1, amount: k.amount + d.amountMinor });
  }
  const canRequest = open && rows.length === 0 && documents.length > 0;
  return {
    canRequest,
    available: canRequest ? [...kinds].map(([kind, k]) => ({ kind, count: k.count, amount: cny(k.amount) })) : [],
    items: rows.map(invoiceView),
  };
}

/** The PDF's file name: the kind and the e-invoice number. */
export const invoiceFileName = (kind: InvoiceDocumentKind, number: string, red: boolean) =>
  `${red ? 'red-' : ''}${{ serviceFee: 'invoice', railVoucher: 'rail-voucher', airItinerary: 'e-ticket-itinerary' }[kind]}-${number}.pdf`;

/** The link of an invoice's PDF, as a sub-order's receipt shows it. */
export const invoiceFileUrl = (id: string) => `/api/invoice/pdf?id=${id}`;
