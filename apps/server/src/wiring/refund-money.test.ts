import { describe, expect, it, vi } from 'vitest';
import { refundMoney } from './refund-money';

describe('a traveller’s refund', () => {
  it('pays the amount back through payments with its idempotency key and says to which channel', async () => {
    const refund = vi.fn(async () => ({ channel: 'wallet' as const }));
    const pay = refundMoney({ refund } as never);
    const answer = await pay({
      orderId: 'o-1',
      subOrderId: 's-1',
      userId: 'u-1',
      amountMinor: 12_345,
      idempotencyKey: 'r-1',
    });
    expect(answer).toEqual({ channel: 'wallet' });
    expect(refund).toHaveBeenCalledWith({ orderId: 'o-1', subOrderId: 's-1', amount: 12_345, idempotencyKey: 'r-1' });
  });
});
