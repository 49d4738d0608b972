import { randomUUID } from 'node:crypto';
import {
  cardTokenSchema,
  ERRORS,
  noticePageSchema,
  type SavedCard,
  savedCardListSchema,
  savedCardSchema,
  topUpStateSchema,
  walletSummarySchema,
} from '@junction/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable } from '../../src/features/account/messaging/mailer';
import { TEST_CARDS } from '../../src/features/payment/gateway/simulator/test-cards';
import { cardDetails, payingTraveller } from '../../src/features/payment/payment.test-support';
import { createTestApp, QUIET_SETTINGS } from '../harness';
import { payingSuite, QUICK_PAYMENTS } from '../support/paying-app';
import { DAY, errorCode, HOUR } from './support';

/**
 * Threat: a saved card paying for someone it does not belong to, or its security code found by guessing.
 * 30 wrong codes on one's own saved card were all declined (2107) and then the right one paid, with no
 * word to the owner; from another account holding the victim's token, the code was found after 825
 * guesses and the victim's card paid the attacker's order; account A saved B's token as its own card and
 * topped up A's wallet from it; `/api/wallet/cards` answered the token, stored in clear. A card's token is
 * bound to the account that saved it and never leaves the server, sealed at rest; three wrong codes lock
 * the card for a day and tell its owner by notice, e-mail and SMS; top-ups are capped per payment, per day
 * and by the balance they would make.
 */
const CODES = { visa: '739', mastercard: '582', wrong: ['906', '907', '908', '909'] };
const clock = { now: new Date() };
const { t, p } = payingSuite(QUICK_PAYMENTS, () => clock.now);
let owner = '';
beforeAll(() => {
  owner = p.cookie;
});

const post = (url: string, payload: unknown, cookie = owner, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie, ...headers } });
const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function tokenize(number: string, cvc: string, cookie = owner): Promise<string> {
  const res = await post('/gateway-sim/v1/tokens', cardDetails(number, { cvc }), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return cardTokenSchema.parse(res.json()).token;
}

async function saveCard(number: string, cvc: string, cookie = owner): Promise<SavedCard> {
  const card = cardDetails(number, { cvc });
  const token = await tokenize(number, cvc, cookie);
  const res = await post('/api/wallet/card', { token, name: card.name, billing: card.billing }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return savedCardSchema.parse(res.json());
}

/** What the payment page sends for a saved card: the security code typed again, to the processor. */
async function codeToken(cvc: string, cookie = owner): Promise<string> {
  const res = await post('/gateway-sim/v1/tokens/cvc', { cvc }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return cardTokenSchema.pick({ token: true }).parse(res.json()).token;
}

const paySaved = async (orderId: string, card: SavedCard, cvc: string, cookie = owner) =>
  post(
    '/api/order/pay',
    { orderId, method: { kind: 'savedCard', cardId: card.id, cvcToken: await codeToken(cvc, cookie) } },
    cookie,
    { 'idempotency-key': randomUUID() },
  );
const topUp = (source: unknown, amount: number, cookie = owner) =>
  post('/api/wallet/topup', { amount, source }, cookie, { 'idempotency-key': randomUUID() });

describe('three wrong security codes', () => {
  it('lock the card for a day and tell its owner by notice, e-mail and SMS; the right code then pays', async () => {
    // The owner has a verified e-mail address besides the mobile number they registered with.
    const email = `owner.${Date.now()}@example.com`;
    await post('/code', { type: 'email', target: email, purpose: 'bind' });
    const mailed = [...t.mailbox.received].reverse().find((m) => m.to.includes(email));
    const bindCode = /code is (\d{6})/.exec(decodeQuotedPrintable(mailed?.raw ?? ''))?.[1] ?? '';
    expect((await post('/bind', { type: 'email', target: email, code: bindCode })).statusCode).toBe(200);
    const card = await saveCard(TEST_CARDS.visa, CODES.visa);
    const order = await p.order();
    for (const wrong of CODES.wrong.slice(0, 3)) {
      expect(errorCode(await paySaved(order.id, card, wrong))).toBe(ERRORS.CARD_CVC_INCORRECT.errorCode);
    }
    // Locked: even the right code is not tried, for the order and for a top-up alike.
    expect(errorCode(await paySaved(order.id, card, CODES.visa))).toBe(ERRORS.CARD_LOCKED.errorCode);
    const locked = await topUp({ kind: 'savedCard', cardId: card.id, cvcToken: await codeToken(CODES.visa) }, 100);
    expect(errorCode(locked)).toBe(ERRORS.CARD_LOCKED.errorCode);
    const listed = savedCardListSchema.parse((await get('/api/wallet/cards')).json()).items;
    expect(listed.find((c) => c.id === card.id)?.lockedUntil).toBeTruthy();

    await t.app.jobs?.runDueJobs();
    const notices = noticePageSchema.parse((await get('/notifications')).json()).items;
    expect(notices.filter((n) => n.kind === 'card-locked')).toHaveLength(1);
    expect(notices.find((n) => n.kind === 'card-locked')?.params).toMatchObject({ card: 'VISA •••• 4242' });
    // The card as the notice names it: the address (made of the clock's digits) and a message's headers may
    // hold its last four digits too.
    const namesCard = /VISA \S+ 4242/;
    expect(t.sms.sent.filter((m) => m.to === `+86${p.mobile}` && namesCard.test(m.text))).toHaveLength(1);
    const lockMail = t.mailbox.received.filter(
      (m) => m.to.includes(email) && namesCard.test(decodeQuotedPrintable(m.raw)),
    );
    expect(lockMail).toHaveLength(1);

    // A day later the lock has ended: the right code pays (a top-up; the order's time to pay is over by then).
    const started = clock.now;
    clock.now = new Date(started.getTime() + DAY + HOUR);
    try {
      const session = await p.signIn();
      const paid = await topUp(
        { kind: 'savedCard', cardId: card.id, cvcToken: await codeToken(CODES.visa, session) },
        100,
        session,
      );
      expect(topUpStateSchema.parse(paid.json()).outcome).toBe('succeeded');
    } finally {
      clock.now = started;
    }
    // Before, the order was not paid by any of it.
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 0 });
  });

  it('sent at once reach the processor three times at most', async () => {
    const card = await saveCard(TEST_CARDS.mastercard, CODES.mastercard);
    const tokens = await Promise.all(CODES.wrong.flatMap((w) => [w, w, w]).map((w) => codeToken(w)));
    const answers = await Promise.all(
      tokens.map((cvcToken) => topUp({ kind: 'savedCard', cardId: card.id, cvcToken }, 100)),
    );
    // Each is declined for its code, or refused as locked (before it was written, or after, as a failed top-up).
    const codes = answers.map((a) =>
      a.statusCode === 200 ? topUpStateSchema.parse(a.json()).errorCode : errorCode(a),
    );
    const declined = codes.filter((c) => c === ERRORS.CARD_CVC_INCORRECT.errorCode);
    expect(declined.length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === ERRORS.CARD_LOCKED.errorCode)).toHaveLength(answers.length - declined.length);
  });
});

describe("a saved card's token", () => {
  it('never reaches the browser and is sealed at rest', async () => {
    const card = await saveCard(TEST_CARDS.visa, '512');
    const listed = (await get('/api/wallet/cards')).body;
    expect(listed).not.toMatch(/"token"|tok_|card_/);
    expect(card).not.toHaveProperty('token');
    const rows = await sql<{ row: string }>`select row_to_json(c)::text as row from wallet_cards c`.execute(t.db);
    for (const { row } of rows.rows) expect(row).not.toMatch(/"(tok|card)_[A-Za-z0-9_-]+"/);
  });

  it('pays for no other account: not saved again, not as a new card, not for a top-up', async () => {
    const victim = await p.signUp();
    const stolen = await tokenize(TEST_CARDS.visa, '777', victim);
    const card = cardDetails(TEST_CARDS.visa);
    const saved = await post('/api/wallet/card', { token: stolen, name: card.name, billing: card.billing }, victim);
    expect(saved.statusCode, saved.body).toBe(200);
    const theirs = savedCardSchema.parse(saved.json());
    // The token the victim's browser had is spent by saving it; the processor's card stays with the victim.
    const again = await post('/api/wallet/card', { token: stolen, name: 'A', billing: card.billing });
    expect(errorCode(again)).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    const processorCard = await processorCardOf();
    expect(processorCard).not.toBe('');
    const order = await p.order();
    expect(errorCode(await p.pay(order.id, processorCard))).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    const adopt = await post('/api/wallet/card', { token: processorCard, name: 'A', billing: card.billing });
    expect(errorCode(adopt)).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    expect(errorCode(await topUp({ kind: 'card', token: processorCard }, 100))).toBe(
      ERRORS.CARD_TOKEN_INVALID.errorCode,
    );
    // By its id, the victim's card is no card of mine, whatever code I guess.
    expect(errorCode(await paySaved(order.id, theirs, '777'))).toBe(ERRORS.CARD_NOT_FOUND.errorCode);
  });
});

/** The processor's reference of the card saved last, as someone who read the processor's tables would have it. */
async function processorCardOf(): Promise<string> {
  const row = await sql<{ id: string }>`
    select id from gateway_sim_tokens where customer_id is not null order by created_at desc limit 1`.execute(t.db);
  return row.rows[0]?.id ?? '';
}

describe('wallet top-ups', () => {
  it('are capped per payment, per day and by the balance they would make, from configuration', async () => {
    const day = { now: new Date() };
    const capped = await createTestApp(
      {
        ...QUIET_SETTINGS,
        GATEWAY_SIM_LATENCY_MS: '0',
        WALLET_TOPUP_MAX_MINOR: '2000000',
        WALLET_TOPUP_DAILY_MAX_MINOR: '3000000',
        WALLET_BALANCE_MAX_MINOR: '4000000',
      },
      () => day.now,
    );
    try {
      const q = await payingTraveller(capped, day.now);
      let cookie = q.cookie;
      const up = async (amount: number) =>
        capped.app.inject({
          method: 'POST',
          url: '/api/wallet/topup',
          payload: { amount, source: { kind: 'card', token: await q.token() } },
          headers: { cookie, 'idempotency-key': randomUUID() },
        });
      const summary = async () =>
        walletSummarySchema.parse((await capped.app.inject({ url: '/api/wallet', headers: { cookie } })).json());
      expect(await summary()).toMatchObject({
        topupMaxMinor: 2_000_000,
        topupLeftTodayMinor: 3_000_000,
        balanceMaxMinor: 4_000_000,
      });
      expect(errorCode(await up(5_000_000))).toBe(ERRORS.WALLET_AMOUNT_INVALID.errorCode);
      expect(topUpStateSchema.parse((await up(2_000_000)).json()).outcome).toBe('succeeded');
      expect(errorCode(await up(1_500_000))).toBe(ERRORS.WALLET_TOPUP_DAILY_LIMIT.errorCode);
      // Five top-ups at once after the first: the day's cap lets one of 1,000,000 through, no more.
      const burst = await Promise.all(Array.from({ length: 5 }, () => up(1_000_000)));
      expect(burst.filter((b) => b.statusCode === 200)).toHaveLength(1);
      expect((await summary()).balance.amount).toBe(3_000_000);
      // A day later the day's cap is new, and the balance's cap holds.
      day.now = new Date(day.now.getTime() + DAY + HOUR);
      cookie = await q.signIn();
      expect(topUpStateSchema.parse((await up(1_000_000)).json()).outcome).toBe('succeeded');
      expect(errorCode(await up(100))).toBe(ERRORS.WALLET_BALANCE_LIMIT.errorCode);
      expect((await summary()).balance.amount).toBe(4_000_000);
    } finally {
      await capped.close();
    }
  });
});
