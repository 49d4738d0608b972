import { randomUUID } from 'node:crypto';
import {
  currentUserSchema,
  noticePageSchema,
  noticeValues,
  ORDER_STATUS,
  PAYMENT_STATUS,
  paymentStateSchema,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { STRIPE_TEST_CARDS, StripeFake } from '../fakes/stripe-fake';
import { runAllJobs } from '../support/jobs';
import { deliverStripeWebhooks, stripeGatewayOf } from './stripe-app';
import { STRIPE_TEST_KEYS } from './stripe-keys';
import { openAlipayPage, untold } from './wallet-app-buyer';
import { localAlipay, localWechat, walletAppSuite } from './wallet-app-suite';

/*
 * A wallet app's payment that lands after its order had ended (expired, or paid another way): the money goes
 * straight back to the app, and the traveller is told once, by notice, e-mail and SMS in their language,
 * however many of the app's notifications arrive at once. Cards are taken by Stripe (the local fake): a
 * card payment Stripe captured after we had recorded its attempt failed, every webhook lost, is found by
 * the reconciler and refunded to the card once.
 */

const alipay = localAlipay();
const wechat = localWechat();
const stripe = new StripeFake(STRIPE_TEST_KEYS);
/** The clock the app reads, moved past an order's deadline by hand. */
let clock = Date.now();
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
const { t, p } = walletAppSuite([alipay, wechat], {
  now: () => new Date(clock),
  deps: () => ({ gateway: stripeGatewayOf(stripe) }),
});
beforeAll(() => deliverStripeWebhooks(stripe, t));

async function payByApp(orderId: string, kind: 'alipay' | 'wechat') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method: { kind, device: 'desktop' } },
    headers: { cookie: p.cookie, 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const state = paymentStateSchema.parse(res.json());
  expect(state.outcome).toBe('action');
  return state;
}

/** What the traveller was told of an order's late money: its notices, e-mails and texts. */
async function toldOf(order: { id: string; orderNumber: string }) {
  await runAllJobs(t, 2);
  const res = await t.app.inject({ method: 'GET', url: '/notifications?pageSize=50', headers: { cookie: p.cookie } });
  const notices = noticePageSchema
    .parse(res.json())
    .items.filter((n) => n.kind === 'payment-late-refunded' && n.orderId === order.id);
  const late = (text: string) =>
    text.includes(order.orderNumber) && (text.includes('Late payment') || text.includes('逾期付款'));
  const mails = t.mailbox.received.map((m) => decodeQuotedPrintable(m.raw)).filter(late);
  const texts = t.sms.sent.filter((m) => late(m.text));
  return { notices, mails, texts };
}

/**
 * An order paid by Alipay whose cashier's page is left unopened until the deadline (the close finds no trade,
 * the order expires), then paid at Alipay after all, none of Alipay's notifications sent yet.
 */
async function paidAtAlipayAfterExpiry() {
  clock = Date.now();
  const order = await p.order();
  const state = await payByApp(order.id, 'alipay');
  clock = new Date(order.payment.deadline).getTime() + 60_000;
  expect(await t.app.payments.settle(state.attemptId, true)).toBe('settled');
  await runAllJobs(t);
  expect((await p.get(order.id)).paymentStatus).toBe(PAYMENT_STATUS.EXPIRED);
  const { tradeNo } = await openAlipayPage(state.actionUrl);
  return { order, trade: await untold(alipay.fake, () => alipay.fake.pay(tradeNo)) };
}

describe('a wallet app’s payment after its order had ended', () => {
  it('is refunded to Alipay once, and the traveller told once in English, under twenty notifications at once', async () => {
    // The page, still open, is paid after all; Alipay's notification comes twenty times at once.
    const { order, trade } = await paidAtAlipayAfterExpiry();
    const answers = await Promise.all(Array.from({ length: 20 }, () => alipay.fake.notify(trade)));
    expect(answers.map((a) => a.body)).toEqual(Array(20).fill('success'));

    const refunds = await t.db.selectFrom('paymentRefunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.channel, r.amountMinor])).toEqual([['alipay', order.payment.price.amount]]);
    const { notices, mails, texts } = await toldOf(order);
    expect([...trade.refunds.values()]).toEqual([(order.payment.price.amount / 100).toFixed(2)]);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.params).toMatchObject({ amountMinor: order.payment.price.amount, channel: 'alipay' });
    expect(mails).toHaveLength(1);
    const yuan = noticeValues({ amountMinor: order.payment.price.amount }, 'en').amount;
    expect(mails[0]).toContain(`Your payment of ${yuan} arrived after order ${order.orderNumber} had ended`);
    expect(mails[0]).toContain('refunded to the Alipay account you paid with');
    expect(texts).toHaveLength(1);
    // The order stays expired, never paid.
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.EXPIRED);
  });

  it('is found by the reconciler when every notification is lost, refunded once however many runs follow', async () => {
    // The page left open is paid an hour after the attempt closed, and none of Alipay's notifications arrive.
    const { order, trade } = await paidAtAlipayAfterExpiry();
    clock += 3_600_000;

    await t.app.payments.reconcile();
    const told = await toldOf(order);
    expect([...trade.refunds.values()]).toEqual([(order.payment.price.amount / 100).toFixed(2)]);
    expect([told.notices.length, told.mails.length, told.texts.length]).toEqual([1, 1, 1]);

    // Two runs at once, then one more: nothing further is refunded or told.
    await Promise.all([t.app.payments.reconcile(), t.app.payments.reconcile()]);
    await t.app.payments.reconcile();
    const again = await toldOf(order);
    const refunds = await t.db.selectFrom('paymentRefunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.channel, r.amountMinor, r.state])).toEqual([
      ['alipay', order.payment.price.amount, 'succeeded'],
    ]);
    expect(trade.refunds.size).toBe(1);
    expect([again.notices.length, again.mails.length, again.texts.length]).toEqual([1, 1, 1]);
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.EXPIRED);
  });

  it('finds a Stripe payment captured after its attempt was recorded failed, every webhook lost: refunded once', async () => {
    clock = Date.now();
    const order = await p.order();
    stripe.dropWebhooks = true;
    const res = await p.pay(order.id, stripe.token(STRIPE_TEST_CARDS.threeDSecure));
    const state = paymentStateSchema.parse(res.json());
    expect(state.outcome).toBe('action');
    const intent = [...stripe.intents.values()].find((i) => i.metadata.orderId === order.id);
    // The card is authenticated and captured at Stripe, but we recorded the attempt failed, and no webhook came.
    await stripe.authenticate(intent?.id ?? '', true);
    const capture = await fetch(`${stripe.baseUrl}/v1/payment_intents/${intent?.id}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STRIPE_TEST_KEYS.secretKey}` },
    });
    expect(capture.status).toBe(200);
    await t.db
      .updateTable('paymentAttempts')
      .set({ state: 'failed', declineCode: 'processing_error', updatedAt: new Date(clock) })
      .where('id', '=', state.attemptId)
      .execute();
    stripe.dropWebhooks = false;
    clock += 3_600_000;

    // Found however many runs look, two of them at once: refunded to the card once, the traveller told once.
    await t.app.payments.reconcile();
    await Promise.all([t.app.payments.reconcile(), t.app.payments.reconcile()]);
    await t.app.payments.reconcile();
    const told = await toldOf(order);
    expect([told.notices.length, told.mails.length, told.texts.length]).toEqual([1, 1, 1]);
    const refunds = await t.db.selectFrom('paymentRefunds').selectAll().where('orderId', '=', order.id).execute();
    expect(refunds.map((r) => [r.channel, r.amountMinor, r.state])).toEqual([
      ['card', order.payment.price.amount, 'succeeded'],
    ]);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent?.id)).toHaveLength(1);
    expect(intent?.amount_refunded).toBe(order.payment.price.amount);
    expect((await p.get(order.id)).status).not.toBe(ORDER_STATUS.PAID);
  });

  it('is refunded to WeChat Pay when the order was paid by card meanwhile, and told once in Chinese', async () => {
    clock = Date.now();
    const me = await t.app.inject({ method: 'GET', url: '/user', headers: { cookie: p.cookie } });
    const userId = currentUserSchema.parse(me.json()).info.id;
    await sql`update users set language = 'zh-CN' where id = ${userId}`.execute(t.db);
    const order = await p.order();
    const state = await payByApp(order.id, 'wechat');
    const card = await p.pay(order.id, stripe.token(STRIPE_TEST_CARDS.visa));
    expect(card.statusCode, card.body).toBe(200);
    const trade = [...wechat.fake.trades.values()].find((x) => x.code === state.qrCode);
    expect(trade?.state).toBe('CLOSED');

    // The buyer's payment crossed the close: WeChat Pay reports it paid, twenty times at once.
    await untold(wechat.fake, () => wechat.fake.payAfterClose(trade?.outTradeNo ?? ''));
    const answers = await Promise.all(Array.from({ length: 20 }, () => wechat.fake.notify(trade as never)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));

    const { notices, mails, texts } = await toldOf(order);
    expect([...(trade?.refunds.values() ?? [])]).toEqual([order.payment.price.amount]);
    expect(notices).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`订单 ${order.orderNumber} 的逾期付款已退回`);
    const yuan = noticeValues({ amountMinor: order.payment.price.amount }, 'zh-CN').amount;
    expect(mails[0]).toContain(`您支付的 ${yuan} 到账时`);
    expect(mails[0]).toContain('已全额退回至您付款的微信支付账户');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain('逾期付款已退回');
    // Paid once, by the card.
    expect((await p.get(order.id)).paymentStatus).toBe(PAYMENT_STATUS.PAID);
    const succeeded = await t.db
      .selectFrom('paymentAttempts')
      .select('method')
      .where('orderId', '=', order.id)
      .where('state', '=', 'succeeded')
      .execute();
    expect(succeeded).toEqual([{ method: 'card' }]);
  });
});
