import { describe, expect, it, vi } from 'vitest';
import { payableOrders } from './payable-orders';

describe('the orders payments move', () => {
  it('are found for paying and stepped in the payment’s own transaction', async () => {
    const orders = {
      forPayment: vi.fn(async () => undefined),
      startPayment: vi.fn(async () => true),
      endPayment: vi.fn(async () => false),
      markPaid: vi.fn(async () => true),
      markHeld: vi.fn(async () => true),
      markWaitlistReleased: vi.fn(async () => false),
    };
    const port = payableOrders(orders as never);
    const trx = {} as never;
    const at = new Date(0);
    expect(await port.find('o-1', 'u-1')).toBeUndefined();
    expect(await port.startPayment(trx, 'o-1', at)).toBe(true);
    expect(await port.endPayment(trx, 'o-1', at)).toBe(false);
    const paid = { orderId: 'o-1', purpose: 'order' as never, amountMinor: 100, attemptId: 'a-1', at };
    expect(await port.markPaid(trx, paid)).toBe(true);
    expect(await port.markHeld(trx, { orderId: 'o-1', amountMinor: 100, attemptId: 'a-1', at })).toBe(true);
    expect(await port.markWaitlistReleased(trx, { orderId: 'o-1', refunded: true, at })).toBe(false);
    expect(orders.forPayment).toHaveBeenCalledWith('o-1', 'u-1');
    expect(orders.startPayment).toHaveBeenCalledWith(trx, 'o-1', at);
    expect(orders.markPaid).toHaveBeenCalledWith(trx, paid);
    expect(orders.markWaitlistReleased).toHaveBeenCalledWith(trx, { orderId: 'o-1', refunded: true, at });
  });
});
