import { describe, expect, it, vi } from 'vitest';
import { invoiceReversal } from './invoice-reversal';

describe('invoice reversal', () => {
  it("passes a refunded or changed ticket to the invoices' reversal in the caller's transaction", async () => {
    const reverseTickets = vi.fn(async () => 1);
    const release = invoiceReversal({ reverseTickets });
    const trx = { a: 'transaction' } as never;
    await release(trx, { orderId: 'o-1', subOrderId: 's-1', travellerPosition: 0, reason: 'refunded' });
    await release(trx, { orderId: 'o-1', subOrderId: 's-2', travellerPosition: null, reason: 'changed' });
    expect(reverseTickets.mock.calls).toEqual([
      [trx, { orderId: 'o-1', subOrderId: 's-1', travellerPosition: 0, reason: 'refunded' }],
      [trx, { orderId: 'o-1', subOrderId: 's-2', travellerPosition: null, reason: 'changed' }],
    ]);
  });
});
