import { noticePageSchema, orderFulfilmentSchema, refundFailedOf, refundSchema } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import type { ChatTables } from '../src/features/chat/chat.tables';
import type { PaymentGateway } from '../src/features/payment/gateway/gateway';
import { PaymentContext, type PaymentsOptions } from '../src/features/payment/payment.context';
import { PaymentsRepository, type RefundRow } from '../src/features/payment/payment.repository';
import { PaymentRefunds, RefundUndecided } from '../src/features/payment/payment-refunds';
import type { PayableOrders } from '../src/features/payment/ports';
import { paidWithClosingCard as closingCard, REFUNDS_AT, refundingSuite } from './support/closing-card';
import { runAllJobs } from './support/jobs';
import { refundAtQuote } from './support/refund-at-quote';

/*
 * An order's refund the card processor answers failed (the card closed or replaced): recorded `failed` once
 * with its event, never sent again, the traveller told in their language by notice, e-mail and SMS, the money
 * put before customer service once, and the order's refund read as failed, never as refunded. A refund the
 * processor has not decided is asked again under the same key.
 */

const { t, p, now } = refundingSuite();

const paidWithClosingCard = (language: 'en' | 'zh-CN') => closingCard(t, p, language);

/** The notices of one order the traveller reads. */
async function told(orderId: string) {
  const page = noticePageSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/notifications?pageSize=50', headers: { cookie: p.cookie } })).json(),
  );
  return page.items.filter((n) => n.orderId === orderId).map((n) => ({ kind: n.kind, params: n.params }));
}

/** The agents' queue as the database holds it: the traveller's conversation and an order's failed refunds. */
async function atDesk(userId: string, orderNumber: string) {
  const rows = await (t.db as unknown as Kysely<Database & ChatTables>)
    .selectFrom('chatMessages as m')
    .innerJoin('chatConversations as c', 'c.id', 'm.conversationId')
    .select(['c.status', 'm.text', 'm.sender'])
    .where('c.userId', '=', userId)
    .where('m.event', '=', 'refundFailed')
    .execute();
  return rows
    .map((r) => ({ status: r.status, sender: r.sender, ...refundFailedOf(r.text) }))
    .filter((r) => r.orderNumber === orderNumber);
}

const refundEvents = async (refundId: string) =>
  (
    await t.db
      .selectFrom('paymentEvents')
      .select(['kind', 'fromState', 'toState'])
      .where('refundId', '=', refundId)
      .orderBy('id')
      .execute()
  ).map((e) => [e.kind, e.fromState, e.toState]);

/** How many refunds the processor was asked to make for an order (its own table). */
const askedOfProcessor = async (orderId: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from gateway_sim_refunds r
      join gateway_sim_intents i on i.id = r.intent_id where i.metadata->>'orderId' = ${orderId}`.execute(t.db)
  ).rows[0]?.n;

const smsOf = (orderNumber: string) => t.sms.sent.filter((m) => m.text.includes(orderNumber));

describe("an order's refund the card processor answers failed", () => {
  it('reads as failed on the refund and the order, tells the traveller once, and goes to the agents', async () => {
    const { order, userId } = await paidWithClosingCard('en');
    await runAllJobs(t, 2);
    const sub = order.subOrders[0];
    if (!sub) throw new Error('no sub-order');
    const [made] = (await refundAtQuote(t, p.cookie, { orderId: order.id, subOrderId: sub.id })).refunds;
    if (!made) throw new Error('no refund');
    await runAllJobs(t, 3);

    const refund = refundSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/refund?id=${made.id}`, headers: { cookie: p.cookie } })).json(),
    );
    expect(refund.moneyBack).toBe('failed');
    const page = orderFulfilmentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/order/fulfilment?id=${order.id}`,
          headers: { cookie: p.cookie },
        })
      ).json(),
    );
    expect(page.refunds.map((r) => r.moneyBack)).toEqual(['failed']);
    expect(page.receipt?.refunded.amount).toBe(0);

    const notices = await told(order.id);
    expect(notices.filter((n) => n.kind === 'refund-done')).toEqual([]);
    expect(notices.filter((n) => n.kind === 'payment-refund-failed')).toEqual([
      {
        kind: 'payment-refund-failed',
        params: { orderNumber: order.orderNumber, amountMinor: refund.refunded.amount, channel: 'card', last4: '5126' },
      },
    ]);
    const sms = smsOf(order.orderNumber).filter((m) => m.text.includes('could not be made'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('could not be returned to the bank card ending 5126');
    expect(sms[0]?.text).toContain('customer service will contact you');
    expect(await atDesk(userId, order.orderNumber)).toEqual([
      {
        status: 'waiting',
        sender: 'system',
        amountMinor: refund.refunded.amount,
        last4: '5126',
        channel: 'card',
        orderNumber: order.orderNumber,
      },
    ]);
    expect(await askedOfProcessor(order.id)).toBe(1);
  });

  it('run by 50 jobs at once is recorded failed once, with one message to the traveller and one to the agents', async () => {
    const { order, userId } = await paidWithClosingCard('zh-CN');
    const repo = new PaymentsRepository(t.db);
    const [attempt] = await repo.succeededAttempts(order.id);
    if (!attempt) throw new Error('no payment');
    const refund = await repo.transaction((trx) =>
      repo.insertRefund(trx, {
        orderId: order.id,
        subOrderId: null,
        attemptId: attempt.id,
        idempotencyKey: `test-refund:${order.id}`,
        amountMinor: 12_300,
        channel: 'card',
        state: 'pending',
        createdAt: REFUNDS_AT,
        updatedAt: REFUNDS_AT,
      }),
    );
    await Promise.all(Array.from({ length: 50 }, () => t.app.payments.refundJob(refund.id)));
    // The sweep and the job again: nothing is sent, told or queued twice.
    await t.app.payments.reconcile(true);
    await t.app.payments.refundJob(refund.id);
    await runAllJobs(t, 2);

    expect((await repo.refund(refund.id))?.state).toBe('failed');
    expect(await refundEvents(refund.id)).toEqual([['refund_failed', 'pending', 'failed']]);
    expect(await askedOfProcessor(order.id)).toBe(1);
    const sms = smsOf(order.orderNumber).filter((m) => m.text.includes('退款未成功'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain(`订单 ${order.orderNumber} 退款未成功`);
    expect(sms[0]?.text).toContain('未能退回尾号 5126 的银行卡');
    expect(sms[0]?.text).toContain('客服将与您联系');
    expect(await atDesk(userId, order.orderNumber)).toHaveLength(1);
  });
});

describe("an order's refund the processor has not decided", () => {
  it('stays pending with no word to anyone and is asked again under the same key until it succeeds', async () => {
    const { order, userId } = await paidWithClosingCard('en');
    const repo = new PaymentsRepository(t.db);
    const [attempt] = await repo.succeededAttempts(order.id);
    if (!attempt) throw new Error('no payment');
    let answer: 'pending' | 'succeeded' = 'pending';
    const keys: string[] = [];
    const gateway = {
      refund: async (r: { idempotencyKey: string; intentId: string; amount: number }) => {
        keys.push(r.idempotencyKey);
        return { id: 're_1', intentId: r.intentId, amount: r.amount, status: answer };
      },
    } as unknown as PaymentGateway;
    const ctx = new PaymentContext(repo, {} as PayableOrders, gateway, {} as PaymentsOptions, now, {});
    const refunds = new PaymentRefunds(ctx);
    const pending: RefundRow = await repo.transaction((trx) =>
      repo.insertRefund(trx, {
        orderId: order.id,
        subOrderId: null,
        attemptId: attempt.id,
        idempotencyKey: `test-pending:${order.id}`,
        amountMinor: 5_000,
        channel: 'card',
        state: 'pending',
        createdAt: REFUNDS_AT,
        updatedAt: REFUNDS_AT,
      }),
    );
    await expect(refunds.send(pending)).rejects.toBeInstanceOf(RefundUndecided);
    await expect(refunds.send(pending)).rejects.toBeInstanceOf(RefundUndecided);
    expect((await repo.refund(pending.id))?.state).toBe('pending');
    answer = 'succeeded';
    expect((await refunds.send(pending)).state).toBe('succeeded');
    expect(new Set(keys)).toEqual(new Set([`refund:${pending.id}`]));
    expect(keys).toHaveLength(3);
    expect(await refundEvents(pending.id)).toEqual([['refunded', 'pending', 'succeeded']]);
    expect((await told(order.id)).filter((n) => n.kind === 'payment-refund-failed')).toEqual([]);
    expect(await atDesk(userId, order.orderNumber)).toEqual([]);
  });
});
