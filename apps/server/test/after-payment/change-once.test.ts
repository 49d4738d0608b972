import { randomUUID } from 'node:crypto';
import { apiErrorSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { chargedFor } from '../../src/features/payment/payment.test-support';
import { changeSuite, QUICK_CHANGES } from './change-client';

const { t, k, clock } = changeSuite({ ...QUICK_CHANGES, PAYMENT_SETTLE_AFTER_MS: '0' });

describe('one change, one payment of its difference', () => {
  it('50 confirmations of one quote at once make one change, hold its seats once, and its difference is captured once by card out of 50 payments', async () => {
    clock.reset();
    const { cookie, order, old, target: dearer } = await k.trainToChange('dearer', clock.tick);
    const q = await k.quote(cookie, order.id, old, dearer);
    expect(q.due.amount).toBeGreaterThan(0);

    const confirmations = await Promise.all(Array.from({ length: 50 }, () => k.confirm(cookie, q, dearer)));
    expect(confirmations.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = confirmations.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, apiErrorSchema.parse(r.json()).errorCode])).toEqual(
      Array(49).fill([422, 2207]),
    );
    const changes = await t.db.selectFrom('ticketChanges').selectAll().where('orderId', '=', order.id).execute();
    expect(changes).toHaveLength(1);
    const seatKey = changes[0]?.seatKey as string;
    const holds = await t.db.selectFrom('seatHolds').selectAll().where('orderId', '=', order.id).execute();
    expect(holds.filter((h) => h.stockKey === seatKey && h.releasedAt === null)).toHaveLength(1);
    const stock = await t.db.selectFrom('seatStock').select('held').where('key', '=', seatKey).executeTakeFirst();
    expect(Number(stock?.held)).toBe(1);
    expect((await k.order(cookie, order.id)).status).toBe(1);

    // The difference, paid by card 50 times at once: half with one payment key, half each with its own.
    const token = () => k.cardToken(cookie, TEST_CARDS.visa);
    const shared = { token: await token(), key: randomUUID() };
    const own = await Promise.all(
      Array.from({ length: 25 }, async () => ({ token: await token(), key: randomUUID() })),
    );
    const payments = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const p = i % 2 === 0 ? shared : (own[(i - 1) / 2] as typeof shared);
        return t.app.inject({
          method: 'POST',
          url: '/api/order/pay',
          payload: { orderId: order.id, method: { kind: 'card', token: p.token } },
          headers: { cookie, 'idempotency-key': p.key },
        });
      }),
    );
    expect(payments.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of payments.filter((x) => x.statusCode !== 200))
      expect([2000, 2102]).toContain(apiErrorSchema.parse(r.json()).errorCode);
    const money = await chargedFor(t.db, order.id);
    expect(money).toEqual({ captured: q.due.amount, refunded: 0, captures: 1 });
    const attempts = await t.db.selectFrom('paymentAttempts').select('state').where('orderId', '=', order.id).execute();
    expect(attempts.filter((a) => a.state === 'succeeded')).toHaveLength(2); // the fare from the wallet, the difference by card

    clock.tick();
    await k.runJobs();
    const after = await k.order(cookie, order.id);
    expect(after.status).toBe(5);
    expect(after.priceDifference).toBeNull();
    const newSub = after.subOrders.find((s) => s.id === changes[0]?.newSubOrderId);
    expect(newSub).toMatchObject({ status: 5, flightNumber: dearer.legs[0]?.number });
  }, 180_000);
});
