import { createHmac, randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  cardTokenSchema,
  cvcTokenSchema,
  luhnCheckDigit,
  noticePageSchema,
  type SavedCard,
  savedCardListSchema,
  savedCardSchema,
  type TokenizeCardInput,
  topUpStateSchema,
  walletEntryPageSchema,
  walletSummarySchema,
} from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedGateway } from '../src/features/payment/gateway/simulator/simulated-gateway';
import { SimulatorRepository } from '../src/features/payment/gateway/simulator/simulator.repository';
import { GatewaySimulator } from '../src/features/payment/gateway/simulator/simulator.service';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { AppTopups } from '../src/features/wallet/app-topups';
import { LateTopupRefunds } from '../src/features/wallet/late-topup-refunds';
import { type CardProcessor, ProcessorUnavailable } from '../src/features/wallet/ports';
import { SavedCards } from '../src/features/wallet/saved-cards';
import { SavedCardsRepository } from '../src/features/wallet/saved-cards.repository';
import { WalletLedger } from '../src/features/wallet/wallet.ledger';
import { WalletRepository } from '../src/features/wallet/wallet.repository';
import { WalletService } from '../src/features/wallet/wallet.service';
import { addJob } from '../src/jobs/jobs';
import { walletApps } from '../src/wiring/wallet-apps';
import { asWalletCall } from '../src/wiring/wallet-processor';
import { createTestApp, type TestApp, testSecrets } from './harness';
import { registerMobile, userIdOf } from './support/accounts';
import { runAllJobs } from './support/jobs';

let t: TestApp;
const secrets = testSecrets();
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', GATEWAY_SIM_LATENCY_MS: '0' }, undefined, { secrets });
  simulatorSession = (await signUp()).cookie;
}, 120_000);
afterAll(() => t.close());

let counter = 0;
/** A session for the card processor's routes, which need one as the API's do. */
let simulatorSession = '';
async function signUp(): Promise<{ cookie: string; userId: string }> {
  const mobile = `1350013${String(1000 + counter++).padStart(4, '0')}`;
  const cookie = await registerMobile(t, mobile, `10.16.0.${counter}`);
  return { cookie, userId: await userIdOf(t, mobile) };
}

const BILLING = {
  line1: '1 Jianguomenwai Avenue',
  line2: 'Tower B, 12F',
  city: 'Beijing',
  region: 'Beijing',
  country: 'CN',
  zip: '100004',
  phone: '+8613800138000',
};

const { phone: _phone, ...SHOWN_BILLING } = BILLING;

function card(number: string, expYear = 2031): TokenizeCardInput {
  return {
    number,
    expMonth: 12,
    expYear,
    name: 'ZHANG WEI',
    cvc: number.length === 15 ? '1234' : '123',
    billing: BILLING,
  };
}

/** What the browser does: the card goes to the processor's tokenisation endpoint, never to our API. */
async function tokenOf(number: string, expYear?: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway-sim/v1/tokens',
    payload: card(number, expYear),
    headers: { cookie: simulatorSession },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cardTokenSchema.parse(res.json()).token;
}

/** The `i`th of many Visa numbers that pay normally, each a card of its own. */
const visaNumber = (i: number) => {
  const body = `400000123${String(i).padStart(6, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

const post = (cookie: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie, ...headers } });
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const errorCode = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).errorCode;

async function saveCard(cookie: string, number: string = TEST_CARDS.visa, description = 'Travel card') {
  const res = await post(cookie, '/api/wallet/card', {
    token: await tokenOf(number),
    name: 'ZHANG WEI',
    billing: BILLING,
    description,
  });
  expect(res.statusCode, res.body).toBe(200);
  return savedCardSchema.parse(res.json());
}

/** What the browser does for a saved card: the security code typed again goes to the processor for a token. */
async function cvcToken(card: SavedCard): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway-sim/v1/tokens/cvc',
    payload: { cvc: card.brand === 'amex' ? '1234' : '123' },
    headers: { cookie: simulatorSession },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cvcTokenSchema.parse(res.json()).token;
}

const topUp = async (
  cookie: string,
  card: SavedCard,
  amount: number,
  key: string | null = randomUUID(),
  token?: string,
) =>
  post(
    cookie,
    '/api/wallet/topup',
    { amount, source: { kind: 'savedCard', cardId: card.id, cvcToken: token ?? (await cvcToken(card)) } },
    key === null ? {} : { 'idempotency-key': key },
  );
/** The cardholder at the simulator's 3-D Secure page, passing or failing it. */
const challenge = (cookie: string, actionUrl: string | null, result: 'pass' | 'fail') =>
  t.app.inject({
    method: 'POST',
    url: actionUrl ?? '',
    payload: `result=${result}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
const balanceOf = async (cookie: string) =>
  walletSummarySchema.parse((await get(cookie, '/api/wallet')).json()).balance.amount;

describe('saved cards', () => {
  it('are saved from a processor token with the fields of spec §3, masked, and never hold the number', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie, TEST_CARDS.amex, 'Business');
    expect(saved).toMatchObject({
      brand: 'amex',
      last4: '0005',
      numberMasked: '•••• •••••• •0005',
      expMonth: 12,
      expYear: 2031,
      expired: false,
      name: 'ZHANG WEI',
      billing: { ...SHOWN_BILLING, phoneMasked: '+86 138****8000' },
      description: 'Business',
    });
    const list = savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json());
    expect(list.items.map((c) => c.id)).toEqual([saved.id]);
    const rows = await t.db.selectFrom('walletCards').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(TEST_CARDS.amex);
  });

  it('keep the billing address and phone sealed at rest, and show the phone masked', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie, TEST_CARDS.visa, 'Sealed');
    const row = await t.db.selectFrom('walletCards').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row.billing).toBeNull();
    expect(row.billingSealed).toMatch(/^v1\./);
    for (const plain of ['Jianguomenwai', 'Tower B', '100004', '13800138000', 'Beijing'])
      expect(JSON.stringify(row)).not.toContain(plain);
    expect(JSON.parse(secrets.keyring.open(row.billingSealed ?? '', 'wallet_cards.billing'))).toEqual(BILLING);
    const body = (await get(a.cookie, '/api/wallet/cards')).body;
    expect(body).not.toContain('13800138000');
    expect(body).toContain('138****8000');
  });

  it('saved before sealing are sealed by the scheduled job, and read the same before and after', async () => {
    const a = await signUp();
    const legacy = { ...BILLING, line1: '88 Century Avenue', city: 'Shanghai', phone: '+852 5123 4567' };
    const inserted = await t.db
      .insertInto('walletCards')
      .values({
        userId: a.userId,
        token: await tokenOf(TEST_CARDS.mastercard),
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: 2031,
        holderName: 'LI NA',
        billing: JSON.stringify(legacy),
        billingSealed: null,
        description: 'Old card',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json());
    const shown = before.items.find((c) => c.id === inserted.id);
    expect(shown?.billing).toMatchObject({
      line1: '88 Century Avenue',
      city: 'Shanghai',
      phoneMasked: '+852 ****4567',
    });
    await addJob(t.db, 'wallet.sealCards', {});
    await t.app.jobs?.runDueJobs();
    const row = await t.db
      .selectFrom('walletCards')
      .selectAll()
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(row.billing).toBeNull();
    expect(JSON.stringify(row)).not.toContain('Century');
    const after = savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json());
    expect(after.items.find((c) => c.id === inserted.id)).toEqual(shown);
  });

  it('refuse a token the processor does not know with 2112', async () => {
    const a = await signUp();
    const res = await post(a.cookie, '/api/wallet/card', { token: 'tok_forged', name: 'X', billing: BILLING });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe(2112);
  });

  it("have their description changed and are deleted by their owner only; another user's card does not exist", async () => {
    const a = await signUp();
    const b = await signUp();
    const saved = await saveCard(a.cookie);
    for (const [url, body] of [
      ['/api/wallet/card/update', { id: saved.id, description: 'Mine now' }],
      ['/api/wallet/card/remove', { id: saved.id }],
    ] as const) {
      const res = await post(b.cookie, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(errorCode(res)).toBe(2152);
    }
    const theirs = await topUp(b.cookie, saved, 10_000);
    expect(errorCode(theirs)).toBe(2152);
    expect(savedCardListSchema.parse((await get(b.cookie, '/api/wallet/cards')).json()).items).toEqual([]);

    const updated = await post(a.cookie, '/api/wallet/card/update', { id: saved.id, description: '  Family  ' });
    expect(savedCardSchema.parse(updated.json()).description).toBe('Family');
    expect((await post(a.cookie, '/api/wallet/card/remove', { id: saved.id })).statusCode).toBe(200);
    expect(savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json()).items).toEqual([]);
  });

  it('are kept once when the same card is saved fifty times at once, each answer the same card', async () => {
    const a = await signUp();
    const token = await tokenOf(TEST_CARDS.visa);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(a.cookie, '/api/wallet/card', { token, name: 'ZHANG WEI', billing: BILLING }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((r) => savedCardSchema.parse(r.json()).id));
    expect(ids.size).toBe(1);
    const listed = savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json()).items;
    expect(listed.map((c) => c.id)).toEqual([...ids]);
  });

  it('are at most ten per account, even when saved at once', async () => {
    const a = await signUp();
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => tokenOf(visaNumber(i))));
    const results = await Promise.all(
      tokens.map((token) => post(a.cookie, '/api/wallet/card', { token, name: 'LI NA', billing: BILLING })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 200).map(errorCode)).toEqual([2153, 2153]);
  });

  it('at the limit answer a card kept already as kept, and refuse a new one with 2153', async () => {
    const a = await signUp();
    const tokens = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenOf(visaNumber(i))));
    const saved = [];
    for (const token of tokens) {
      const res = await post(a.cookie, '/api/wallet/card', { token, name: 'LI NA', billing: BILLING });
      saved.push(savedCardSchema.parse(res.json()));
    }
    // The tenth card saved again (a retry after a lost answer): the card kept, not the limit.
    const again = await post(a.cookie, '/api/wallet/card', { token: tokens[9], name: 'LI NA', billing: BILLING });
    expect(again.statusCode, again.body).toBe(200);
    expect(savedCardSchema.parse(again.json()).id).toBe(saved[9]?.id);
    // The fourth card's number saved once more, by a new token: the card kept, not the limit.
    const sameNumber = await post(a.cookie, '/api/wallet/card', {
      token: await tokenOf(visaNumber(3)),
      name: 'LI NA',
      billing: BILLING,
    });
    expect(sameNumber.statusCode, sameNumber.body).toBe(200);
    expect(savedCardSchema.parse(sameNumber.json()).id).toBe(saved[3]?.id);
    const fresh = await post(a.cookie, '/api/wallet/card', {
      token: await tokenOf(TEST_CARDS.mastercard),
      name: 'LI NA',
      billing: BILLING,
    });
    expect(errorCode(fresh)).toBe(2153);
    expect(savedCardListSchema.parse((await get(a.cookie, '/api/wallet/cards')).json()).items).toHaveLength(10);
  });
});

describe('the same card number saved again', () => {
  const listed = async (cookie: string) =>
    savedCardListSchema.parse((await get(cookie, '/api/wallet/cards')).json()).items;
  const saveBy = (cookie: string, token: string) =>
    post(cookie, '/api/wallet/card', { token, name: 'ZHANG WEI', billing: BILLING, description: 'Travel card' });
  /** A top-up of ¥100 by a card typed in, saving it. */
  const topUpSaving = async (cookie: string, number: string) => {
    const save = { name: 'ZHANG WEI', billing: BILLING, description: 'Saved at top-up' };
    const source = { kind: 'card', token: await tokenOf(number), save };
    const res = await post(
      cookie,
      '/api/wallet/topup',
      { amount: 10_000, source },
      { 'idempotency-key': randomUUID() },
    );
    const state = topUpStateSchema.parse(res.json());
    expect(state.outcome, res.body).toBe('succeeded');
    return state;
  };

  it('from the wallet page is listed once, with the later of the two expiries', async () => {
    const a = await signUp();
    const first = await saveCard(a.cookie, TEST_CARDS.visa);
    const again = await saveBy(a.cookie, await tokenOf(TEST_CARDS.visa, 2033));
    expect(again.statusCode, again.body).toBe(200);
    expect(savedCardSchema.parse(again.json()).id).toBe(first.id);
    expect((await listed(a.cookie)).map((c) => [c.id, c.last4, c.expYear])).toEqual([[first.id, '4242', 2033]]);
    // An earlier expiry saved afterwards does not shorten the card's.
    await saveBy(a.cookie, await tokenOf(TEST_CARDS.visa, 2030));
    expect((await listed(a.cookie)).map((c) => c.expYear)).toEqual([2033]);
  });

  it('by two top-ups that save it is listed once', async () => {
    const a = await signUp();
    await topUpSaving(a.cookie, TEST_CARDS.mastercard);
    await topUpSaving(a.cookie, TEST_CARDS.mastercard);
    expect((await listed(a.cookie)).map((c) => [c.brand, c.last4])).toEqual([['mastercard', '4444']]);
    expect(await balanceOf(a.cookie)).toBe(20_000);
  });

  it('fifty times at once, each by a token of its own, is listed once and every answer is that card', async () => {
    const a = await signUp();
    const tokens = await Promise.all(Array.from({ length: 50 }, () => tokenOf(TEST_CARDS.visa)));
    const answers = await Promise.all(tokens.map((token) => saveBy(a.cookie, token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const ids = new Set(answers.map((r) => savedCardSchema.parse(r.json()).id));
    expect(ids.size).toBe(1);
    expect((await listed(a.cookie)).map((c) => c.id)).toEqual([...ids]);
  });

  it('is another card for another number, and for another account', async () => {
    const a = await signUp();
    const b = await signUp();
    const visa = await saveCard(a.cookie, visaNumber(100));
    const other = await saveCard(a.cookie, visaNumber(101));
    expect(other.id).not.toBe(visa.id);
    expect(new Set((await listed(a.cookie)).map((c) => c.id))).toEqual(new Set([visa.id, other.id]));
    const theirs = await saveCard(b.cookie, visaNumber(100));
    expect((await listed(b.cookie)).map((c) => c.id)).toEqual([theirs.id]);
    expect(await listed(a.cookie)).toHaveLength(2);
  });

  it('by a top-up at the limit of ten is no new card: the top-up is paid, ten are listed, and a new one is not saved with 2153', async () => {
    const a = await signUp();
    for (let i = 0; i < 10; i++) await saveCard(a.cookie, visaNumber(200 + i));
    await topUpSaving(a.cookie, visaNumber(204));
    expect(await listed(a.cookie)).toHaveLength(10);
    const before = await listed(a.cookie);
    // The top-up goes through without the new card, its answer saying why the card is not saved.
    expect(await topUpSaving(a.cookie, visaNumber(210))).toMatchObject({ saveErrorCode: 2153 });
    expect(await listed(a.cookie)).toEqual(before);
    expect(await balanceOf(a.cookie)).toBe(20_000);
    // A card kept already, saved again at the limit, says nothing of the limit.
    expect((await topUpSaving(a.cookie, visaNumber(201))).saveErrorCode).toBeUndefined();
  });

  /** A top-up from a new 3-D Secure card asked to save it, its challenge passed: the answers before and after. */
  const topUpSavingThrough3ds = async (cookie: string, meanwhile: () => Promise<unknown> = async () => {}) => {
    const save = { name: 'ZHANG WEI', billing: BILLING, description: 'Saved at top-up' };
    const source = { kind: 'card', token: await tokenOf(TEST_CARDS.threeDSecure), save };
    const key = randomUUID();
    const ask = () => post(cookie, '/api/wallet/topup', { amount: 10_000, source }, { 'idempotency-key': key });
    const started = topUpStateSchema.parse((await ask()).json());
    expect(started.outcome).toBe('action');
    await meanwhile();
    expect((await challenge(cookie, started.actionUrl, 'pass')).statusCode).toBe(303);
    const back = topUpStateSchema.parse((await get(cookie, `/api/wallet/topup?id=${started.id}`)).json());
    expect(back.outcome).toBe('succeeded');
    return { started, back, again: topUpStateSchema.parse((await ask()).json()) };
  };

  it('by a top-up through 3-D Secure at the limit of ten still says, after the challenge, that the new card is not saved', async () => {
    const a = await signUp();
    for (let i = 0; i < 10; i++) await saveCard(a.cookie, visaNumber(230 + i));
    const before = await listed(a.cookie);
    const { started, back, again } = await topUpSavingThrough3ds(a.cookie);
    expect(started.saveErrorCode).toBe(2153);
    // The wallet page the traveller comes back to asks for the top-up: its answer still says why.
    expect(back.saveErrorCode).toBe(2153);
    expect(again).toMatchObject({ id: started.id, outcome: 'succeeded', saveErrorCode: 2153 });
    expect(await listed(a.cookie)).toEqual(before);
    expect(await balanceOf(a.cookie)).toBe(10_000);
  });

  it('by a top-up through 3-D Secure, the tenth card saved during the challenge, says that the new card is not saved', async () => {
    const a = await signUp();
    for (let i = 0; i < 9; i++) await saveCard(a.cookie, visaNumber(240 + i));
    const { started, back } = await topUpSavingThrough3ds(a.cookie, () => saveCard(a.cookie, visaNumber(249)));
    expect(started.saveErrorCode).toBeUndefined();
    expect(back.saveErrorCode).toBe(2153);
    const cards = await listed(a.cookie);
    expect(cards).toHaveLength(10);
    expect(cards.map((c) => c.last4)).not.toContain(TEST_CARDS.threeDSecure.slice(-4));
    expect(await balanceOf(a.cookie)).toBe(10_000);
  });

  it('by a top-up through 3-D Secure below the limit is saved, and its answers say nothing of the limit', async () => {
    const a = await signUp();
    const { started, back } = await topUpSavingThrough3ds(a.cookie);
    expect([started.saveErrorCode, back.saveErrorCode]).toEqual([undefined, undefined]);
    expect((await listed(a.cookie)).map((c) => c.last4)).toEqual([TEST_CARDS.threeDSecure.slice(-4)]);
  });
});

describe('top-ups', () => {
  it('credit the balance once per Idempotency-Key, with a ledger entry naming the card', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie);
    const key = randomUUID();
    const token = await cvcToken(saved);
    const answers = await Promise.all(Array.from({ length: 10 }, () => topUp(a.cookie, saved, 12_345, key, token)));
    const states = answers.map((r) => topUpStateSchema.parse(r.json()));
    expect(new Set(states.map((s) => s.id)).size).toBe(1);
    const final = topUpStateSchema.parse((await get(a.cookie, `/api/wallet/topup?id=${states[0]?.id}`)).json());
    expect(final).toMatchObject({ outcome: 'succeeded', amount: { amount: 12_345 }, errorCode: null });
    expect(await balanceOf(a.cookie)).toBe(12_345);
    const entries = walletEntryPageSchema.parse((await get(a.cookie, '/api/wallet/entries')).json());
    expect(entries.items).toMatchObject([{ kind: 'topup', amount: { amount: 12_345 }, reference: 'VISA •••• 4242' }]);

    const reused = await topUp(a.cookie, saved, 99_999, key);
    expect(errorCode(reused)).toBe(2155);
    expect(errorCode(await topUp(a.cookie, saved, 12_345, null))).toBe(2015);
    for (const amount of [0, 99, 5_000_001]) expect(errorCode(await topUp(a.cookie, saved, amount))).toBe(2151);
    expect(await balanceOf(a.cookie)).toBe(12_345);
  });

  it('answer the decline of the card and move no money', async () => {
    const a = await signUp();
    for (const [number, code] of [
      [TEST_CARDS.declined, 2104],
      [TEST_CARDS.insufficientFunds, 2105],
    ] as const) {
      const saved = await saveCard(a.cookie, number);
      const state = topUpStateSchema.parse((await topUp(a.cookie, saved, 5_000)).json());
      expect(state).toMatchObject({ outcome: 'failed', errorCode: code });
    }
    expect(await balanceOf(a.cookie)).toBe(0);
  });

  it('go through the 3-D Secure challenge and settle when the browser comes back, passed or failed', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie, TEST_CARDS.threeDSecure);
    for (const result of ['pass', 'fail'] as const) {
      const state = topUpStateSchema.parse((await topUp(a.cookie, saved, 20_000)).json());
      expect(state.outcome).toBe('action');
      expect(state.actionUrl).toMatch(/^\/gateway-sim\/3ds\//);
      const done = await challenge(a.cookie, state.actionUrl, result);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/account/wallet?topup=${state.id}`);
      const back = topUpStateSchema.parse((await get(a.cookie, `/api/wallet/topup?id=${state.id}`)).json());
      expect(back.outcome).toBe(result === 'pass' ? 'succeeded' : 'failed');
      if (result === 'fail') expect(back.errorCode).toBe(2108);
    }
    expect(await balanceOf(a.cookie)).toBe(20_000);
    const b = await signUp();
    const entries = walletEntryPageSchema.parse((await get(a.cookie, '/api/wallet/entries')).json());
    const theirs = await get(b.cookie, `/api/wallet/topup?id=${randomUUID()}`);
    expect(entries.total).toBe(1);
    expect(errorCode(theirs)).toBe(2154);
  });

  it('captured by the processor after they were recorded failed go back to the card once, the wallet not credited', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie, TEST_CARDS.threeDSecure);
    const state = topUpStateSchema.parse((await topUp(a.cookie, saved, 15_000)).json());
    expect(state.outcome).toBe('action');
    const { intentId } = await t.db
      .updateTable('walletTopups')
      .set({ status: 'failed', error: 'canceled' })
      .where('id', '=', state.id)
      .returning('intentId')
      .executeTakeFirstOrThrow();
    // The challenge is passed after all: the processor captures the money and says so by its webhook.
    expect((await challenge(a.cookie, state.actionUrl, 'pass')).statusCode).toBe(303);
    await runAllJobs(t, 2);
    // The webhook comes twice more, and the sweep asks the processor too: nothing further.
    const events = t.db.updateTable('gatewaySimEvents').set({ deliveredAt: null }).where('intentId', '=', intentId);
    for (const { id } of await events.returning('id').execute()) {
      await addJob(t.db, 'gatewaySim.webhook', { eventId: id });
      await addJob(t.db, 'gatewaySim.webhook', { eventId: id });
    }
    await addJob(t.db, 'wallet.refundLateTopups', {});
    await runAllJobs(t, 2);
    const refunds = await t.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', state.id).execute();
    expect(refunds.map((r) => [r.app, r.amountMinor, r.state])).toEqual([['card', 15_000, 'succeeded']]);
    const atProcessor = await t.db
      .selectFrom('gatewaySimRefunds')
      .selectAll()
      .where('intentId', '=', intentId ?? '')
      .execute();
    expect(atProcessor.map((r) => r.amount)).toEqual([15_000]);
    expect(await balanceOf(a.cookie)).toBe(0);
    expect(topUpStateSchema.parse((await get(a.cookie, `/api/wallet/topup?id=${state.id}`)).json()).outcome).toBe(
      'failed',
    );
    const notices = noticePageSchema
      .parse((await get(a.cookie, '/notifications')).json())
      .items.filter((n) => n.kind === 'topup-late-refunded');
    expect(notices.map((n) => n.params)).toMatchObject([{ amountMinor: 15_000, channel: 'card', last4: saved.last4 }]);
    expect(t.sms.sent.filter((m) => m.text.includes(`refunded to the bank card ending ${saved.last4}`))).toHaveLength(
      1,
    );
  });

  it('whose answer was lost are settled by the job from the processor, credited exactly once', async () => {
    const a = await signUp();
    const saved = await saveCard(a.cookie);
    const sim = new GatewaySimulator(
      new SimulatorRepository(t.db),
      {
        basePath: '/gateway-sim',
        webhookSecret: 'wallet-test-secret-000',
        webhookAttempts: 1,
        // The server's own issuer key: the saved card's security code digest was made with it.
        issuerKey: createHmac('sha256', secrets.hmacKey).update('gateway-sim-issuer').digest(),
      },
      () => new Date(),
    );
    const gateway = new SimulatedGateway(sim, {
      latencyMs: 0,
      failureRate: 0,
      answerLossRate: 0,
      timeoutMs: 5_000,
      webhookSecret: 'wallet-test-secret-000',
    });
    const call = asWalletCall;
    let loseConfirm = true;
    const processor: CardProcessor = {
      describeToken: (token) => call(() => gateway.describeToken(token)),
      createCustomer: (r) => call(() => gateway.createCustomer(r)),
      saveCard: (r) => call(() => gateway.saveCard(r)),
      cardToken: (r) => call(() => gateway.cardToken(r)),
      createIntent: (r) => call(() => gateway.createIntent(r)),
      // The processor confirms and charges; its answer never comes back.
      confirm: async (id, r) => {
        const answer = await call(() => gateway.confirm(id, r));
        if (loseConfirm) throw new ProcessorUnavailable('the answer was lost on the way back');
        return answer;
      },
      retrieve: (id) => call(() => gateway.retrieve(id)),
      cancel: (id, r) => call(() => gateway.cancel(id, r)),
      refund: (r) => call(() => gateway.refund(r)),
    };
    const repo = new WalletRepository(t.db);
    const caps = { perTopupMinor: 5_000_000, dailyMinor: 5_000_000, balanceMinor: 5_000_000 };
    const appOptions = { returnUrl: () => '/account/wallet', settleAfterMs: 0, tradeMs: 60_000, caps };
    const wallet = new WalletService(
      repo,
      new WalletLedger(repo, () => new Date()),
      processor,
      {
        returnPath: '/account/wallet',
        actionTimeoutMs: 60_000,
        settleAfterMs: 0,
        caps: { perTopupMinor: 5_000_000, dailyMinor: 5_000_000, balanceMinor: 5_000_000 },
      },
      () => new Date(),
      secrets.keyring,
      new SavedCards(
        new SavedCardsRepository(t.db),
        processor,
        secrets,
        { cardLocked: async () => {} },
        () => new Date(),
      ),
      new AppTopups(
        repo,
        new WalletLedger(repo, () => new Date()),
        walletApps([]),
        appOptions,
        () => new Date(),
        new LateTopupRefunds(repo, walletApps([]), () => new Date()),
      ),
    );
    const lost = {
      amount: 7_700,
      source: { kind: 'savedCard' as const, cardId: saved.id, cvcToken: await cvcToken(saved) },
    };
    const state = await wallet.topUp(a.userId, lost, 'lost-1');
    expect(state.outcome).toBe('processing');
    expect(await balanceOf(a.cookie)).toBe(0);
    loseConfirm = false;
    await wallet.settleTopup(state.id);
    await wallet.settleTopup(state.id);
    expect(await balanceOf(a.cookie)).toBe(7_700);
    expect((await wallet.topUp(a.userId, lost, 'lost-1')).outcome).toBe('succeeded');

    // A top-up whose request stopped before the processor was asked: its intent is cancelled, no money moves.
    const stopped = await repo.transaction((trx) =>
      repo.insertTopup(trx, {
        userId: a.userId,
        cardId: saved.id,
        idempotencyKey: 'stopped-1',
        requestHash: 'x',
        amountMinor: 3_000,
        cardBrand: 'visa',
        cardLast4: '4242',
        saveCardSealed: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
    );
    await wallet.settleTopup(stopped.row.id);
    expect((await repo.topupById(stopped.row.id))?.status).toBe('failed');
    expect(await balanceOf(a.cookie)).toBe(7_700);
  });
});
