import { randomUUID } from 'node:crypto';
import {
  cardSetupSchema,
  currentUserSchema,
  noticePageSchema,
  savedCardSchema,
  topUpStateSchema,
  walletSummarySchema,
} from '@junction/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { addJob } from '../../src/jobs/jobs';
import { STRIPE_TEST_CARDS, StripeFake } from '../fakes/stripe-fake';
import { QUIET_SETTINGS, type TestApp } from '../harness';
import { registerMobile } from '../support/accounts';
import { runAllJobs } from '../support/jobs';
import { sharedDatabase } from '../support/shared-database';
import { STRIPE_PUBLIC_URL, stripeWebhook } from './stripe-app';
import { STRIPE_TEST_KEYS } from './stripe-keys';

/*
 * A card top-up that Stripe captured after we had recorded it failed, against the local Stripe: the wallet
 * is never credited, and the money goes back to the card once, the traveller told once. Found by Stripe's
 * webhook (delivered twice at once), or, every webhook lost, by the wallet's sweep run by two processes of
 * the app on one database at the same time.
 */

const fake = new StripeFake(STRIPE_TEST_KEYS);
/** The clock both processes read. */
const clock = Date.now();
let shared: Awaited<ReturnType<typeof sharedDatabase>>;
let a: TestApp;
let b: TestApp;
let users = 0;

beforeAll(async () => {
  await fake.start();
  shared = await sharedDatabase();
  const settings = {
    ...QUIET_SETTINGS,
    PUBLIC_URL: STRIPE_PUBLIC_URL,
    PAYMENT_PROCESSOR: 'stripe',
    STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
    STRIPE_API_BASE: fake.baseUrl,
  };
  a = await shared.app(settings, () => new Date(clock));
  b = await shared.app(settings, () => new Date(clock));
  // Every webhook reaches process A twice at once.
  fake.deliver = async (body, signature) => {
    const [first] = await Promise.all([stripeWebhook(a, body, signature), stripeWebhook(a, body, signature)]);
    return first.statusCode;
  };
}, 180_000);
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await shared?.close();
  await fake.stop();
});

const { name, billing } = cardDetails(STRIPE_TEST_CARDS.threeDSecure);
const post = (cookie: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
  a.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
const get = (cookie: string, url: string) => a.app.inject({ method: 'GET', url, headers: { cookie } });

/** A traveller with a 3-D Secure card saved, and a top-up from it waiting for the challenge. */
async function topUpWaiting(amount: number, language: 'en' | 'zh-CN') {
  users++;
  const cookie = await registerMobile(a, `1360013${String(1000 + users).padStart(4, '0')}`, `10.18.0.${users}`);
  const me = currentUserSchema.parse((await get(cookie, '/user')).json());
  await sql`update users set language = ${language} where id = ${me.info.id}`.execute(a.db);
  const { clientSecret } = cardSetupSchema.parse((await post(cookie, '/api/wallet/card/setup')).json());
  await fake.confirmSetup(clientSecret, STRIPE_TEST_CARDS.threeDSecure);
  const token = clientSecret.split('_secret_')[0] ?? '';
  const card = savedCardSchema.parse((await post(cookie, '/api/wallet/card', { token, name, billing })).json());
  const res = await post(
    cookie,
    '/api/wallet/topup',
    { amount, source: { kind: 'savedCard', cardId: card.id, cvcToken: fake.cvcToken() } },
    { 'idempotency-key': randomUUID() },
  );
  const state = topUpStateSchema.parse(res.json());
  expect(state.outcome).toBe('action');
  const intent = [...fake.intents.values()].find((i) => i.metadata.walletTopup === state.id);
  if (!intent) throw new Error('no intent for the top-up');
  // We record the top-up failed (its challenge timed out, say) before Stripe is heard from again.
  await a.db
    .updateTable('walletTopups')
    .set({ status: 'failed', error: 'canceled', updatedAt: new Date(clock) })
    .where('id', '=', state.id)
    .execute();
  return { cookie, topupId: state.id, intent };
}

/** What the traveller sees and was told of a late top-up, and what went back to the card. */
async function outcome(cookie: string, topupId: string, intentId: string) {
  const notices = noticePageSchema
    .parse((await get(cookie, '/notifications')).json())
    .items.filter((n) => n.kind === 'topup-late-refunded');
  const refunds = await a.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', topupId).execute();
  return {
    balance: walletSummarySchema.parse((await get(cookie, '/api/wallet')).json()).balance.amount,
    state: topUpStateSchema.parse((await get(cookie, `/api/wallet/topup?id=${topupId}`)).json()).outcome,
    notices,
    refunds: refunds.map((r) => [r.app, r.amountMinor, r.state]),
    atStripe: [...fake.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount),
  };
}

const texts = (marker: string) => [...a.sms.sent, ...b.sms.sent].filter((m) => m.text.includes(marker));

describe('a card top-up captured by Stripe after it had failed', () => {
  it('is refunded to the card once when the webhook comes twice at once, the wallet never credited', async () => {
    const { cookie, topupId, intent } = await topUpWaiting(25_000, 'en');
    await fake.authenticate(intent.id, true);
    expect(intent.status).toBe('succeeded');
    expect(await outcome(cookie, topupId, intent.id)).toMatchObject({
      balance: 0,
      state: 'failed',
      refunds: [['card', 25_000, 'succeeded']],
      atStripe: [25_000],
    });
    // Delivered once more, later: nothing further.
    await fake.emit('payment_intent.succeeded', { id: intent.id, object: 'payment_intent' });
    await runAllJobs(a, 2);
    const after = await outcome(cookie, topupId, intent.id);
    expect(after).toMatchObject({ balance: 0, state: 'failed', atStripe: [25_000] });
    expect(after.notices).toHaveLength(1);
    expect(after.notices[0]?.params).toMatchObject({ amountMinor: 25_000, channel: 'card', last4: '3184' });
    const sent = texts('Late top-up refunded');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('Your top-up of ¥250 arrived after it had ended, so your wallet was not credited');
    expect(sent[0]?.text).toContain('refunded to the bank card ending 3184');
  });

  it('is found by the sweep when every webhook is lost, refunded once with two processes sweeping at once', async () => {
    const { cookie, topupId, intent } = await topUpWaiting(8_800, 'zh-CN');
    fake.dropWebhooks = true;
    await fake.authenticate(intent.id, true).finally(() => {
      fake.dropWebhooks = false;
    });
    expect(intent.status).toBe('succeeded');
    expect((await outcome(cookie, topupId, intent.id)).refunds).toEqual([]);

    await addJob(a.db, 'wallet.refundLateTopups', {});
    await addJob(a.db, 'wallet.refundLateTopups', {});
    await Promise.all([runAllJobs(a), runAllJobs(b)]);
    await Promise.all([runAllJobs(a), runAllJobs(b)]);
    const after = await outcome(cookie, topupId, intent.id);
    expect(after).toMatchObject({
      balance: 0,
      state: 'failed',
      refunds: [['card', 8_800, 'succeeded']],
      atStripe: [8_800],
    });
    expect(after.notices).toHaveLength(1);
    const sent = texts('逾期充值已退回');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain('未计入钱包余额');
    expect(sent[0]?.text).toContain('尾号 3184 的银行卡');
  });
});
