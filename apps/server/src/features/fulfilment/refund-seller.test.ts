import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { SubOrderRow } from './fulfilment.repository';
import type { SellerRefunds } from './ports';
import { SELLER_QUOTE, sellerFees } from './refund-seller';
import { type OrderTraveller, ticketsOf } from './refund-tickets';

const traveller = (position: number): OrderTraveller => ({
  position,
  name: `T${position}`,
  airType: 'ADULT',
  railType: null,
});

function flight(prices: number[], over: Partial<SubOrderRow> = {}): SubOrderRow {
  return {
    id: 'sub-1',
    type: 'flight',
    supplier: 'duffel',
    status: '5',
    legs: [0],
    priceMinor: prices.reduce((s, p) => s + p, 0),
    paidMinor: null,
    serviceFeeMinor: null,
    travellerPrices: prices.map((priceMinor) => ({ priceMinor, serviceFeeMinor: 0 })),
    ...over,
  } as SubOrderRow;
}

const seller = (refundMinor: number | undefined): SellerRefunds & { cancel: ReturnType<typeof vi.fn> } => ({
  quote: vi.fn(async () => (refundMinor === undefined ? undefined : { refundMinor })),
  cancel: vi.fn(async () => undefined),
});
const notDeparted = () => false;

describe('a flight seller that quotes its own refund', () => {
  it('prices every ticket of its booking by its quote, shared by what each paid and adding up to it to the fen', async () => {
    const travellers = [traveller(0), traveller(1), traveller(2)];
    const sub = flight([100_00, 100_00, 50_01]);
    const tickets = ticketsOf(sub, travellers);
    const fees = await sellerFees(seller(200_00), tickets, travellers, notDeparted);
    const refunds = tickets.map((t) => fees.get(t));
    expect(refunds.map((f) => f?.rule)).toEqual([SELLER_QUOTE, SELLER_QUOTE, SELLER_QUOTE]);
    expect(refunds.map((f) => f?.refundMinor)).toEqual([80_00, 79_99, 40_01]);
    expect(refunds.map((f) => f?.feeMinor)).toEqual([20_00, 20_01, 10_00]);
  });

  it('refuses a refund of some of its booking’s tickets, since the seller cancels only the whole booking', async () => {
    const travellers = [traveller(0), traveller(1)];
    const sub = flight([100_00, 100_00]);
    const first = ticketsOf(sub, travellers).slice(0, 1);
    await expect(sellerFees(seller(150_00), first, travellers, notDeparted)).rejects.toMatchObject({
      code: 'REFUND_NOT_ALLOWED',
      extra: { params: { reason: 'whole-booking' } },
    });
  });

  it('refuses a booking that gives nothing back, and answers partner unavailable when the seller does not', async () => {
    const travellers = [traveller(0)];
    const tickets = ticketsOf(flight([100_00]), travellers);
    await expect(sellerFees(seller(0), tickets, travellers, notDeparted)).rejects.toMatchObject({
      code: 'REFUND_NOT_ALLOWED',
      extra: { params: { reason: 'not-refundable' } },
    });
    const down: SellerRefunds = { quote: async () => Promise.reject(new Error('502')), cancel: async () => {} };
    await expect(sellerFees(down, tickets, travellers, notDeparted)).rejects.toMatchObject({
      code: 'PARTNER_UNAVAILABLE',
    });
  });

  it('leaves other sellers, trains and departed flights to our fare rules, without asking the seller', async () => {
    const travellers = [traveller(0), traveller(1)];
    const none = seller(undefined);
    const simulated = ticketsOf(flight([100_00, 100_00], { supplier: 'sim-a' }), travellers);
    expect((await sellerFees(none, simulated.slice(0, 1), travellers, notDeparted)).size).toBe(0);
    const asked = seller(150_00);
    const train = ticketsOf(flight([100_00, 100_00], { type: 'railway', supplier: null }), travellers);
    expect((await sellerFees(asked, train, travellers, notDeparted)).size).toBe(0);
    const gone = ticketsOf(flight([100_00, 100_00]), travellers);
    expect((await sellerFees(asked, gone, travellers, () => true)).size).toBe(0);
    expect(asked.quote).not.toHaveBeenCalled();
  });

  it('gives back exactly what the seller returns, never more than was paid, no ticket below nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        async (prices, back) => {
          const travellers = prices.map((_, i) => traveller(i));
          const tickets = ticketsOf(flight(prices), travellers);
          const fees = [...(await sellerFees(seller(back), tickets, travellers, notDeparted)).values()];
          const paid = prices.reduce((s, p) => s + p, 0);
          expect(fees.reduce((s, f) => s + f.refundMinor, 0)).toBe(Math.min(paid, back));
          for (const f of fees) {
            expect(f.refundMinor).toBeGreaterThanOrEqual(0);
            expect(f.feeMinor).toBeGreaterThanOrEqual(0);
          }
          tickets.forEach((t) => {
            const f = fees[tickets.indexOf(t)];
            expect((f?.refundMinor ?? 0) + (f?.feeMinor ?? 0)).toBe(t.paid);
          });
        },
      ),
    );
  });
});
