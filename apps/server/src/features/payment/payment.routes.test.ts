import { randomUUID } from 'node:crypto';
import { apiErrorSchema, ERRORS, paymentStateSchema } from '@junction/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CAPTURED_ONCE, paymentEventsOf } from '../../../test/support/killed-process';
import { payingSuite, QUICK_PAYMENTS } from '../../../test/support/paying-app';
import { TEST_CARDS } from './gateway/simulator/test-cards';
import { chargedFor } from './payment.test-support';

let clock = Date.now();
const now = () => new Date(clock);

const { t, p } = payingSuite({ ...QUICK_PAYMENTS, TICKETING_DELAY_MS: '0' }, now);

const codeOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).errorCode;

const charged = (orderId: string) => chargedFor(t.db, orderId);

describe('paying an order by card', () => {
  it('captures the price once, marks the order and its tickets paid, and answers 2000 to a second payment', async () => {
    const order = await p.order();
    const key = randomUUID();
    const res = await p.pay(order.id, await p.token(TEST_CARDS.mastercard), key);
    expect(res.statusCode, res.body).toBe(200);
    const state = paymentStateSchema.parse(res.json());
    expect(state).toMatchObject({
      outcome: 'succeeded',
      purpose: 'order',
      amount: { amount: order.payment.price.amount, currency: 'CNY' },
      card: { brand: 'mastercard', last4: '4444' },
    });
    const paid = await p.get(order.id);
    expect(paid).toMatchObject({ status: 2, paymentStatus: 2 });
    for (const s of paid.subOrders) expect(s).toMatchObject({ status: 7, paidAmount: s.price });
    expect(await charged(order.id)).toEqual({ captured: order.payment.price.amount, refunded: 0, captures: 1 });
    // Ticketing was queued in the payment's transaction.
    const ticketing = await sql<{ n: number }>`
      select count(*)::int as n from graphile_worker.jobs where key = ${`ticketing:${order.id}`}`.execute(t.db);
    expect(ticketing.rows[0]?.n).toBe(1);

    // The same request again answers the same result; a new one answers 2000.
    const again = await p.pay(order.id, await p.token(), key);
    expect(again.statusCode).toBe(422);
    expect(codeOf(again)).toBe(ERRORS.IDEMPOTENCY_KEY_REUSED.errorCode);
    expect(await paymentEventsOf(t, order.id)).toEqual(CAPTURED_ONCE);
    const orderEvents = await t.db
      .selectFrom('orderEvents')
      .select('kind')
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    expect(orderEvents.map((e) => e.kind)).toEqual(['created', 'payment_started', 'paid']);
    const second = await p.pay(order.id, await p.token());
    expect(second.statusCode).toBe(422);
    expect(codeOf(second)).toBe(ERRORS.ORDER_ALREADY_PAID.errorCode);
  });

  it('answers a repeated request with its key with the same result', async () => {
    const order = await p.order();
    const token = await p.token();
    const key = randomUUID();
    const first = paymentStateSchema.parse((await p.pay(order.id, token, key)).json());
    const again = await p.pay(order.id, token, key);
    expect(again.statusCode).toBe(200);
    expect(paymentStateSchema.parse(again.json())).toEqual(first);
  });

  it('refuses a payment without a method, key or valid token, and for another user', async () => {
    const order = await p.order();
    expect(codeOf(await p.pay(order.id, null))).toBe(ERRORS.PAYMENT_METHOD_REQUIRED.errorCode);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      payload: { orderId: order.id, method: { kind: 'card', token: 'tok_x' } },
      headers: { cookie: p.cookie },
    });
    expect(codeOf(noKey)).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.errorCode);
    expect(codeOf(await p.pay(order.id, 'tok_nonexistent'))).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    const bob = await p.signUp();
    const theirs = await p.pay(order.id, await p.token(), randomUUID(), {}, bob);
    expect(theirs.statusCode).toBe(404);
    expect(codeOf(theirs)).toBe(ERRORS.ORDER_NOT_FOUND.errorCode);
    expect((await p.get(order.id)).paymentStatus).toBe(0);
  });

  it('declines the test cards with their codes, leaving the order to be paid with another card', async () => {
    const order = await p.order();
    const cases = [
      [TEST_CARDS.declined, ERRORS.CARD_DECLINED.errorCode],
      [TEST_CARDS.insufficientFunds, ERRORS.CARD_INSUFFICIENT_FUNDS.errorCode],
      [TEST_CARDS.expiredCard, ERRORS.CARD_EXPIRED.errorCode],
      [TEST_CARDS.incorrectCvc, ERRORS.CARD_CVC_INCORRECT.errorCode],
    ] as const;
    for (const [number, code] of cases) {
      const res = await p.pay(order.id, await p.token(number));
      expect(res.statusCode, number).toBe(422);
      expect(codeOf(res)).toBe(code);
      expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 0 });
    }
    const ok = await p.pay(order.id, await p.token());
    expect(paymentStateSchema.parse(ok.json()).outcome).toBe('succeeded');
    expect(await charged(order.id)).toMatchObject({ captured: order.payment.price.amount, captures: 1 });
  });

  it('sends a 3-D Secure card to its challenge; passed, the return settles the payment', async () => {
    const order = await p.order();
    const state = paymentStateSchema.parse((await p.pay(order.id, await p.token(TEST_CARDS.threeDSecure))).json());
    expect(state.outcome).toBe('action');
    expect(state.actionUrl).toMatch(/^\/gateway-sim\/3ds\/pi_/);
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 1 });
    const done = await t.app.inject({
      method: 'POST',
      url: state.actionUrl as string,
      payload: 'result=pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
    });
    expect(done.headers.location).toBe(`/payment?id=${order.id}&attempt=${state.attemptId}`);
    const back = paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json());
    expect(back.outcome).toBe('succeeded');
    expect((await p.get(order.id)).status).toBe(2);
    // The webhooks arrive after the browser: nothing more happens.
    await t.app.jobs?.runDueJobs();
    expect(await charged(order.id)).toMatchObject({ captured: order.payment.price.amount, captures: 1 });
  });

  it('settles a passed challenge from the webhook before the browser is back', async () => {
    const order = await p.order();
    const state = paymentStateSchema.parse((await p.pay(order.id, await p.token(TEST_CARDS.threeDSecure))).json());
    await t.app.inject({
      method: 'POST',
      url: state.actionUrl as string,
      payload: 'result=pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
    });
    await t.app.jobs?.runDueJobs();
    // Paid, and ticketing has begun or finished (the job queued with the payment).
    const paid = await p.get(order.id);
    expect(paid.paymentStatus).toBe(2);
    expect([4, 5]).toContain(paid.status);
    expect(paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json()).outcome).toBe('succeeded');
    expect(await charged(order.id)).toMatchObject({ captures: 1 });
  });

  it('fails the payment when the challenge is failed (2108), and the order can be paid again', async () => {
    const order = await p.order();
    const state = paymentStateSchema.parse((await p.pay(order.id, await p.token(TEST_CARDS.threeDSecure))).json());
    await t.app.inject({
      method: 'POST',
      url: state.actionUrl as string,
      payload: 'result=fail',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
    });
    const back = paymentStateSchema.parse((await p.state(order.id, state.attemptId)).json());
    expect(back).toMatchObject({ outcome: 'failed', errorCode: ERRORS.CARD_AUTHENTICATION_FAILED.errorCode });
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 0 });
  });

  it('lets a traveller who left the challenge pay with another card', async () => {
    const order = await p.order();
    await p.pay(order.id, await p.token(TEST_CARDS.threeDSecure));
    const res = await p.pay(order.id, await p.token());
    expect(paymentStateSchema.parse(res.json()).outcome).toBe('succeeded');
    expect(await charged(order.id)).toMatchObject({ captured: order.payment.price.amount, captures: 1 });
  });

  it('settles a capture whose answer was lost by asking the processor, once', async () => {
    const order = await p.order();
    const res = await p.pay(order.id, await p.token(TEST_CARDS.captureAnswerLost));
    const state = paymentStateSchema.parse(res.json());
    expect(state.outcome).toBe('processing');
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 1 });
    // While it is unsettled the order can be neither cancelled nor paid again.
    const cancel = await p.cancel(order.id);
    expect(codeOf(cancel)).toBe(ERRORS.PAYMENT_IN_PROGRESS.errorCode);
    await t.app.jobs?.runDueJobs();
    const paid = await p.get(order.id);
    expect(paid.paymentStatus).toBe(2);
    expect([4, 5]).toContain(paid.status);
    expect(await charged(order.id)).toEqual({ captured: order.payment.price.amount, refunded: 0, captures: 1 });
  });

  it('asks an order made in the mobile app to be paid in the app', async () => {
    // The app signs in saying so; its session keeps the channel.
    const appSession = await p.signIn({ 'x-client-channel': 'app' });
    const order = await p.order({ cookie: appSession });
    expect(order.channel).toBe('app');
    const web = await p.pay(order.id, await p.token());
    expect(codeOf(web)).toBe(ERRORS.PAY_IN_APP.errorCode);
    const app = await p.pay(order.id, await p.token(), randomUUID(), {}, appSession);
    expect(paymentStateSchema.parse(app.json()).outcome).toBe('succeeded');
  });

  it('pays a price difference (order status 1) on the same call', async () => {
    const order = await p.order();
    await p.pay(order.id, await p.token());
    // Ticketing found the fare had risen: 50.00 more on the first ticket.
    await t.db.updateTable('orders').set({ status: '1' }).where('id', '=', order.id).execute();
    const first = order.subOrders[0]?.id as string;
    await t.db.updateTable('subOrders').set({ priceDifferenceMinor: 5_000 }).where('id', '=', first).execute();
    expect((await p.get(order.id)).priceDifference).toEqual({ amount: 5_000, currency: 'CNY' });
    const res = await p.pay(order.id, await p.token());
    expect(paymentStateSchema.parse(res.json())).toMatchObject({
      outcome: 'succeeded',
      purpose: 'difference',
      amount: { amount: 5_000 },
    });
    const after = await p.get(order.id);
    expect(after).toMatchObject({ status: 4, priceDifference: null });
    expect(after.subOrders[0]?.paidAmount?.amount).toBe((order.subOrders[0]?.price.amount ?? 0) + 5_000);
    expect(await charged(order.id)).toMatchObject({ captured: order.payment.price.amount + 5_000 });
    expect(codeOf(await p.pay(order.id, await p.token()))).toBe(ERRORS.ORDER_ALREADY_PAID.errorCode);
  });

  it('closes payment at the deadline, and the order expires only once an attempt under way has settled', async () => {
    const order = await p.order();
    await p.pay(order.id, await p.token(TEST_CARDS.threeDSecure));
    clock = new Date(order.payment.deadline).getTime() + 1_000;
    expect(codeOf(await p.pay(order.id, await p.token()))).toBe(ERRORS.PAYMENT_CLOSED.errorCode);
    // The expiry waits for the attempt; settling it abandons the challenge, then the order expires.
    await t.app.jobs?.runDueJobs();
    expect(await p.get(order.id)).toMatchObject({ status: 'INVALID', paymentStatus: 'INVALID' });
    expect(await charged(order.id)).toMatchObject({ captured: 0 });
    clock = Date.now();
  });

  it('takes 50 requests at once for one order and captures once; the others answer 2000 or the same result', async () => {
    const order = await p.order();
    const shared = randomUUID();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => p.token()));
    const answers = await Promise.all(
      tokens.map((tok, i) =>
        p.pay(order.id, i % 2 === 0 ? (tokens[0] as string) : tok, i % 2 === 0 ? shared : randomUUID()),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => paymentStateSchema.parse(r.json()));
    const others = answers.filter((r) => r.statusCode !== 200).map(codeOf);
    expect(new Set(ok.map((s) => s.attemptId)).size).toBe(1);
    expect(ok.every((s) => s.outcome === 'succeeded')).toBe(true);
    expect(others.every((c) => c === ERRORS.ORDER_ALREADY_PAID.errorCode)).toBe(true);
    expect(await charged(order.id)).toEqual({ captured: order.payment.price.amount, refunded: 0, captures: 1 });
  });
});

describe('refunds', () => {
  it('returns money to the card that paid, once per key, never more than was paid', async () => {
    const order = await p.order();
    await p.pay(order.id, await p.token());
    const price = order.payment.price.amount;
    const refund = (amount: number, key: string) =>
      t.app.payments.refund({ orderId: order.id, subOrderId: order.subOrders[0]?.id, amount, idempotencyKey: key });
    const first = await refund(1_000, `r1-${order.id}`);
    expect(first).toMatchObject({ orderId: order.id, channel: 'card', state: 'succeeded', amount: { amount: 1_000 } });
    expect(await refund(1_000, `r1-${order.id}`)).toEqual(first);
    await expect(refund(price, `r2-${order.id}`)).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_PAYMENT' });
    const rest = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => refund(Math.ceil((price - 1_000) / 3), `rp-${i}-${order.id}`)),
    );
    const done = rest.filter((r) => r.status === 'fulfilled').length;
    expect(done).toBeLessThanOrEqual(3);
    const money = await charged(order.id);
    expect(money.refunded).toBe(1_000 + done * Math.ceil((price - 1_000) / 3));
    expect(money.refunded).toBeLessThanOrEqual(price);
  });
});
