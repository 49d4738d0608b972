import { describe, expect, it } from 'vitest';
import { changeRefundTo } from './change-refund';
import type { ReceiptPayment } from './fulfilment.schema';

const paid = (p: Partial<ReceiptPayment> & Pick<ReceiptPayment, 'method'>, amount: number): ReceiptPayment => ({
  purpose: 'order',
  brand: null,
  last4: null,
  paidAt: '2026-11-22T04:00:00.000Z',
  ...p,
  amount: { amount, currency: 'CNY' },
});

describe('where a change refund goes back', () => {
  it('is the order payment that can take it, the card by its last four digits', () => {
    const card = paid({ method: 'card', brand: 'visa', last4: '4242' }, 50_000);
    expect(changeRefundTo([card], 3_000)).toEqual({ method: 'card', last4: '4242' });
    expect(changeRefundTo([paid({ method: 'alipay' }, 10_000), card], 20_000)).toEqual({
      method: 'card',
      last4: '4242',
    });
    // A difference paid for an earlier change is not where a cheaper change's refund goes.
    const difference = paid({ method: 'wechat', purpose: 'difference' }, 90_000);
    expect(changeRefundTo([difference, paid({ method: 'wallet' }, 10_000)], 5_000)).toEqual({
      method: 'wallet',
      last4: null,
    });
    expect(changeRefundTo([], 5_000)).toBeNull();
  });
});
