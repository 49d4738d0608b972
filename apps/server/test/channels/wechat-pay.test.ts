import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ORDER_STATUS, paymentMethodsSchema, paymentStateSchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { paidOnceAmidReturns, untold } from './wallet-app-buyer';
import { localWechat, walletAppSuite } from './wallet-app-suite';

/*
 * Paying by WeChat Pay end to end against a local WeChat Pay API v3: a Native code shown on a desktop and
 * scanned, an H5 page on a phone; the notification's signature checked with the platform key and its
 * resource opened with the APIv3 key; the order paid once, refunded; a forged notification refused; a lost
 * one found by query; an unpaid trade closed when the order is paid by card.
 */

const wechat = localWechat();
const { fake } = wechat;
const { t, p } = walletAppSuite([wechat]);

const payByWechat = (orderId: string, device: 'desktop' | 'phone') =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    remoteAddress: '203.0.113.7',
    payload: { orderId, method: { kind: 'wechat', device } },
    headers: { cookie: p.cookie, 'idempotency-key': randomUUID() },
  });

async function started(orderId: string, device: 'desktop' | 'phone' = 'desktop') {
  const res = await payByWechat(orderId, device);
  expect(res.statusCode, res.body).toBe(200);
  const state = paymentStateSchema.parse(res.json());
  expect(state.outcome).toBe('action');
  return state;
}

describe('WeChat Pay', () => {
  it('is offered before the card and the wallet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/methods' });
    expect(paymentMethodsSchema.parse(res.json()).methods).toEqual(['wechat', 'card', 'wallet']);
  });

  it('shows a desktop a QR code; scanned, the notification marks the order paid once; refunded to WeChat', async () => {
    const order = await p.order();
    const state = await started(order.id);
    expect(state.actionUrl).toBeNull();
    expect(state.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.calls.at(-1)).toEqual({ path: '/v3/pay/transactions/native', signed: true });
    const trade = await fake.scan(state.qrCode ?? '');
    expect(trade.total).toBe(order.payment.price.amount);
    expect(fake.notices.at(-1)).toEqual({ outTradeNo: trade.outTradeNo, status: 200 });
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    expect(paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json()).outcome).toBe('succeeded');
    const refund = await t.app.payments.refund({ orderId: order.id, amount: 5000, idempotencyKey: randomUUID() });
    expect(refund.channel).toBe('wechat');
    await t.app.payments.refundJob(refund.refundId);
    expect([...trade.refunds.values()]).toEqual([5000]);
  });

  it("sends a phone to WeChat's H5 page, which comes back to the payment page", async () => {
    const order = await p.order();
    const state = await started(order.id, 'phone');
    const link = new URL(state.actionUrl ?? '');
    expect(link.searchParams.get('redirect_url')).toContain(`/payment?id=${order.id}&attempt=${state.attemptId}`);
    expect(fake.calls.at(-1)).toEqual({ path: '/v3/pay/transactions/h5', signed: true });
    // WeChat Pay is told the traveller's own address, as H5 payment requires.
    expect([...fake.trades.values()].at(-1)?.clientIp).toBe('203.0.113.7');
  });

  it('refuses a notification changed after WeChat Pay signed it, and finds the payment by query instead', async () => {
    const order = await p.order();
    const state = await started(order.id);
    const trade = await untold(fake, () => fake.scan(state.qrCode ?? ''));
    const forged = await fake.notify(trade, (body) => body.replace('支付成功', '支付成功!'));
    expect(forged.status).toBe(400);
    expect(apiErrorSchema.parse(JSON.parse(forged.body)).errorCode).toBe(4030);
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);
    expect(await t.app.payments.settle(state.attemptId, true)).toBe('settled');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
  });

  it('closes the unpaid trade when the traveller pays by card instead', async () => {
    const order = await p.order();
    const state = await started(order.id);
    const card = await p.pay(order.id, await p.token());
    expect(card.statusCode, card.body).toBe(200);
    const trade = [...fake.trades.values()].find((x) => x.code === state.qrCode);
    expect(trade?.state).toBe('CLOSED');
  });

  it('takes one payment when fifty notifications and returns arrive at once', async () => {
    const order = await p.order();
    const state = await started(order.id);
    const trade = await untold(fake, () => fake.scan(state.qrCode ?? ''));
    await paidOnceAmidReturns(t, p, { orderId: order.id, attemptId: state.attemptId }, () => fake.notify(trade));
  });
});
