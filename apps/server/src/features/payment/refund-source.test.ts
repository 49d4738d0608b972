import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refundSource } from './refund-source';

const paid = (id: string, method: string, amountMinor: number, refundedMinor = 0, purpose = 'order') => ({
  id,
  method,
  amountMinor,
  refundedMinor,
  purpose,
});

describe('the payment a refund goes back through', () => {
  it('is the first payment with enough left after its earlier refunds, the difference payment included', () => {
    const card = paid('card', 'card', 50_000, 45_000);
    const difference = paid('diff', 'wallet', 20_000, 0, 'difference');
    expect(refundSource([card, difference], 5_000)?.id).toBe('card');
    expect(refundSource([card, difference], 5_001)?.id).toBe('diff');
    expect(refundSource([card, difference], 20_001)).toBeUndefined();
  });

  it("is, for one purpose's money, the latest payment of that purpose", () => {
    const all = [
      paid('order', 'card', 50_000),
      paid('d1', 'alipay', 3_000, 0, 'difference'),
      paid('d2', 'wallet', 3_000, 0, 'difference'),
    ];
    expect(refundSource(all, 3_000, 'difference')?.id).toBe('d2');
    expect(refundSource(all, 3_001, 'difference')).toBeUndefined();
  });

  it('never picks a payment without enough left', () => {
    const payment = fc.record({
      id: fc.uuid(),
      method: fc.constantFrom('card', 'wallet', 'alipay', 'wechat'),
      amountMinor: fc.integer({ min: 1, max: 1_000_000 }),
      refundedMinor: fc.integer({ min: 0, max: 1_000_000 }),
      purpose: fc.constantFrom('order', 'difference'),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 5 }), fc.integer({ min: 1, max: 1_000_000 }), (all, amount) => {
        const chosen = refundSource(all, amount);
        const fits = all.filter((p) => p.amountMinor - p.refundedMinor >= amount);
        if (chosen) expect(chosen).toBe(fits[0]);
        else expect(fits).toEqual([]);
      }),
    );
  });
});
