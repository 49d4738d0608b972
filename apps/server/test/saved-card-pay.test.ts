import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  cardTokenSchema,
  cvcTokenSchema,
  ERRORS,
  paymentStateSchema,
  type SavedCard,
  savedCardListSchema,
  savedCardSchema,
  topUpStateSchema,
  walletSummarySchema,
} from '@junction/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../src/features/payment/gateway/simulator/test-cards';
import { cardDetails } from '../src/features/payment/payment.test-support';
import { payingSuite, QUICK_PAYMENTS } from './support/paying-app';

const clock = Date.now();
const now = () => new Date(clock);
/** Security codes no other value of these tests holds, so a scan for them means something. */
const CODES = { visa: '739', mastercard: '582', threeDSecure: '614', amex: '8315', wrong: '906' };

const { t, p } = payingSuite(QUICK_PAYMENTS, now);

const codeOf = (res: { json: () => unknown }) => apiErrorSchema.parse(res.json()).errorCode;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function tokenize(number: string, cvc: string): Promise<string> {
  const res = await post('/gateway-sim/v1/tokens', cardDetails(number, { cvc }), { cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return cardTokenSchema.parse(res.json()).token;
}

async function saveCard(number: string, cvc: string, cookie = p.cookie): Promise<SavedCard> {
  const card = cardDetails(number, { cvc });
  const res = await post(
    '/api/wallet/card',
    { token: await tokenize(number, cvc), name: card.name, billing: card.billing },
    { cookie },
  );
  expect(res.statusCode, res.body).toBe(200);
  return savedCardSchema.parse(res.json());
}

/** What the browser does for a saved card: the code typed again goes to the processor, for a token of it. */
const recollect = (cvc: string) => post('/gateway-sim/v1/tokens/cvc', { cvc }, { cookie: p.cookie });
async function tokenFor(_card: SavedCard, cvc: string): Promise<string> {
  const res = await recollect(cvc);
  expect(res.statusCode, res.body).toBe(200);
  return cvcTokenSchema.parse(res.json()).token;
}

const payWithSaved = (orderId: string, cardId: string, cvcToken: string, cookie = p.cookie) =>
  post(
    '/api/order/pay',
    { orderId, method: { kind: 'savedCard', cardId, cvcToken } },
    { cookie, 'idempotency-key': randomUUID() },
  );

const topUp = (source: unknown, amount = 10_000, cookie = p.cookie) =>
  post('/api/wallet/topup', { amount, source }, { cookie, 'idempotency-key': randomUUID() });

describe('paying with a saved card', () => {
  it("pays with the security code typed again; the code's token pays once, and the browser never holds the card's token", async () => {
    const visa = await saveCard(TEST_CARDS.visa, CODES.visa);
    expect(visa).not.toHaveProperty('token');
    const order = await p.order();
    // A code's token is no card: as a new card it is refused.
    expect(codeOf(await p.pay(order.id, await tokenFor(visa, CODES.visa)))).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    const token = await tokenFor(visa, CODES.visa);
    const res = await payWithSaved(order.id, visa.id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentStateSchema.parse(res.json())).toMatchObject({
      outcome: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(await p.get(order.id)).toMatchObject({ status: 2, paymentStatus: 2 });
    // The token paid once: another order refuses it.
    const next = await p.order();
    expect(codeOf(await payWithSaved(next.id, visa.id, token))).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);
    expect((await payWithSaved(next.id, visa.id, await tokenFor(visa, CODES.visa))).statusCode).toBe(200);
  });

  it('declines a wrong security code with 2107 and leaves the order to be paid', async () => {
    const card = await saveCard(TEST_CARDS.mastercard, CODES.mastercard);
    const order = await p.order();
    const res = await payWithSaved(order.id, card.id, await tokenFor(card, CODES.wrong));
    expect(res.statusCode).toBe(422);
    expect(codeOf(res)).toBe(ERRORS.CARD_CVC_INCORRECT.errorCode);
    expect(await p.get(order.id)).toMatchObject({ status: 0, paymentStatus: 0 });
    expect((await payWithSaved(order.id, card.id, await tokenFor(card, CODES.mastercard))).statusCode).toBe(200);
  });

  it('goes through 3-D Secure when the card asks for it', async () => {
    const card = await saveCard(TEST_CARDS.threeDSecure, CODES.threeDSecure);
    const order = await p.order();
    const state = paymentStateSchema.parse(
      (await payWithSaved(order.id, card.id, await tokenFor(card, CODES.threeDSecure))).json(),
    );
    expect(state.outcome).toBe('action');
    expect(state.actionUrl).toMatch(/^\/gateway-sim\/3ds\//);
    const back = await t.app.inject({
      method: 'POST',
      url: state.actionUrl ?? '',
      payload: 'result=pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: p.cookie },
    });
    expect(back.statusCode).toBe(303);
    const settled = await p.state(order.id, state.attemptId);
    expect(paymentStateSchema.parse(settled.json()).outcome).toBe('succeeded');
  });

  it("refuses a code of the wrong length, an unknown code token, and another traveller's card", async () => {
    const card = await saveCard(TEST_CARDS.amex, CODES.amex);
    expect(codeOf(await recollect('12'))).toBe(ERRORS.CARD_CVC_INVALID.errorCode);
    const first = await p.order();
    const short = await payWithSaved(first.id, card.id, await tokenFor(card, '123'));
    expect(short.statusCode).toBe(400);
    expect(codeOf(short)).toBe(ERRORS.CARD_CVC_INVALID.errorCode);
    expect(codeOf(await payWithSaved(first.id, card.id, 'cvctok_forged'))).toBe(ERRORS.CARD_TOKEN_INVALID.errorCode);

    const other = await p.signUp();
    const theirs = await saveCard(TEST_CARDS.visa, CODES.visa, other);
    const order = await p.order();
    // Their card's id is not mine; a token made from their card does not pay as my card.
    expect(codeOf(await payWithSaved(order.id, theirs.id, await tokenFor(card, CODES.amex)))).toBe(
      ERRORS.CARD_NOT_FOUND.errorCode,
    );
    // With my card and their card's code, it is my card's code that is wrong.
    expect(codeOf(await payWithSaved(order.id, card.id, await tokenFor(theirs, CODES.visa)))).toBe(
      ERRORS.CARD_CVC_INVALID.errorCode,
    );
  });
});

describe('topping up the wallet', () => {
  const balance = async () =>
    walletSummarySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie: p.cookie } })).json(),
    ).balance.amount;
  const cards = async () =>
    savedCardListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/wallet/cards', headers: { cookie: p.cookie } })).json(),
    ).items;

  it('takes a saved card with its code typed again, and declines a wrong code without moving money', async () => {
    const card = (await cards()).find((c) => c.last4 === '4242') as SavedCard;
    const before = await balance();
    const ok = topUpStateSchema.parse(
      (await topUp({ kind: 'savedCard', cardId: card.id, cvcToken: await tokenFor(card, CODES.visa) })).json(),
    );
    expect(ok.outcome).toBe('succeeded');
    const wrong = topUpStateSchema.parse(
      (await topUp({ kind: 'savedCard', cardId: card.id, cvcToken: await tokenFor(card, CODES.wrong) })).json(),
    );
    expect(wrong).toMatchObject({ outcome: 'failed', errorCode: ERRORS.CARD_CVC_INCORRECT.errorCode });
    const spent = await tokenFor(card, CODES.visa);
    await topUp({ kind: 'savedCard', cardId: card.id, cvcToken: spent }, 100);
    const again = topUpStateSchema.parse((await topUp({ kind: 'savedCard', cardId: card.id, cvcToken: spent })).json());
    expect(again).toMatchObject({ outcome: 'failed', errorCode: ERRORS.CARD_TOKEN_INVALID.errorCode });
    expect(await balance()).toBe(before + 10_100);
  });

  it('takes a new card, saving it once the top-up succeeded when asked, and not a declined one', async () => {
    const before = (await cards()).length;
    const card = cardDetails(TEST_CARDS.discover, { cvc: '451' });
    const save = { name: card.name, billing: card.billing, description: 'Saved at top-up' };
    const ok = topUpStateSchema.parse(
      (await topUp({ kind: 'card', token: await tokenize(TEST_CARDS.discover, '451'), save }, 25_000)).json(),
    );
    expect(ok).toMatchObject({ outcome: 'succeeded', card: { brand: 'discover', last4: '1117' } });
    const saved = (await cards()).find((c) => c.description === 'Saved at top-up');
    expect(saved).toMatchObject({ brand: 'discover', last4: '1117', billing: { city: 'Beijing' } });
    const declined = topUpStateSchema.parse(
      (
        await topUp({
          kind: 'card',
          token: await tokenize(TEST_CARDS.declined, '452'),
          save: { ...save, description: 'Declined' },
        })
      ).json(),
    );
    expect(declined).toMatchObject({ outcome: 'failed', errorCode: ERRORS.CARD_DECLINED.errorCode });
    const plain = topUpStateSchema.parse(
      (await topUp({ kind: 'card', token: await tokenize(TEST_CARDS.jcb, '453') })).json(),
    );
    expect(plain.outcome).toBe('succeeded');
    expect((await cards()).length).toBe(before + 1);
  });
});

describe('card data at rest after card payments', () => {
  it('no text of any table holds a test card number or a security code typed in these tests', async () => {
    const tables = await sql<{ schemaname: string; tablename: string }>`
      select schemaname, tablename from pg_tables where schemaname in ('public', 'graphile_worker')`.execute(t.db);
    expect(tables.rows.length).toBeGreaterThan(20);
    const codes = [...Object.values(CODES), '451', '452', '453'];
    let scanned = 0;
    for (const { schemaname, tablename } of tables.rows) {
      const rows = await sql<{ row: string }>`
        select row_to_json(t)::text as row from ${sql.table(`${schemaname}.${tablename}`)} t`.execute(t.db);
      for (const { row } of rows.rows) {
        scanned++;
        for (const n of Object.values(TEST_CARDS)) expect(row, tablename).not.toContain(n);
        for (const code of codes) expect(row, tablename).not.toContain(`"${code}"`);
        expect(row, tablename).not.toMatch(/"(cvc|cvv)"/i);
      }
    }
    expect(scanned).toBeGreaterThan(50);
  });
});
