import { ORDER_STATUS, SUB_ORDER_STATUS } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canInvoice, type InvoiceableOrder, invoiceDocuments } from './invoice-documents';

const order = (over: Partial<InvoiceableOrder> = {}): InvoiceableOrder => ({
  id: 'o',
  userId: 'u',
  orderNumber: 'J1',
  status: ORDER_STATUS.TICKETED,
  subOrders: [
    {
      id: 'train',
      type: 'railway',
      status: SUB_ORDER_STATUS.TICKETED,
      service: 'G1',
      segments: 1,
      shares: [
        { priceMinor: 56300, serviceFeeMinor: 1000 },
        { priceMinor: 28650, serviceFeeMinor: 1000 },
      ],
    },
    {
      id: 'flight',
      type: 'flight',
      status: SUB_ORDER_STATUS.TICKETED,
      service: 'MU5101',
      segments: 1,
      shares: [
        { priceMinor: 120000, serviceFeeMinor: 0 },
        { priceMinor: 12000, serviceFeeMinor: 0 },
      ],
    },
  ],
  travellers: [
    { position: 0, name: '张伟', airType: 'ADULT' },
    { position: 1, name: '张小宝', airType: 'INFANT' },
  ],
  refunded: [],
  ...over,
});

describe('invoiceDocuments', () => {
  it('makes one service fee invoice, a voucher per train ticket and an itinerary per flight ticket', () => {
    const docs = invoiceDocuments(order());
    expect(docs.map((d) => [d.kind, d.service, d.travellerName, d.amountMinor])).toEqual([
      ['serviceFee', null, null, 2000],
      ['railVoucher', 'G1', '张伟', 55300],
      ['railVoucher', 'G1', '张小宝', 27650],
      ['airItinerary', 'MU5101', '张伟', 120000],
      ['airItinerary', 'MU5101', '张小宝', 12000],
    ]);
    // The service fee at 6 %, a fare at 9 %; a flight's airport charges untaxed, none for an infant.
    expect(docs[0]?.taxMinor).toBe(113);
    expect(docs[1]?.lines).toEqual([
      { item: '*运输服务*铁路旅客运输服务', amountMinor: 55300, rateBasisPoints: 900, taxMinor: 4566 },
    ]);
    expect(docs[3]?.lines.map((l) => [l.amountMinor, l.rateBasisPoints])).toEqual([
      [115000, 900],
      [5000, 0],
    ]);
    expect(docs[4]?.lines.map((l) => [l.amountMinor, l.rateBasisPoints])).toEqual([[12000, 900]]);
  });

  it('leaves out tickets refunded or being refunded, but keeps the service fee, which is not refunded', () => {
    const docs = invoiceDocuments(
      order({
        refunded: [
          { subOrderId: 'train', travellerPosition: 1 },
          { subOrderId: 'flight', travellerPosition: null },
        ],
      }),
    );
    expect(docs.map((d) => [d.kind, d.travellerName])).toEqual([
      ['serviceFee', null],
      ['railVoucher', '张伟'],
    ]);
    expect(docs[0]?.amountMinor).toBe(2000);
  });

  it('is requested only once the tickets stand', () => {
    expect(canInvoice(ORDER_STATUS.TICKETED)).toBe(true);
    expect(canInvoice(ORDER_STATUS.COMPLETED)).toBe(true);
    for (const s of [ORDER_STATUS.PAID, ORDER_STATUS.TICKETING, ORDER_STATUS.REFUNDED, ORDER_STATUS.WAIT_PAYMENT]) {
      expect(canInvoice(s)).toBe(false);
    }
  });

  it("invoices exactly what each standing ticket's traveller paid, each line's tax within its amount", () => {
    const share = fc
      .record({ priceMinor: fc.integer({ min: 0, max: 500_000 }), serviceFeeMinor: fc.integer({ min: 0, max: 3000 }) })
      .filter((s) => s.serviceFeeMinor <= s.priceMinor);
    fc.assert(
      fc.property(fc.array(share, { minLength: 1, maxLength: 4 }), fc.boolean(), (shares, rail) => {
        const o = order({
          subOrders: [
            {
              id: 's',
              type: rail ? 'railway' : 'flight',
              status: SUB_ORDER_STATUS.TICKETED,
              service: 'X',
              segments: 2,
              shares,
            },
          ],
          travellers: shares.map((_, position) => ({ position, name: `T${position}`, airType: 'ADULT' })),
        });
        const docs = invoiceDocuments(o);
        const total = docs.reduce((s, d) => s + d.amountMinor, 0);
        expect(total).toBe(shares.reduce((s, x) => s + x.priceMinor, 0));
        for (const d of docs) {
          expect(d.lines.reduce((s, l) => s + l.amountMinor, 0)).toBe(d.amountMinor);
          for (const l of d.lines) expect(l.taxMinor).toBeLessThanOrEqual(l.amountMinor);
        }
      }),
    );
  });
});
