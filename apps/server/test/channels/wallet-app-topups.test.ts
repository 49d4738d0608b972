import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  noticePageSchema,
  topUpStateSchema,
  walletEntryPageSchema,
  walletSummarySchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { registerMobile } from '../support/accounts';
import { runAllJobs } from '../support/jobs';
import { topupRefundSteps } from '../support/wallet-topups';
import { openAlipayPage, untold } from './wallet-app-buyer';
import { localAlipay, localWechat, walletAppTopUpSuite } from './wallet-app-suite';

/*
 * Topping up the wallet by Alipay and WeChat Pay against the local fakes of both: the app's page or QR
 * code, the wallet credited once from the app's signed notification (fifty at once among fifty returns),
 * never from the browser's return; a lost notification found by the settling job's query; a forged one
 * refused; a trade left unpaid closed at the app when its time is up.
 */

const alipay = localAlipay();
const wechat = localWechat();
const alipayFake = alipay.fake;
const wechatFake = wechat.fake;
/** The clock the app reads, moved past a trade's time by the expiry test. */
let clock = Date.now();
const t = walletAppTopUpSuite([alipay, wechat], () => new Date(clock));
let cookie = '';
let users = 0;

/** A new traveller, signed in: each test tops up a wallet of its own. */
async function traveller(): Promise<string> {
  users++;
  cookie = await registerMobile(t, `1370013${String(1000 + users).padStart(4, '0')}`, `10.17.0.${users}`);
  return cookie;
}

const topUp = (amount: number, app: 'alipay' | 'wechat', device: 'desktop' | 'phone' = 'desktop') =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/topup',
    remoteAddress: '203.0.113.9',
    payload: { amount, source: { kind: 'app', app, device } },
    headers: { cookie, 'idempotency-key': randomUUID() },
  });

const stateOf = async (id: string) =>
  topUpStateSchema.parse(
    (await t.app.inject({ method: 'GET', url: `/api/wallet/topup?id=${id}`, headers: { cookie } })).json(),
  );
const summary = async () =>
  walletSummarySchema.parse((await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie } })).json());
const entries = async () =>
  walletEntryPageSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/wallet/entries', headers: { cookie } })).json(),
  ).items;
const events = (topupId: string) =>
  t.db
    .selectFrom('walletTopupEvents')
    .select(['fromStatus', 'toStatus'])
    .where('topupId', '=', topupId)
    .orderBy('id')
    .execute();

/** The app's due jobs run once a trade's time is up (sixteen minutes on), then the clock is back at now. */
async function jobsAfterTradeTime() {
  clock += 16 * 60_000;
  try {
    await t.app.jobs?.runDueJobs();
  } finally {
    clock = Date.now();
  }
}

/** Starts an Alipay top-up and opens its cashier, as the traveller's browser does. */
async function atAlipay(amount: number) {
  const res = await topUp(amount, 'alipay');
  expect(res.statusCode, res.body).toBe(200);
  const state = topUpStateSchema.parse(res.json());
  expect(state).toMatchObject({ outcome: 'action', method: 'alipay', card: null });
  return { state, ...(await openAlipayPage(state.actionUrl)) };
}

describe('wallet top-ups by Alipay and WeChat Pay', () => {
  it('offers Alipay, WeChat Pay and the card, in that order', async () => {
    await traveller();
    expect((await summary()).methods).toEqual(['alipay', 'wechat', 'card']);
  });

  it("credits the wallet once from Alipay's signed notification, not from the browser's return", async () => {
    await traveller();
    const { state, link, tradeNo } = await atAlipay(50_000);
    expect(link.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(link.searchParams.get('return_url')).toBe(`http://junction.test/account/wallet?topup=${state.id}`);
    // Back from the cashier before paying (or with a forged return): nothing is credited.
    expect((await stateOf(state.id)).outcome).toBe('action');
    expect((await summary()).balance.amount).toBe(0);

    const trade = await untold(alipayFake, () => alipayFake.pay(tradeNo));
    // Paid at Alipay, but the browser's return alone does not credit the wallet.
    expect((await stateOf(state.id)).outcome).toBe('action');
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? alipayFake.notify(trade) : stateOf(state.id))),
    );
    expect(await stateOf(state.id)).toMatchObject({ outcome: 'succeeded', amount: { amount: 50_000 } });
    expect((await summary()).balance.amount).toBe(50_000);
    expect(await entries()).toMatchObject([{ kind: 'topup', amount: { amount: 50_000 }, reference: 'alipay' }]);
    expect(await events(state.id)).toEqual([
      { fromStatus: 'created', toStatus: 'action' },
      { fromStatus: 'action', toStatus: 'succeeded' },
    ]);
  });

  it('refuses a forged notification, and the settling job finds the payment by asking Alipay', async () => {
    await traveller();
    const { state, tradeNo } = await atAlipay(12_300);
    const trade = await untold(alipayFake, () => alipayFake.pay(tradeNo));
    const forged = await alipayFake.notify(trade, { total_amount: '99999.00' });
    expect(forged.status).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(forged.body)).errorCode).toBe(4030);
    expect((await summary()).balance.amount).toBe(0);
    await t.app.jobs?.runDueJobs();
    expect((await stateOf(state.id)).outcome).toBe('succeeded');
    expect((await summary()).balance.amount).toBe(12_300);
  });

  it("shows a desktop WeChat Pay's QR code; scanned, the notification credits the wallet once", async () => {
    await traveller();
    const res = await topUp(20_000, 'wechat');
    expect(res.statusCode, res.body).toBe(200);
    const state = topUpStateSchema.parse(res.json());
    expect(state).toMatchObject({ outcome: 'action', method: 'wechat' });
    expect(state.actionUrl).toMatch(/^weixin:\/\/wxpay\//);
    const trade = await wechatFake.scan(state.actionUrl ?? '');
    await Promise.all(Array.from({ length: 20 }, () => wechatFake.notify(trade)));
    expect((await stateOf(state.id)).outcome).toBe('succeeded');
    expect(await entries()).toMatchObject([{ kind: 'topup', amount: { amount: 20_000 }, reference: 'wechat' }]);
  });

  it("closes the trade at Alipay when the top-up's time is up unpaid, and credits nothing", async () => {
    await traveller();
    const { state, tradeNo } = await atAlipay(8_800);
    await jobsAfterTradeTime();
    expect(alipayFake.trades.get(tradeNo)?.status).toBe('TRADE_CLOSED');
    expect((await stateOf(state.id)).outcome).toBe('failed');
    expect((await summary()).balance.amount).toBe(0);
    // Paying the closed trade afterwards is impossible at Alipay: nothing changes.
    await alipayFake.pay(tradeNo);
    expect((await summary()).balance.amount).toBe(0);
  });

  it('refunds a top-up paid after its time was up to Alipay, once under twenty notifications, and says so once', async () => {
    await traveller();
    const res = await topUp(6_600, 'alipay');
    const state = topUpStateSchema.parse(res.json());
    // The cashier is left unopened past the trade's time: the close finds no trade and the top-up fails.
    await jobsAfterTradeTime();
    expect((await stateOf(state.id)).outcome).toBe('failed');
    // The page, still open, is paid after all; Alipay's notification comes twenty times at once.
    const { tradeNo } = await openAlipayPage(state.actionUrl);
    const trade = await untold(alipayFake, () => alipayFake.pay(tradeNo));
    const answers = await Promise.all(Array.from({ length: 20 }, () => alipayFake.notify(trade)));
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('success'));
    expect([...trade.refunds.values()]).toEqual(['66.00']);
    expect((await stateOf(state.id)).outcome).toBe('failed');
    expect((await summary()).balance.amount).toBe(0);
    expect(await entries()).toEqual([]);
    const notices = noticePageSchema
      .parse((await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json())
      .items.filter((n) => n.kind === 'topup-late-refunded');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.params).toMatchObject({ amountMinor: 6_600, channel: 'alipay' });
    // Told by SMS (the account has a mobile number and no e-mail address), once.
    await t.app.jobs?.runDueJobs();
    const texts = t.sms.sent.filter((m) => m.text.includes('Late top-up refunded'));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('Your top-up of ¥66 arrived after it had ended, so your wallet was not credited');
    expect(texts[0]?.text).toContain('refunded to the Alipay account you paid with');
    const refunds = await t.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', state.id).execute();
    expect(refunds.map((r) => [r.app, r.amountMinor, r.state])).toEqual([['alipay', 6_600, 'succeeded']]);
  });

  it('records a late top-up’s refund and retries it by its job when Alipay fails it first, refunded once', async () => {
    await traveller();
    const state = topUpStateSchema.parse((await topUp(4_200, 'alipay')).json());
    await jobsAfterTradeTime();
    expect((await stateOf(state.id)).outcome).toBe('failed');
    const { tradeNo } = await openAlipayPage(state.actionUrl);
    const trade = await untold(alipayFake, () => alipayFake.pay(tradeNo));
    // Alipay fails the first two refunds; every notification is still taken, the refund kept for its job.
    alipayFake.failRefunds = 2;
    const answers = await Promise.all(Array.from({ length: 20 }, () => alipayFake.notify(trade)));
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('success'));
    expect(alipayFake.failRefunds).toBe(1);
    expect(trade.refunds.size).toBe(0);
    const refundOf = () => t.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', state.id).execute();
    expect((await refundOf()).map((r) => r.state)).toEqual(['pending']);

    // The job's first try fails too; its retry is confirmed, and later runs send nothing more.
    await runAllJobs(t);
    expect(alipayFake.failRefunds).toBe(0);
    expect((await refundOf()).map((r) => r.state)).toEqual(['pending']);
    await runAllJobs(t, 3);
    expect([...trade.refunds.values()]).toEqual(['42.00']);
    const [refund] = await refundOf();
    expect(refund?.state).toBe('succeeded');
    const events = await topupRefundSteps(t.db, refund?.id ?? '');
    expect(events).toEqual([
      { fromState: null, toState: 'pending' },
      { fromState: 'pending', toState: 'succeeded' },
    ]);
    expect((await summary()).balance.amount).toBe(0);
    const notices = noticePageSchema
      .parse((await t.app.inject({ method: 'GET', url: '/notifications', headers: { cookie } })).json())
      .items.filter((n) => n.kind === 'topup-late-refunded');
    expect(notices).toHaveLength(1);
  });
});
