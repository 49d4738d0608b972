import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  paymentStateSchema,
  type SavedCard,
  savedCardSchema,
  topUpStateSchema,
  walletEntryPageSchema,
  walletSummarySchema,
} from '@junction/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../src/features/payment/payment.test-support';
import { payingSuite, QUICK_PAYMENTS } from './support/paying-app';

const clock = Date.now();
const now = () => new Date(clock);

const { t, p } = payingSuite(QUICK_PAYMENTS, now);
let card: SavedCard;
beforeAll(async () => {
  const details = cardDetails(TEST_CARDS.visa);
  const token = await p.token(TEST_CARDS.visa);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/card',
    payload: { token, name: details.name, billing: details.billing },
    headers: { cookie: p.cookie },
  });
  card = savedCardSchema.parse(saved.json());
});

const codeOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).errorCode;
const payFromWallet = (orderId: string, key: string = randomUUID(), cookie = p.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    payload: { orderId, method: { kind: 'wallet' } },
    headers: { cookie, 'idempotency-key': key },
  });
const balance = async () =>
  walletSummarySchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie: p.cookie } })).json(),
  ).balance.amount;
/** A saved card's security code typed again, as the browser hands it to the processor for a token. */
async function cvcToken(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway-sim/v1/tokens/cvc',
    payload: { cvc: '123' },
    headers: { cookie: p.cookie },
  });
  return (res.json() as { token: string }).token;
}

async function topUp(amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/wallet/topup',
    payload: { amount, source: { kind: 'savedCard', cardId: card.id, cvcToken: await cvcToken() } },
    headers: { cookie: p.cookie, 'idempotency-key': randomUUID() },
  });
  expect(topUpStateSchema.parse(res.json()).outcome).toBe('succeeded');
}

describe('paying an order from the wallet balance', () => {
  it('refuses a balance too small with 2150 and leaves the order and the balance as they were', async () => {
    const order = await p.order();
    const before = await balance();
    await topUp(Math.max(100, order.payment.price.amount - before - 100));
    const short = await balance();
    expect(short).toBeLessThan(order.payment.price.amount);
    const res = await payFromWallet(order.id);
    expect(res.statusCode).toBe(422);
    expect(codeOf(res)).toBe(2150);
    expect(await balance()).toBe(short);
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 0 });
    const attempts = await t.db.selectFrom('paymentAttempts').select('id').where('orderId', '=', order.id).execute();
    expect(attempts).toEqual([]);
  });

  it('debits the price once in the transaction that marks the order paid, whatever runs in parallel; then 2000', async () => {
    const order = await p.order();
    await topUp(order.payment.price.amount + 5_000);
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 20 }, () => payFromWallet(order.id)));
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(paymentStateSchema.parse(paid[0]?.json())).toMatchObject({ outcome: 'succeeded', card: null });
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(codeOf(r)).toBe(2000);
    expect(await balance()).toBe(before - order.payment.price.amount);
    expect(await p.get(order.id)).toMatchObject({ status: 2, paymentStatus: 2 });
    const entries = walletEntryPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/entries', headers: { cookie: p.cookie } })).json(),
    );
    expect(entries.items[0]).toMatchObject({
      kind: 'payment',
      amount: { amount: -order.payment.price.amount },
      orderId: order.id,
      orderNumber: order.orderNumber,
    });
    expect(codeOf(await payFromWallet(order.id))).toBe(2000);

    // The refund entry point returns a wallet payment to the wallet, once per key, never more than was paid.
    const part = Math.floor(order.payment.price.amount / 2);
    const refund = await t.app.payments.refund({ orderId: order.id, amount: part, idempotencyKey: `r1:${order.id}` });
    expect(refund).toMatchObject({ channel: 'wallet', state: 'succeeded', amount: { amount: part } });
    await t.app.payments.refund({ orderId: order.id, amount: part, idempotencyKey: `r1:${order.id}` });
    expect(await balance()).toBe(before - order.payment.price.amount + part);
    const afterRefund = walletEntryPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/entries', headers: { cookie: p.cookie } })).json(),
    );
    expect(afterRefund.items[0]).toMatchObject({ kind: 'refund', orderNumber: order.orderNumber });
    await expect(
      t.app.payments.refund({
        orderId: order.id,
        amount: order.payment.price.amount,
        idempotencyKey: `r2:${order.id}`,
      }),
    ).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
  });

  it("never pays another user's order from one's wallet", async () => {
    const order = await p.order();
    const other = await p.signUp();
    const res = await payFromWallet(order.id, randomUUID(), other);
    expect(res.statusCode).toBe(404);
    expect(await p.get(order.id)).toMatchObject({ status: 0 });
  });
});
