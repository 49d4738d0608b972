import { orderInvoicesSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { changeSuite } from './change-client';
import { payOrder } from './paid-order';

const { t, k, clock } = changeSuite();

describe('an order whose ticket was changed', () => {
  it('to a dearer train: shows the difference paid and the total paid in all, and one voucher for the live ticket', async () => {
    clock.reset();
    const { cookie, order, old, target: dearer } = await k.trainToChange('dearer', clock.tick);
    const before = await k.order(cookie, order.id);
    expect(before.changeMoney).toBeNull();
    const q = await k.quote(cookie, order.id, old, dearer);
    expect(q.due.amount).toBeGreaterThan(0);
    expect((await k.confirm(cookie, q, dearer)).statusCode).toBe(200);
    expect(await payOrder(t, cookie, order.id)).toBe(true);
    clock.tick();
    await k.runJobs(10);

    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.changeMoney).toEqual({
      difference: { amount: q.due.amount, currency: 'CNY' },
      refund: { amount: 0, currency: 'CNY' },
      total: { amount: before.breakdown.totalMinor + q.due.amount, currency: 'CNY' },
    });
    // The changed ticket has no document of its own: only its replacement has one.
    const invoices = orderInvoicesSchema.parse((await k.get(cookie, `/api/invoices?orderId=${order.id}`)).json());
    expect(invoices.available.filter((d) => d.kind === 'railVoucher').map((d) => d.count)).toEqual([1]);
    // The service fee was paid once, with the booking: its invoice is for that fee, once.
    const fees = before.breakdown.serviceFees.reduce((sum, f) => sum + f.totalMinor, 0);
    expect(fees).toBeGreaterThan(0);
    expect(invoices.available.filter((d) => d.kind === 'serviceFee').map((d) => d.amount.amount)).toEqual([fees]);
  }, 180_000);

  it('to a cheaper train: shows what came back as its own line and the total less it', async () => {
    clock.reset();
    const { cookie, order, old, target: cheaper } = await k.trainToChange('cheaper', clock.tick);
    const before = await k.order(cookie, order.id);
    const q = await k.quote(cookie, order.id, old, cheaper);
    expect(q.refund.amount).toBeGreaterThan(0);
    expect((await k.confirm(cookie, q, cheaper)).statusCode).toBe(200);
    clock.tick();
    await k.runJobs(10);

    const after = await k.order(cookie, order.id);
    expect(after.changeMoney).toEqual({
      difference: { amount: 0, currency: 'CNY' },
      refund: { amount: q.refund.amount, currency: 'CNY' },
      total: { amount: before.breakdown.totalMinor - q.refund.amount, currency: 'CNY' },
    });
  }, 180_000);
});
