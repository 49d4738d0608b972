import {
  AIR_TAX_PER_SEGMENT_MINOR,
  INVOICE_TAX_RATES,
  type InvoiceDocumentKind,
  ORDER_STATUS,
  type OrderStatus,
  SUB_ORDER_STATUS,
  type SubOrderStatus,
  splitTax,
} from '@junction/domain';
import type { InvoiceLine } from '../../db/database';

/** What the documents of an order are made from: its status, tickets, travellers and refunds. */
export type InvoiceableOrder = {
  id: string;
  userId: string;
  orderNumber: string;
  status: OrderStatus;
  subOrders: {
    id: string;
    type: 'flight' | 'railway';
    status: SubOrderStatus;
    service: string;
    /** Flight segments on the ticket (the airport charges are per segment). */
    segments: number;
    /** Each traveller's part of the price and of our service fee, by position. */
    shares: { priceMinor: number; serviceFeeMinor: number }[];
  }[];
  travellers: { position: number; name: string; airType: string }[];
  /** Tickets being refunded or refunded: by sub-order, and traveller (null: everyone on it). */
  refunded: { subOrderId: string; travellerPosition: number | null }[];
};

export type InvoiceDocument = {
  kind: InvoiceDocumentKind;
  subOrderId: string | null;
  travellerPosition: number | null;
  travellerName: string | null;
  service: string | null;
  lines: InvoiceLine[];
  amountMinor: number;
  taxMinor: number;
};

/** An order's tickets stand once it is ticketed or completed: then its documents may be requested. */
export const canInvoice = (status: OrderStatus): boolean =>
  status === ORDER_STATUS.TICKETED || status === ORDER_STATUS.COMPLETED;

/** Tickets that get documents: issued ones. A changed ticket has none of its own, its replacement has them. */
const STANDING: readonly SubOrderStatus[] = [SUB_ORDER_STATUS.TICKETED];

const line = (item: string, amountMinor: number, rateBasisPoints: number): InvoiceLine => ({
  item,
  amountMinor,
  rateBasisPoints,
  taxMinor: splitTax(amountMinor, rateBasisPoints).taxMinor,
});

const documentOf = (
  d: Omit<InvoiceDocument, 'amountMinor' | 'taxMinor' | 'lines'>,
  lines: InvoiceLine[],
): InvoiceDocument => {
  const kept = lines.filter((l) => l.amountMinor > 0);
  return {
    ...d,
    lines: kept,
    amountMinor: kept.reduce((s, l) => s + l.amountMinor, 0),
    taxMinor: kept.reduce((s, l) => s + l.taxMinor, 0),
  };
};

/**
 * The documents an order's request issues: one invoice for all our service fees (kept when a ticket is
 * refunded, so it stands for every ticket sold), a reimbursement voucher per standing train ticket (its
 * fare, at the transport rate) and an electronic itinerary per standing flight ticket (its fare at the
 * transport rate, the airport charges untaxed). Tickets changed (their replacements have them), refunded
 * or being refunded, and free tickets, have none. Item names are as the national e-invoice service lists them.
 */
export function invoiceDocuments(order: InvoiceableOrder): InvoiceDocument[] {
  const docs: InvoiceDocument[] = [];
  const nameOf = (p: number) => order.travellers.find((t) => t.position === p);
  const refunded = (sub: string, p: number) =>
    order.refunded.some((r) => r.subOrderId === sub && (r.travellerPosition === null || r.travellerPosition === p));
  let fees = 0;
  for (const sub of order.subOrders) {
    // A changed ticket's service fee went with it to its replacement, which counts it.
    if (sub.status === SUB_ORDER_STATUS.CANCELLED || sub.status === SUB_ORDER_STATUS.CHANGED || sub.status === null)
      continue;
    sub.shares.forEach((share, p) => {
      fees += share.serviceFeeMinor;
      if (!STANDING.includes(sub.status) || refunded(sub.id, p)) return;
      const fare = share.priceMinor - share.serviceFeeMinor;
      const traveller = nameOf(p);
      const base = {
        subOrderId: sub.id,
        travellerPosition: p,
        travellerName: traveller?.name ?? null,
        service: sub.service,
      };
      if (sub.type === 'railway') {
        docs.push(
          documentOf({ kind: 'railVoucher', ...base }, [
            line('*运输服务*铁路旅客运输服务', fare, INVOICE_TAX_RATES.transport),
          ]),
        );
        return;
      }
      const charges =
        traveller?.airType === 'INFANT' ? 0 : Math.min(AIR_TAX_PER_SEGMENT_MINOR * sub.segments, Math.floor(fare / 4));
      docs.push(
        documentOf({ kind: 'airItinerary', ...base }, [
          line('*运输服务*航空旅客运输服务', fare - charges, INVOICE_TAX_RATES.transport),
          line('*运输服务*民航发展基金及机场建设费', charges, INVOICE_TAX_RATES.untaxed),
        ]),
      );
    });
  }
  if (fees > 0) {
    const service = { subOrderId: null, travellerPosition: null, travellerName: null, service: null };
    docs.unshift(
      documentOf({ kind: 'serviceFee', ...service }, [
        line('*经纪代理服务*代订服务费', fees, INVOICE_TAX_RATES.serviceFee),
      ]),
    );
  }
  return docs.filter((d) => d.amountMinor > 0);
}
