import { apiErrorSchema, walletEntryPageSchema, walletSummarySchema } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerMobile, userIdOf } from '../../../test/support/accounts';
import { WalletLedger } from './wallet.ledger';
import { WalletRepository } from './wallet.repository';

let t: TestApp;
let ledger: WalletLedger;
let repo: WalletRepository;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  repo = new WalletRepository(t.db);
  ledger = new WalletLedger(repo, () => new Date());
});
afterAll(() => t.close());

let counter = 0;
/** A new account, signed in through the real registration by SMS code: its cookie and user id. */
async function signUp(): Promise<{ cookie: string; userId: string }> {
  const mobile = `1360013${String(1000 + counter++).padStart(4, '0')}`;
  const cookie = await registerMobile(t, mobile, `10.15.0.${counter}`);
  return { cookie, userId: await userIdOf(t, mobile) };
}

const get = (cookie: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/wallet and /api/wallet/entries', () => {
  it('need a signed-in traveller', async () => {
    for (const url of ['/api/wallet', '/api/wallet/entries']) {
      const res = await get(undefined, url);
      expect(res.statusCode).toBe(401);
      expect(apiErrorSchema.parse(res.json()).errorCode).toBe(1401);
    }
  });

  it("show the traveller's own balance and ledger, newest first, a page at a time, and nobody else's", async () => {
    const a = await signUp();
    const b = await signUp();
    await repo.transaction(async (trx) => {
      await ledger.credit(trx, { userId: a.userId, kind: 'topup', amountMinor: 50_000, idempotencyKey: 'top-1' });
      await ledger.debit(trx, { userId: a.userId, amountMinor: 12_345, idempotencyKey: 'pay-1', reference: 'JT123' });
      await ledger.credit(trx, { userId: a.userId, kind: 'refund', amountMinor: 2_345, idempotencyKey: 'ref-1' });
    });

    const mine = walletSummarySchema.parse((await get(a.cookie, '/api/wallet')).json());
    expect(mine.balance).toEqual({ amount: 40_000, currency: 'CNY' });
    const page1 = walletEntryPageSchema.parse((await get(a.cookie, '/api/wallet/entries?page=1&pageSize=2')).json());
    expect(page1.total).toBe(3);
    expect(page1.items.map((e) => [e.kind, e.amount.amount, e.balanceAfter.amount])).toEqual([
      ['refund', 2_345, 40_000],
      ['payment', -12_345, 37_655],
    ]);
    expect(page1.items[1]?.reference).toBe('JT123');
    const page2 = walletEntryPageSchema.parse((await get(a.cookie, '/api/wallet/entries?page=2&pageSize=2')).json());
    expect(page2.items.map((e) => e.kind)).toEqual(['topup']);

    const theirs = walletSummarySchema.parse((await get(b.cookie, '/api/wallet')).json());
    expect(theirs.balance.amount).toBe(0);
    const theirEntries = walletEntryPageSchema.parse((await get(b.cookie, '/api/wallet/entries')).json());
    expect(theirEntries).toMatchObject({ items: [], total: 0 });
  });

  it('refuses malformed pages with 1000, never a 500', async () => {
    const a = await signUp();
    for (const q of ['page=0', 'page=abc', 'pageSize=500', 'page=-1']) {
      const res = await get(a.cookie, `/api/wallet/entries?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(apiErrorSchema.parse(res.json()).errorCode).toBe(1000);
    }
  });
});
