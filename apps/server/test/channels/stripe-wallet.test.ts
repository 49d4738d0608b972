import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  cardSetupSchema,
  luhnCheckDigit,
  ORDER_STATUS,
  paymentStateSchema,
  savedCardListSchema,
  savedCardSchema,
  topUpStateSchema,
  walletSummarySchema,
} from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { cardDetails } from '../../src/features/payment/payment.test-support';
import { STRIPE_TEST_CARDS } from '../fakes/stripe-fake';
import { stripeSuite } from './stripe-app';

/*
 * The wallet's cards through Stripe, against the local Stripe: a card saved by a SetupIntent that the
 * browser's card field confirms for the account's customer, kept sealed and shown masked; paid with
 * again by its security code's `cvc_update` token (an order, and a top-up through 3-D Secure); removed,
 * and detached at Stripe; a declined card never saved; nobody else pays with it or saves it.
 */

const { fake, t, p } = stripeSuite();

const { name, billing } = cardDetails(STRIPE_TEST_CARDS.visa);
const post = (url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });
const cardsOf = async (cookie: string) =>
  savedCardListSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { cookie } })).json(),
  ).items;

/** A card saved as the wallet page saves it: a setup, confirmed by Stripe.js with the card, then kept by its id. */
async function saveCard(cookie: string, number: string) {
  const setup = await post('/api/wallet/card/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { clientSecret } = cardSetupSchema.parse(setup.json());
  const confirmed = await fake.confirmSetup(clientSecret, number);
  const setupId = clientSecret.split('_secret_')[0] ?? '';
  return { confirmed, setupId, res: await post('/api/wallet/card', cookie, { token: setupId, name, billing }) };
}

const topUp = (cookie: string, cardId: string, amount = 20_000) =>
  post(
    '/api/wallet/topup',
    cookie,
    { amount, source: { kind: 'savedCard', cardId, cvcToken: fake.cvcToken() } },
    { 'idempotency-key': randomUUID() },
  );

describe('the wallet’s cards with Stripe', () => {
  it('saves a card by a SetupIntent for the account’s customer, shown masked and never by Stripe’s id', async () => {
    const { confirmed, setupId, res } = await saveCard(p.cookie, STRIPE_TEST_CARDS.visa);
    expect(confirmed.status).toBe(200);
    expect(res.statusCode, res.body).toBe(200);
    const card = savedCardSchema.parse(res.json());
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(card.numberMasked).toContain('4242');
    const setup = fake.setups.get(setupId);
    const method = fake.methods.get(setup?.payment_method ?? '');
    expect(method?.customer).toBe(setup?.customer);
    expect(fake.customers.has(setup?.customer ?? '')).toBe(true);
    const listed = JSON.stringify(await cardsOf(p.cookie));
    expect(listed).not.toContain('pm_');
    expect(listed).not.toContain('seti_');
    // Saved again (a retry): the same card, kept once.
    const again = await post('/api/wallet/card', p.cookie, { token: setupId, name, billing });
    expect(savedCardSchema.parse(again.json()).id).toBe(card.id);
    expect((await cardsOf(p.cookie)).filter((c) => c.last4 === '4242')).toHaveLength(1);
  });

  it('keeps a card once when its SetupIntent is saved fifty times at once, each answer the same card', async () => {
    const cookie = await p.signUp();
    const setup = cardSetupSchema.parse((await post('/api/wallet/card/setup', cookie)).json());
    await fake.confirmSetup(setup.clientSecret, STRIPE_TEST_CARDS.visa);
    const setupId = setup.clientSecret.split('_secret_')[0] ?? '';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/wallet/card', cookie, { token: setupId, name, billing })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((r) => savedCardSchema.parse(r.json()).id));
    expect(ids.size).toBe(1);
    expect((await cardsOf(cookie)).map((c) => c.id)).toEqual([...ids]);
  });

  it('pays an order with the saved card and its security code typed in Stripe’s field', async () => {
    const card = (await cardsOf(p.cookie)).find((c) => c.last4 === '4242');
    const order = await p.order();
    const res = await post(
      '/api/order/pay',
      p.cookie,
      { orderId: order.id, method: { kind: 'savedCard', cardId: card?.id, cvcToken: fake.cvcToken() } },
      { 'idempotency-key': randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentStateSchema.parse(res.json()).outcome).toBe('succeeded');
    expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
    const intent = [...fake.intents.values()].find((i) => i.metadata.orderId === order.id);
    expect(intent?.customer).not.toBeNull();
    expect(fake.methods.get(intent?.payment_method ?? '')?.customer).toBe(intent?.customer);
  });

  it('tops up from a saved card through 3-D Secure, credited once', async () => {
    const cookie = await p.signUp();
    const saved = savedCardSchema.parse((await saveCard(cookie, STRIPE_TEST_CARDS.threeDSecure)).res.json());
    const res = await topUp(cookie, saved.id);
    const state = topUpStateSchema.parse(res.json());
    expect(state.outcome).toBe('action');
    expect(new URL(state.actionUrl ?? '').origin).toBe(fake.baseUrl);
    const intent = [...fake.intents.values()].find((i) => i.metadata.walletTopup === state.id);
    await fake.authenticate(intent?.id ?? '', true);
    for (let i = 0; i < 2; i++) {
      const after = await t.app.inject({ method: 'GET', url: `/api/wallet/topup?id=${state.id}`, headers: { cookie } });
      expect(topUpStateSchema.parse(after.json()).outcome).toBe('succeeded');
    }
    const summary = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie } });
    expect(walletSummarySchema.parse(summary.json()).balance.amount).toBe(20_000);
  });

  it('keeps a card number saved by two SetupIntents once, the second PaymentMethod detached at Stripe', async () => {
    const cookie = await p.signUp();
    const first = await saveCard(cookie, STRIPE_TEST_CARDS.visa);
    const second = await saveCard(cookie, STRIPE_TEST_CARDS.visa);
    expect(second.res.statusCode, second.res.body).toBe(200);
    const kept = savedCardSchema.parse(first.res.json());
    expect(savedCardSchema.parse(second.res.json()).id).toBe(kept.id);
    expect((await cardsOf(cookie)).map((c) => c.id)).toEqual([kept.id]);
    const methodOf = (setupId: string) => fake.methods.get(fake.setups.get(setupId)?.payment_method ?? '');
    expect(methodOf(first.setupId)?.customer).toBeTruthy();
    expect(methodOf(second.setupId)?.customer).toBeNull();
    const other = await saveCard(cookie, STRIPE_TEST_CARDS.mastercard);
    expect(savedCardSchema.parse(other.res.json()).id).not.toBe(kept.id);
    expect(await cardsOf(cookie)).toHaveLength(2);
  });

  it('at ten cards saves one of them again by a new SetupIntent, and refuses a new eleventh with 2153', async () => {
    const cookie = await p.signUp();
    const visa = (i: number) => {
      const body = `400000123${String(i).padStart(6, '0')}`;
      return `${body}${luhnCheckDigit(body)}`;
    };
    const saved = [];
    for (let i = 0; i < 10; i++) saved.push(savedCardSchema.parse((await saveCard(cookie, visa(i))).res.json()));
    // The fourth card's number typed again in Stripe's field: the card kept, not the limit.
    const again = await saveCard(cookie, visa(3));
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(savedCardSchema.parse(again.res.json()).id).toBe(saved[3]?.id);
    // A new number: refused once Stripe names it, and its PaymentMethod detached again.
    const eleventh = await saveCard(cookie, STRIPE_TEST_CARDS.mastercard);
    expect(eleventh.confirmed.status).toBe(200);
    expect(eleventh.res.statusCode).toBe(422);
    expect(apiErrorSchema.parse(eleventh.res.json()).errorCode).toBe(2153);
    expect(fake.methods.get(fake.setups.get(eleventh.setupId)?.payment_method ?? '')?.customer).toBeNull();
    expect((await cardsOf(cookie)).map((c) => c.id).sort()).toEqual(saved.map((c) => c.id).sort());
  });

  it('removes a card: detached from the customer at Stripe, and gone from the wallet', async () => {
    const cookie = await p.signUp();
    const { setupId, res } = await saveCard(cookie, STRIPE_TEST_CARDS.visa);
    const card = savedCardSchema.parse(res.json());
    const method = fake.methods.get(fake.setups.get(setupId)?.payment_method ?? '');
    expect(method?.customer).toBeTruthy();
    const removed = await post('/api/wallet/card/remove', cookie, { id: card.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(method?.customer).toBeNull();
    expect(await cardsOf(cookie)).toEqual([]);
    expect(fake.calls.filter((c) => c.path === `/v1/payment_methods/${method?.id}/detach`)).toHaveLength(1);
  });

  it('never saves a card Stripe declined', async () => {
    const cookie = await p.signUp();
    const { confirmed, res } = await saveCard(cookie, STRIPE_TEST_CARDS.declined);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body).toMatchObject({ error: { code: 'card_declined' } });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).errorCode).toBe(2112);
    expect(await cardsOf(cookie)).toEqual([]);
  });

  it('lets no other account pay with the card, nor save its setup', async () => {
    const { setupId, res } = await saveCard(p.cookie, STRIPE_TEST_CARDS.visa);
    const card = savedCardSchema.parse(res.json());
    const other = await p.signUp();
    const paid = await topUp(other, card.id);
    expect(paid.statusCode).toBe(404);
    expect(apiErrorSchema.parse(paid.json()).errorCode).toBe(2152);
    const taken = await post('/api/wallet/card', other, { token: setupId, name, billing });
    expect(taken.statusCode).toBe(400);
    expect(apiErrorSchema.parse(taken.json()).errorCode).toBe(2112);
    expect(await cardsOf(other)).toEqual([]);
    const removed = await post('/api/wallet/card/remove', other, { id: card.id });
    expect(removed.statusCode).toBe(404);
    expect((await cardsOf(p.cookie)).map((c) => c.id)).toContain(card.id);
  });
});
