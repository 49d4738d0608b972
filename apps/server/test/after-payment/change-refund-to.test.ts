import { randomUUID } from 'node:crypto';
import { orderFulfilmentSchema, paymentStateSchema, type SearchResult, ticketChangeSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { noticeText } from '../../src/features/notifications/notifications.service';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { traveller } from '../booking-client';
import { refundAtQuote } from '../support/refund-at-quote';
import { changeSuite, QUICK_CHANGES } from './change-client';

const { t, k, clock } = changeSuite({ ...QUICK_CHANGES, PAYMENT_SETTLE_AFTER_MS: '0' });

/** Pays an order by card as the payment page does, with a card tokenised by the gateway's page. */
async function payByCard(cookie: string, orderId: string) {
  const token = await k.cardToken(cookie, TEST_CARDS.visa);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method: { kind: 'card', token } },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(paymentStateSchema.parse(res.json()).outcome).not.toBe('failed');
}

describe('where a change to a cheaper train refunds', () => {
  it('says how much comes back and to where, on the order and in the notice in both languages', async () => {
    clock.reset();
    const { cookie, order, old, target: cheaper } = await k.trainToChange('cheaper', clock.tick);
    const q = await k.quote(cookie, order.id, old, cheaper);
    expect(q.refund.amount).toBeGreaterThan(0);
    // The order was paid from the wallet: the quote and the confirmation say the refund goes back there.
    const wallet = { method: 'wallet', last4: null };
    expect(q.refundTo).toEqual(wallet);
    const confirmed = await k.confirm(cookie, q, cheaper);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ticketChangeSchema.parse(confirmed.json()).refundTo).toEqual(wallet);
    clock.tick();
    await k.runJobs(10);

    const seen = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(seen.changes.map((c) => [c.status, c.refund.amount, c.refundTo])).toEqual([
      ['done', q.refund.amount, wallet],
    ]);
    const notice = await t.db
      .selectFrom('notifications')
      .select('params')
      .where('orderId', '=', order.id)
      .where('kind', '=', 'change-refund-done')
      .executeTakeFirstOrThrow();
    const params = notice.params as Record<string, string | number>;
    expect(params).toMatchObject({ amountMinor: q.refund.amount, channel: 'wallet' });
    expect(noticeText('change-refund-done', params, 'en', '').body).toContain('refunded to your Junction wallet');
    expect(noticeText('change-refund-done', params, 'zh-CN', '').body).toContain('已退回至您的联程钱包');
  }, 180_000);

  it('is quoted to the payment the refund is then written against, after a traveller of a card-paid order was refunded', async () => {
    clock.reset();
    const cookie = await k.c.signUp();
    const list = k.byFare();
    // The dearest train, changed to the next cheaper one: a refund the card still has room for.
    const [booked, cheaper] = [list.at(-1) as SearchResult, list.at(-2) as SearchResult];
    const people = [
      await k.c.save(cookie, traveller('张伟', '1985-03-02', { phoneCountry: 'CN', phone: '13800138000' })),
      await k.c.save(cookie, traveller('李娜', '1987-06-18')),
    ];
    const order = await k.ticketedTrain(cookie, booked, people, clock.tick, (id) => payByCard(cookie, id));
    const sub = order.subOrders[0]?.id as string;

    // One traveller's ticket is refunded to the card first.
    await refundAtQuote(t, cookie, { orderId: order.id, traveller: 1 });
    await k.runJobs(10);
    const refunded = await t.db
      .selectFrom('paymentRefunds')
      .select('channel')
      .where('orderId', '=', order.id)
      .execute();
    expect(refunded).toEqual([{ channel: 'card' }]);

    const q = await k.quote(cookie, order.id, sub, cheaper);
    expect(q.refund.amount).toBeGreaterThan(0);
    expect(q.refundTo).toEqual({ method: 'card', last4: TEST_CARDS.visa.slice(-4) });
    const confirmed = await k.confirm(cookie, q, cheaper);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = ticketChangeSchema.parse(confirmed.json());
    clock.tick();
    await k.runJobs(10);

    const written = await t.db
      .selectFrom('paymentRefunds')
      .innerJoin('paymentAttempts', 'paymentAttempts.id', 'paymentRefunds.attemptId')
      .select(['paymentRefunds.channel', 'paymentAttempts.cardLast4', 'paymentRefunds.amountMinor'])
      .where('paymentRefunds.idempotencyKey', '=', `change-refund:${change.id}`)
      .executeTakeFirstOrThrow();
    expect({ method: written.channel, last4: written.cardLast4 }).toEqual(q.refundTo);
    expect(written.amountMinor).toBe(q.refund.amount);
    const seen = orderFulfilmentSchema.parse((await k.get(cookie, `/api/order/fulfilment?id=${order.id}`)).json());
    expect(seen.changes.map((c) => [c.status, c.refundTo])).toEqual([['done', q.refundTo]]);
  }, 180_000);
});
