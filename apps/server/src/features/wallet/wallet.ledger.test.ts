import { randomUUID } from 'node:crypto';
import { AppError } from '@junction/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { createDb, type Db } from '../../db/database';
import { WalletLedger } from './wallet.ledger';
import { WalletRepository } from './wallet.repository';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** A pool wide enough for the parallel movements to really overlap in PostgreSQL. */
let db: Db;
let repo: WalletRepository;
let ledger: WalletLedger;

async function newUser(): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({ email: `${randomUUID()}@wallet.example`, passwordHash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The balance row, the sum of the entries, and each entry's running balance checked in ledger order. */
async function audit(userId: string): Promise<{ balance: number; sum: number; runningOk: boolean; entries: number }> {
  const balance = await repo.balance(userId);
  const entries = await db
    .selectFrom('walletEntries')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy(sql`id::bigint`)
    .execute();
  let running = 0;
  let runningOk = true;
  for (const e of entries) {
    running += e.amountMinor;
    if (running < 0 || e.balanceAfterMinor !== running) runningOk = false;
  }
  return { balance, sum: running, runningOk, entries: entries.length };
}

const isInsufficient = (e: unknown) => e instanceof AppError && e.code === 'WALLET_BALANCE_INSUFFICIENT';

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 16);
  repo = new WalletRepository(db);
  ledger = new WalletLedger(repo, () => new Date());
});

afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('the wallet ledger', () => {
  it('takes 50 parallel payments from a small balance only as far as the balance goes', async () => {
    const user = await newUser();
    await repo.transaction((trx) =>
      ledger.credit(trx, { userId: user, kind: 'topup', amountMinor: 1_000, idempotencyKey: 'topup-1' }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        repo.transaction((trx) => ledger.debit(trx, { userId: user, amountMinor: 300, idempotencyKey: `pay-${i}` })),
      ),
    );
    const paid = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(paid).toHaveLength(3);
    expect(refused.every((r) => isInsufficient(r.reason))).toBe(true);
    expect(await audit(user)).toEqual({ balance: 100, sum: 100, runningOk: true, entries: 4 });
  });

  it('credits once per key, however often and however concurrently it is asked', async () => {
    const user = await newUser();
    const credit = () =>
      repo.transaction((trx) =>
        ledger.credit(trx, { userId: user, kind: 'refund', amountMinor: 2_500, idempotencyKey: 'refund:o1:s1' }),
      );
    const results = await Promise.all(Array.from({ length: 20 }, credit));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await audit(user)).toEqual({ balance: 2_500, sum: 2_500, runningOk: true, entries: 1 });
  });

  it('writes nothing when the transaction it belongs to rolls back', async () => {
    const user = await newUser();
    await repo.transaction((trx) =>
      ledger.credit(trx, { userId: user, kind: 'topup', amountMinor: 500, idempotencyKey: 't' }),
    );
    await expect(
      repo.transaction(async (trx) => {
        await ledger.debit(trx, { userId: user, amountMinor: 500, idempotencyKey: 'p' });
        throw new Error('the order was paid another way');
      }),
    ).rejects.toThrow('paid another way');
    expect(await audit(user)).toEqual({ balance: 500, sum: 500, runningOk: true, entries: 1 });
  });

  it('refuses amounts that are not whole positive hundredths, and keeps entries append-only', async () => {
    const user = await newUser();
    for (const amountMinor of [0, -5, 1.5, Number.NaN]) {
      await expect(
        repo.transaction((trx) =>
          ledger.credit(trx, { userId: user, kind: 'topup', amountMinor, idempotencyKey: 'x' }),
        ),
      ).rejects.toMatchObject({ code: 'WALLET_AMOUNT_INVALID' });
    }
    await repo.transaction((trx) =>
      ledger.credit(trx, { userId: user, kind: 'topup', amountMinor: 700, idempotencyKey: 'ok' }),
    );
    await expect(
      db.updateTable('walletEntries').set({ amountMinor: 70_000 }).where('userId', '=', user).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('walletEntries').where('userId', '=', user).execute()).rejects.toThrow(/append-only/);
    await expect(
      db.updateTable('walletBalances').set({ balanceMinor: -1 }).where('userId', '=', user).execute(),
    ).rejects.toThrow(/wallet_balance_not_negative/);
    // The entries go only with their user.
    await db.deleteFrom('users').where('id', '=', user).execute();
    expect(await audit(user)).toEqual({ balance: 0, sum: 0, runningOk: true, entries: 0 });
  });

  type Op = {
    user: number;
    kind: 'topup' | 'payment' | 'refund';
    amount: number;
    /** Keys from a small set, so some movements repeat one another. */
    key: number;
    /** The transaction the movement belongs to fails after it (an order that could not move). */
    rollback: boolean;
  };
  const op: fc.Arbitrary<Op> = fc.record({
    user: fc.integer({ min: 0, max: 2 }),
    kind: fc.constantFrom('topup', 'payment', 'payment', 'refund'),
    amount: fc.integer({ min: 1, max: 5_000 }),
    key: fc.integer({ min: 0, max: 30 }),
    rollback: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  });

  it('keeps every balance equal to its ledger and never below zero under random parallel movements', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 25 }), { minLength: 1, maxLength: 4 }),
        async (rounds) => {
          const users = [await newUser(), await newUser(), await newUser()];
          /** What each user's balance must be: the sum of the movements that reported success. */
          const expected = [0, 0, 0];
          const seen = new Set<string>();
          for (const [r, round] of rounds.entries()) {
            const results = await Promise.allSettled(
              round.map((o) =>
                repo.transaction(async (trx) => {
                  const userId = users[o.user] as string;
                  // A key names one movement: the same key always carries the same kind and amount.
                  const idempotencyKey = `${o.kind}-${o.key}-${o.amount}-${r}`;
                  const result =
                    o.kind === 'payment'
                      ? await ledger.debit(trx, { userId, amountMinor: o.amount, idempotencyKey })
                      : await ledger.credit(trx, { userId, kind: o.kind, amountMinor: o.amount, idempotencyKey });
                  if (o.rollback) throw new Error('rolled back');
                  return result;
                }),
              ),
            );
            results.forEach((res, i) => {
              const o = round[i] as Op;
              if (res.status === 'rejected') {
                expect(o.rollback || isInsufficient(res.reason)).toBe(true);
                return;
              }
              const marker = `${o.user}:${res.value.entry.id}`;
              if (!res.value.replayed) {
                expect(seen.has(marker)).toBe(false);
                expected[o.user] = (expected[o.user] as number) + res.value.entry.amountMinor;
              }
              seen.add(marker);
            });
          }
          for (const [i, userId] of users.entries()) {
            const a = await audit(userId);
            expect(a.runningOk).toBe(true);
            expect(a.balance).toBe(a.sum);
            expect(a.balance).toBeGreaterThanOrEqual(0);
            expect(a.balance).toBe(expected[i]);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
