import { noticePageSchema, refundFailedOf } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { chatChannel } from '../src/features/chat/chat.bus';
import { ChatRepository } from '../src/features/chat/chat.repository';
import type { ChatTables } from '../src/features/chat/chat.tables';
import { ServiceMatters } from '../src/features/chat/service-matters';
import { LateTopupRefunds } from '../src/features/wallet/late-topup-refunds';
import { type CardProcessor, ProcessorRefused, type TopupApps } from '../src/features/wallet/ports';
import { WalletRepository } from '../src/features/wallet/wallet.repository';
import { LocalBus } from '../src/lib/bus';
import { lateTopupNotice } from '../src/wiring/notices';
import { serviceDesk } from '../src/wiring/service-desk';
import { createTestApp, type TestApp } from './harness';
import { registerMobile, userIdOf } from './support/accounts';
import { runAllJobs } from './support/jobs';
import { failedCardTopup, topupRefundSteps } from './support/wallet-topups';

/*
 * A late card top-up's refund the card processor answers: `failed` (the card closed, say) is final, recorded
 * once with its event, the traveller told in their language by notice, e-mail and SMS, and the money put in
 * the agents' queue to return by hand, never sent again; `pending` waits and is asked again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
}, 120_000);
afterAll(() => t.close());

const AT = new Date('2026-03-02T08:00:00Z');
let users = 0;

/** A traveller whose card top-up of `amount`, captured after it had failed, has its refund recorded. */
async function lateRefund(refunds: LateTopupRefunds, amount: number, language: 'en' | 'zh-CN') {
  users++;
  const mobile = `1370014${String(1000 + users).padStart(4, '0')}`;
  const cookie = await registerMobile(t, mobile, `10.20.0.${users}`);
  const userId = await userIdOf(t, mobile);
  await sql`update users set language = ${language} where id = ${userId}`.execute(t.db);
  const topup = await failedCardTopup(t.db, { userId, amountMinor: amount, at: AT, last4: '3184' });
  const refund = await refunds.record(topup, amount);
  if (!refund) throw new Error('no refund recorded');
  return { cookie, userId, refundId: refund.id };
}

/** The late refunds as the app composes them, over a card processor answering `answer` to every refund. */
function lateRefunds(answer: () => 'succeeded' | 'pending' | 'failed') {
  const asked: string[] = [];
  const cards: Pick<CardProcessor, 'refund'> = {
    refund: async (request) => {
      asked.push(request.idempotencyKey);
      return { status: answer() };
    },
  };
  const now = () => AT;
  const desk = serviceDesk(new ServiceMatters(new ChatRepository(t.db), new LocalBus(chatChannel), now));
  const refunds = new LateTopupRefunds(
    new WalletRepository(t.db),
    {} as TopupApps,
    now,
    lateTopupNotice(now),
    cards,
    desk,
  );
  return { refunds, asked };
}

async function told(cookie: string, kind: 'topup-refund-failed' | 'topup-late-refunded' = 'topup-refund-failed') {
  const page = noticePageSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json(),
  );
  return page.items.filter((n) => n.kind === kind);
}

/** The agents' queue as the database holds it: the traveller's waiting conversation and its refund events. */
async function atDesk(userId: string) {
  const rows = await (t.db as unknown as Kysely<Database & ChatTables>)
    .selectFrom('chatMessages as m')
    .innerJoin('chatConversations as c', 'c.id', 'm.conversationId')
    .select(['c.status', 'c.waitingSince', 'm.text', 'm.sender'])
    .where('c.userId', '=', userId)
    .where('m.event', '=', 'refundFailed')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    waiting: r.waitingSince !== null,
    sender: r.sender,
    ...refundFailedOf(r.text),
  }));
}

const states = async (refundId: string) =>
  (await topupRefundSteps(t.db, refundId)).map((e) => [e.fromState, e.toState]);

describe("a late card top-up's refund", () => {
  it('answered failed is recorded failed once, the traveller told, the agents given it, and never sent again', async () => {
    const { refunds, asked } = lateRefunds(() => 'failed');
    const { cookie, userId, refundId } = await lateRefund(refunds, 8_800, 'en');
    const after = await refunds.send(refundId);
    expect(after?.state).toBe('failed');
    // Its job and the sweep come again: nothing is sent, told or queued twice.
    await refunds.send(refundId);
    await refunds.sendPending(0);
    await runAllJobs(t, 2);
    expect(asked).toHaveLength(1);
    expect(await states(refundId)).toEqual([
      [null, 'pending'],
      ['pending', 'failed'],
    ]);
    const notices = await told(cookie);
    expect(notices.map((n) => n.params)).toMatchObject([{ amountMinor: 8_800, channel: 'card', last4: '3184' }]);
    const sms = t.sms.sent.filter((m) => m.text.includes("We couldn't refund your card"));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('could not be returned to the bank card ending 3184');
    expect(sms[0]?.text).toContain('customer service will contact you');
    expect(await atDesk(userId)).toEqual([
      { status: 'waiting', waiting: true, sender: 'system', amountMinor: 8_800, last4: '3184', channel: 'card' },
    ]);
    // Only the failure is told: never that the money was refunded.
    expect(await told(cookie, 'topup-late-refunded')).toEqual([]);
    expect(t.sms.sent.filter((m) => m.text.includes('refunded to the bank card ending 3184'))).toEqual([]);
  });

  it('answered failed to 50 jobs at once is recorded failed once, with one message and one matter for the agents', async () => {
    const { refunds, asked } = lateRefunds(() => 'failed');
    const { cookie, userId, refundId } = await lateRefund(refunds, 4_321, 'en');
    const failureSms = () => t.sms.sent.filter((m) => m.text.includes("We couldn't refund your card")).length;
    const smsBefore = failureSms();
    const sent = await Promise.all(Array.from({ length: 50 }, () => refunds.send(refundId)));
    await runAllJobs(t, 2);
    expect(sent.map((r) => r?.state)).toEqual(Array(50).fill('failed'));
    expect(await states(refundId)).toEqual([
      [null, 'pending'],
      ['pending', 'failed'],
    ]);
    expect(await told(cookie)).toHaveLength(1);
    expect(await told(cookie, 'topup-late-refunded')).toEqual([]);
    expect(failureSms() - smsBefore).toBe(1);
    expect(await atDesk(userId)).toHaveLength(1);
    expect(new Set(asked).size).toBe(1);
  });

  it('answered failed tells a Chinese-speaking traveller in Chinese', async () => {
    const { refunds } = lateRefunds(() => 'failed');
    const { refundId } = await lateRefund(refunds, 25_000, 'zh-CN');
    await refunds.send(refundId);
    await runAllJobs(t, 2);
    const sms = t.sms.sent.filter((m) => m.text.includes('充值款项未能退回银行卡'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('未能退回尾号 3184 的银行卡');
    expect(sms[0]?.text).toContain('客服将与您联系');
  });

  it('answered pending stays pending and is asked again, with no word of failure, until it succeeds', async () => {
    let answer: 'pending' | 'succeeded' = 'pending';
    const { refunds, asked } = lateRefunds(() => answer);
    const { cookie, userId, refundId } = await lateRefund(refunds, 5_000, 'en');
    await expect(refunds.send(refundId)).rejects.toBeInstanceOf(ProcessorRefused);
    await expect(refunds.send(refundId)).rejects.toBeInstanceOf(ProcessorRefused);
    expect(await states(refundId)).toEqual([[null, 'pending']]);
    // Not told it was refunded while the processor has not confirmed it.
    expect(await told(cookie, 'topup-late-refunded')).toEqual([]);
    answer = 'succeeded';
    expect((await refunds.send(refundId))?.state).toBe('succeeded');
    expect(asked).toHaveLength(3);
    expect(await told(cookie)).toEqual([]);
    expect((await told(cookie, 'topup-late-refunded')).map((n) => n.params)).toMatchObject([
      { amountMinor: 5_000, channel: 'card', last4: '3184' },
    ]);
    expect(await atDesk(userId)).toEqual([]);
  });
});
