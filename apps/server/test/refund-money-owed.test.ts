import {
  apiErrorSchema,
  noticePageSchema,
  ORDER_STATUS,
  orderFulfilmentSchema,
  owedRefundsSchema,
  refundFailedOf,
  refundSchema,
  SUB_ORDER_STATUS,
} from '@junction/domain';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import type { ChatTables } from '../src/features/chat/chat.tables';
import { signInAgent } from '../src/features/chat/chat.test-support';
import { FulfilmentRepository } from '../src/features/fulfilment/fulfilment.repository';
import { RefundsService } from '../src/features/fulfilment/refunds.service';
import { notify } from '../src/features/notifications/notifications.service';
import { refundMoney } from '../src/wiring/refund-money';
import { paidWithClosingCard, refundingSuite } from './support/closing-card';
import { runAllJobs } from './support/jobs';
import { refundAtQuote } from './support/refund-at-quote';

/*
 * A ticket refunded whose money the card processor refused to return (the card closed): the refund is `owed`,
 * never done, and its order never refunded, on the refund, the order page, the receipt and the order itself;
 * customer service's agent records it paid back another way, and only then is it done and the order refunded.
 * Once each, however many jobs or agents do it at the same time.
 */

const { t, p, now } = refundingSuite();
let agent = '';
beforeAll(async () => {
  agent = (await signInAgent(t, t.db, '小周')).cookie;
});

const get = (url: string, cookie = p.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie = p.cookie) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const paidBack = (id: string, cookie = agent) => post('/api/service/refunds-owed/paid-back', { id }, cookie);
const owedAtDesk = async () => owedRefundsSchema.parse((await get('/api/service/refunds-owed', agent)).json()).items;

/** An order paid with the card whose refunds the bank refuses, ticketed, its only ticket's refund asked for. */
async function refundAsked(language: 'en' | 'zh-CN') {
  const { order, userId } = await paidWithClosingCard(t, p, language);
  await runAllJobs(t, 2);
  const sub = order.subOrders[0];
  if (!sub) throw new Error('no sub-order');
  const [made] = (await refundAtQuote(t, p.cookie, { orderId: order.id, subOrderId: sub.id })).refunds;
  if (!made) throw new Error('no refund');
  return { order, userId, refundId: made.id };
}

const refundOf = async (id: string) => refundSchema.parse((await get(`/api/refund?id=${id}`)).json());
const pageOf = async (orderId: string) =>
  orderFulfilmentSchema.parse((await get(`/api/order/fulfilment?id=${orderId}`)).json());
const noticesOf = async (orderId: string) =>
  noticePageSchema
    .parse((await get('/notifications?pageSize=50')).json())
    .items.filter((n) => n.orderId === orderId)
    .map((n) => n.kind);
const refundSteps = async (refundId: string) =>
  (
    await t.db
      .selectFrom('refundEvents')
      .select(['fromStatus', 'toStatus'])
      .where('refundId', '=', refundId)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.fromStatus ?? ''}→${e.toStatus}`);
const orderRefundedEvents = async (orderId: string) =>
  (
    await t.db
      .selectFrom('orderEvents')
      .select('kind')
      .where('orderId', '=', orderId)
      .where('kind', '=', 'refunded')
      .execute()
  ).length;
const deskMatters = async (userId: string, orderNumber: string) =>
  (
    await (t.db as unknown as Kysely<Database & ChatTables>)
      .selectFrom('chatMessages as m')
      .innerJoin('chatConversations as c', 'c.id', 'm.conversationId')
      .select('m.text')
      .where('c.userId', '=', userId)
      .where('m.event', '=', 'refundFailed')
      .execute()
  ).filter((r) => refundFailedOf(r.text)?.orderNumber === orderNumber);

describe('a refund whose money the card processor refused', () => {
  it('stays owed, never done nor the order refunded, until an agent records it paid back', async () => {
    const { order, refundId } = await refundAsked('en');
    await runAllJobs(t, 3);

    const owed = await refundOf(refundId);
    expect(owed.status).toBe('owed');
    expect(owed.doneAt).toBeNull();
    expect(owed.moneyBack).toBe('failed');
    expect(owed.timeline.map((s) => s.status)).toEqual(['processing', 'owed']);
    const page = await pageOf(order.id);
    expect(page.refunds.map((r) => r.status)).toEqual(['owed']);
    expect(page.receipt?.refunded.amount).toBe(0);
    const before = await p.get(order.id);
    expect(before.status).not.toBe(ORDER_STATUS.REFUNDED);
    expect(before.subOrders.map((s) => s.status)).toEqual([SUB_ORDER_STATUS.REFUNDING]);
    expect(await noticesOf(order.id)).not.toContain('refund-done');
    expect((await owedAtDesk()).filter((r) => r.id === refundId)).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, refunded: owed.refunded, channel: 'card' }),
    ]);

    // Only an agent may record it paid back.
    const byTraveller = await paidBack(refundId, p.cookie);
    expect(apiErrorSchema.parse(byTraveller.json()).errorCode).toBe(7001);
    expect(apiErrorSchema.parse((await get('/api/service/refunds-owed')).json()).errorCode).toBe(7001);
    expect((await refundOf(refundId)).status).toBe('owed');

    const settled = await paidBack(refundId);
    expect(settled.statusCode, settled.body).toBe(200);
    await runAllJobs(t, 2);
    const done = await refundOf(refundId);
    expect(done.status).toBe('done');
    expect(done.channel).toBe('desk');
    expect(done.timeline.map((s) => s.status)).toEqual(['processing', 'owed', 'done']);
    expect((await pageOf(order.id)).receipt?.refunded.amount).toBe(done.refunded.amount);
    const after = await p.get(order.id);
    expect(after.status).toBe(ORDER_STATUS.REFUNDED);
    expect(after.subOrders.map((s) => s.status)).toEqual([SUB_ORDER_STATUS.REFUNDED]);
    const kinds = await noticesOf(order.id);
    expect(kinds.filter((k) => k === 'refund-paid-back')).toHaveLength(1);
    expect(kinds).not.toContain('refund-done');
    const sms = t.sms.sent.filter((m) => m.text.includes(`Refund completed for order ${order.orderNumber}`));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('has been returned to you by customer service');
    expect((await owedAtDesk()).filter((r) => r.id === refundId)).toEqual([]);
  });

  it('refuses a refund that is not owed, and one that does not exist', async () => {
    const { refundId } = await refundAsked('en');
    // Still processing: nothing to pay back yet.
    expect(apiErrorSchema.parse((await paidBack(refundId)).json()).errorCode).toBe(2202);
    expect(apiErrorSchema.parse((await paidBack('00000000-0000-4000-8000-00000000dead')).json()).errorCode).toBe(2203);
    await runAllJobs(t, 3);
    expect((await refundOf(refundId)).status).toBe('owed');
  });

  it('paid out by 50 jobs at once is owed once, then paid back by 50 clicks at once is done once', async () => {
    const { order, userId, refundId } = await refundAsked('zh-CN');
    const refunds = new RefundsService(
      new FulfilmentRepository(t.db),
      refundMoney(t.app.payments),
      notify,
      { refundDays: 7, refundProcessingSeconds: 0 },
      now,
    );
    await Promise.all(Array.from({ length: 50 }, () => refunds.payOut(refundId)));
    await runAllJobs(t, 3);
    expect(await refundSteps(refundId)).toEqual(['→processing', 'processing→owed']);
    const money = await t.db.selectFrom('paymentRefunds').select('state').where('orderId', '=', order.id).execute();
    expect(money).toEqual([{ state: 'failed' }]);
    const failedSms = t.sms.sent.filter((m) => m.text.includes(`订单 ${order.orderNumber} 退款未成功`));
    expect(failedSms).toHaveLength(1);
    expect(await deskMatters(userId, order.orderNumber)).toHaveLength(1);

    const clicks = await Promise.all(Array.from({ length: 50 }, () => paidBack(refundId)));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(50).fill(200));
    await runAllJobs(t, 2);
    expect(await refundSteps(refundId)).toEqual(['→processing', 'processing→owed', 'owed→done']);
    expect(await orderRefundedEvents(order.id)).toBe(1);
    expect((await noticesOf(order.id)).filter((k) => k === 'refund-paid-back')).toHaveLength(1);
    const doneSms = t.sms.sent.filter((m) => m.text.includes(`订单 ${order.orderNumber} 退款已完成`));
    expect(doneSms).toHaveLength(1);
    expect(doneSms[0]?.text).toContain('客服已通过其他方式退还给您');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.REFUNDED);
  });
});
