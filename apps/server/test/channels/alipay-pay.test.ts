import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  ORDER_STATUS,
  PAYMENT_STATUS,
  paymentMethodsSchema,
  paymentStateSchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { ALIPAY_NOTIFY_PATH } from '../../src/features/payment/channels/channel-notices';
import { paidOnceAmidReturns, untold } from './wallet-app-buyer';
import { localAlipay, walletAppSuite } from './wallet-app-suite';

/*
 * Paying by Alipay end to end against a local Alipay: the page link signed by our app key, the buyer
 * paying at the cashier, the notification signed by Alipay's key and checked with its public key, the
 * order paid once, the money refunded with alipay.trade.refund; a forged notification refused; a lost
 * notification found by alipay.trade.query; a trade left unpaid closed with alipay.trade.close.
 */

const alipay = localAlipay();
const { keys, fake } = alipay;
/** The clock the app reads, moved past an order's deadline by the expiry test. */
let clock = Date.now();
const { t, p } = walletAppSuite([alipay], { now: () => new Date(clock) });

const payByAlipay = (orderId: string, device: 'desktop' | 'phone' = 'desktop', key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method: { kind: 'alipay', device } },
    headers: { cookie: p.cookie, 'idempotency-key': key },
  });

/** Starts an Alipay payment and opens its cashier page, as the traveller's browser does. */
async function atCashier(orderId: string, device: 'desktop' | 'phone' = 'desktop') {
  const res = await payByAlipay(orderId, device);
  expect(res.statusCode, res.body).toBe(200);
  const state = paymentStateSchema.parse(res.json());
  expect(state.outcome).toBe('action');
  const link = new URL(state.actionUrl ?? '');
  const page = await fetch(link);
  expect(page.status).toBe(200);
  const tradeNo = JSON.parse(link.searchParams.get('biz_content') ?? '{}').out_trade_no as string;
  return { state, link, tradeNo, html: await page.text() };
}

describe('Alipay', () => {
  it('is offered first on the payment page, before the card and the wallet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(paymentMethodsSchema.parse(res.json()).methods).toEqual(['alipay', 'card', 'wallet']);
  });

  it('pays an order at the cashier, the signed notification marks it paid once, and refunds it to Alipay', async () => {
    const order = await p.order();
    const { state, link, tradeNo, html } = await atCashier(order.id);
    expect(link.searchParams.get('method')).toBe('alipay.trade.page.pay');
    expect(link.searchParams.get('notify_url')).toBe(`http://junction.test${ALIPAY_NOTIFY_PATH}`);
    expect(link.searchParams.get('return_url')).toContain(`/payment?id=${order.id}&attempt=${state.attemptId}`);
    expect(html).toContain((order.payment.price.amount / 100).toFixed(2));
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.trade.page.pay', signed: true });

    await fake.pay(tradeNo);
    expect(fake.notices.at(-1)).toMatchObject({ outTradeNo: tradeNo, status: 200, body: 'success' });
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    const back = paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json());
    expect(back.outcome).toBe('succeeded');

    // The same notification again changes nothing.
    const trade = fake.trades.get(tradeNo);
    if (!trade) throw new Error('no trade');
    expect((await fake.notify(trade)).body).toBe('success');
    const refund = await t.app.payments.refund({ orderId: order.id, amount: 5000, idempotencyKey: randomUUID() });
    expect(refund.channel).toBe('alipay');
    await t.app.payments.refundJob(refund.refundId);
    expect([...trade.refunds.values()]).toEqual(['50.00']);
    const receipt = await t.app.payments.paymentsOf(order.id);
    expect(receipt).toMatchObject([{ method: 'alipay', amount: { amount: order.payment.price.amount } }]);
  });

  it('refuses a notification whose fields were changed after Alipay signed it, or signed by another key', async () => {
    const order = await p.order();
    const { tradeNo } = await atCashier(order.id, 'phone');
    expect(fake.calls.at(-1)).toEqual({ method: 'alipay.trade.wap.pay', signed: true });
    const trade = fake.trades.get(tradeNo);
    if (!trade) throw new Error('no trade');
    const forged = await fake.notify({ ...trade, status: 'TRADE_SUCCESS' }, { total_amount: '0.01' });
    expect(forged.status).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(forged.body)).errorCode).toBe(4030);
    const res = await t.app.inject({
      method: 'POST',
      url: ALIPAY_NOTIFY_PATH,
      payload: `out_trade_no=${tradeNo}&trade_status=TRADE_SUCCESS&app_id=${keys.appId}&sign_type=RSA2&sign=AAAA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);
  });

  it('finds a payment whose notification was lost by asking Alipay', async () => {
    const order = await p.order();
    const { state, tradeNo } = await atCashier(order.id);
    await untold(fake, () => fake.pay(tradeNo));
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);
    expect(await t.app.payments.settle(state.attemptId, true)).toBe('settled');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
  });

  it('closes the unpaid trade when the traveller pays another way instead', async () => {
    const order = await p.order();
    const { tradeNo } = await atCashier(order.id);
    const card = await p.pay(order.id, await p.token());
    expect(card.statusCode, card.body).toBe(200);
    expect(fake.trades.get(tradeNo)?.status).toBe('TRADE_CLOSED');
    expect(fake.calls.some((c) => c.method === 'alipay.trade.close' && c.signed)).toBe(true);
  });

  it('takes one payment when fifty notifications and returns arrive at once', async () => {
    const order = await p.order();
    const { state, tradeNo } = await atCashier(order.id);
    const trade = await untold(fake, () => fake.pay(tradeNo));
    await paidOnceAmidReturns(t, p, { orderId: order.id, attemptId: state.attemptId }, () => fake.notify(trade));
  });

  it("closes the trade at Alipay when the order's deadline passes unpaid, and leaves the order to expire", async () => {
    const order = await p.order();
    const { state, tradeNo } = await atCashier(order.id);
    clock = new Date(order.payment.deadline).getTime() + 60_000;
    expect(await t.app.payments.settle(state.attemptId, true)).toBe('settled');
    expect(fake.trades.get(tradeNo)?.status).toBe('TRADE_CLOSED');
    const after = paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json());
    expect(after.outcome).toBe('failed');
    // The order no longer waits on a payment: its expiry job may take it (and its seats) away.
    expect([PAYMENT_STATUS.WAIT_PAYMENT, PAYMENT_STATUS.EXPIRED]).toContain((await p.get(order.id)).paymentStatus);
  });
});
