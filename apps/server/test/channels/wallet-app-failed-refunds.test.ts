import { randomUUID } from 'node:crypto';
import { noticePageSchema, refundFailedOf, topUpRefundListSchema, topUpStateSchema } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { chatChannel } from '../../src/features/chat/chat.bus';
import { ChatRepository } from '../../src/features/chat/chat.repository';
import type { ChatTables } from '../../src/features/chat/chat.tables';
import { ServiceMatters } from '../../src/features/chat/service-matters';
import { LateTopupRefunds } from '../../src/features/wallet/late-topup-refunds';
import { WalletRepository } from '../../src/features/wallet/wallet.repository';
import { LocalBus } from '../../src/lib/bus';
import { lateTopupNotice } from '../../src/wiring/notices';
import { serviceDesk } from '../../src/wiring/service-desk';
import { walletApps } from '../../src/wiring/wallet-apps';
import { registerMobile, userIdOf } from '../support/accounts';
import { runAllJobs } from '../support/jobs';
import { topupRefundSteps } from '../support/wallet-topups';
import { openAlipayPage, untold } from './wallet-app-buyer';
import { localAlipay, walletAppTopUpSuite } from './wallet-app-suite';

/*
 * A wallet top-up paid at Alipay after it had ended, whose refund Alipay refuses for good (the buyer's account
 * closed or frozen): recorded failed once with its event, never sent again, the traveller told in their
 * language by notice, e-mail and SMS that customer service will return it, the money put in the agents'
 * queue once, and the wallet page's list reading it failed; however many notifications and jobs come at once.
 */

const alipay = localAlipay();
const alipayFake = alipay.fake;
let clock = Date.now();
const t = walletAppTopUpSuite([alipay], () => new Date(clock));
let users = 0;

/** A traveller speaking `language` whose Alipay top-up ended unpaid and whose page was then paid after all. */
async function paidLate(amount: number, language: 'en' | 'zh-CN') {
  users++;
  const mobile = `1370015${String(1000 + users).padStart(4, '0')}`;
  const cookie = await registerMobile(t, mobile, `10.21.0.${users}`);
  const userId = await userIdOf(t, mobile);
  await sql`update users set language = ${language} where id = ${userId}`.execute(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/topup',
    remoteAddress: '203.0.113.9',
    payload: { amount, source: { kind: 'app', app: 'alipay', device: 'desktop' } },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });
  const state = topUpStateSchema.parse(res.json());
  clock += 16 * 60_000;
  try {
    await t.app.jobs?.runDueJobs();
  } finally {
    clock = Date.now();
  }
  const { tradeNo } = await openAlipayPage(state.actionUrl);
  const trade = await untold(alipayFake, () => alipayFake.pay(tradeNo));
  return { cookie, userId, topupId: state.id, trade };
}

const noticesOf = async (cookie: string, kind: string) =>
  noticePageSchema
    .parse((await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json())
    .items.filter((n) => n.kind === kind);
const listed = async (cookie: string) =>
  topUpRefundListSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/wallet/topup-refunds', headers: { cookie } })).json(),
  ).items;
const refundsOf = (topupId: string) =>
  t.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', topupId).execute();
const steps = async (refundId: string) =>
  (await topupRefundSteps(t.db, refundId)).map((e) => `${e.fromState ?? ''}→${e.toState}`);
const atDesk = async (userId: string) =>
  (
    await (t.db as unknown as Kysely<Database & ChatTables>)
      .selectFrom('chatMessages as m')
      .innerJoin('chatConversations as c', 'c.id', 'm.conversationId')
      .select(['c.status', 'm.text'])
      .where('c.userId', '=', userId)
      .where('m.event', '=', 'refundFailed')
      .execute()
  ).map((r) => ({ status: r.status, ...refundFailedOf(r.text) }));

describe("a late Alipay top-up's refund Alipay refuses for good", () => {
  it('is recorded failed once under 50 notifications, the traveller told once, and the agents given it', async () => {
    const { cookie, userId, topupId, trade } = await paidLate(7_700, 'en');
    alipayFake.refuseRefunds = true;
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => alipayFake.notify(trade)));
      expect(answers.map((a) => a.body)).toEqual(Array(50).fill('success'));
      await runAllJobs(t, 3);
    } finally {
      alipayFake.refuseRefunds = false;
    }
    const [refund] = await refundsOf(topupId);
    expect(refund?.state).toBe('failed');
    expect(await steps(refund?.id ?? '')).toEqual(['→pending', 'pending→failed']);
    expect(trade.refunds.size).toBe(0);
    // Never sent again, though its job and the sweep come back.
    await runAllJobs(t, 2);
    expect((await refundsOf(topupId)).map((r) => r.state)).toEqual(['failed']);

    const failed = await noticesOf(cookie, 'topup-app-refund-failed');
    expect(failed.map((n) => n.params)).toMatchObject([{ amountMinor: 7_700, channel: 'alipay' }]);
    expect(await noticesOf(cookie, 'topup-late-refunded')).toEqual([]);
    const sms = t.sms.sent.filter((m) => m.text.includes("We couldn't refund your late top-up"));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('could not be returned to the Alipay account you paid with');
    expect(sms[0]?.text).toContain('customer service will contact you');
    expect(await atDesk(userId)).toEqual([{ status: 'waiting', amountMinor: 7_700, last4: '', channel: 'alipay' }]);
    expect(await listed(cookie)).toEqual([
      expect.objectContaining({ topupId, method: 'alipay', last4: null, amount: { amount: 7_700, currency: 'CNY' } }),
    ]);
    expect((await listed(cookie))[0]?.state).toBe('failed');
  });

  it('sent by 50 jobs at once is asked of Alipay and recorded failed once, and told in Chinese', async () => {
    const { cookie, userId, topupId, trade } = await paidLate(3_300, 'zh-CN');
    // The notification is lost: the refund is written by the first notification only when Alipay answers it.
    alipayFake.failRefunds = 1;
    await alipayFake.notify(trade);
    const [pending] = await refundsOf(topupId);
    expect(pending?.state).toBe('pending');
    const now = () => new Date(clock);
    const refunds = new LateTopupRefunds(
      new WalletRepository(t.db),
      walletApps([alipay.channel()]),
      now,
      lateTopupNotice(now),
      undefined,
      serviceDesk(new ServiceMatters(new ChatRepository(t.db), new LocalBus(chatChannel), now)),
    );
    alipayFake.refuseRefunds = true;
    try {
      const sent = await Promise.all(Array.from({ length: 50 }, () => refunds.send(pending?.id ?? '')));
      expect(sent.map((r) => r?.state)).toEqual(Array(50).fill('failed'));
      await runAllJobs(t, 3);
    } finally {
      alipayFake.refuseRefunds = false;
    }
    expect(await steps(pending?.id ?? '')).toEqual(['→pending', 'pending→failed']);
    expect(await noticesOf(cookie, 'topup-app-refund-failed')).toHaveLength(1);
    const sms = t.sms.sent.filter((m) => m.text.includes('逾期充值款项未能退回'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain('未能退回您付款的支付宝账户');
    expect(sms[0]?.text).toContain('客服将与您联系');
    expect(await atDesk(userId)).toHaveLength(1);
    expect((await listed(cookie)).map((r) => r.state)).toEqual(['failed']);
  });

  it('lists only the traveller’s own refunds', async () => {
    const other = await registerMobile(t, '13700159999', '10.21.1.1');
    expect(await listed(other)).toEqual([]);
  });
});
