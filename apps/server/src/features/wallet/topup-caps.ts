import { AppError } from '@junction/domain';
import { sql } from 'kysely';
import type { Executor, Trx, WalletRepository } from './wallet.repository';

export const DAY_MS = 24 * 60 * 60_000;
/** The advisory-lock class of a user's top-ups ("WT"): caps are checked and the top-up written under it. */
const TOPUP_LOCK = 0x5754;

/** The most one top-up, the top-ups of 24 hours, and the balance top-ups may make (CNY hundredths). */
export type TopupCaps = { perTopupMinor: number; dailyMinor: number; balanceMinor: number };

/** Takes the user's top-up lock until the transaction ends. */
export async function lockTopups(trx: Trx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${TOPUP_LOCK}::int, hashtext(${userId}))`.execute(trx);
}

/**
 * Refuses a top-up past the caps: one top-up's, the last 24 hours' (failed ones aside), and the balance
 * the top-up would make with those still open. Under the user's top-up lock when given a transaction.
 */
export async function checkCaps(
  repo: WalletRepository,
  db: Executor,
  p: { caps: TopupCaps; userId: string; amount: number; now: Date },
): Promise<void> {
  const { caps, userId, amount } = p;
  const totals = await repo.topupTotals(db, userId, new Date(p.now.getTime() - DAY_MS));
  if (totals.lastDay + amount > caps.dailyMinor)
    throw new AppError('WALLET_TOPUP_DAILY_LIMIT', {
      params: { max: caps.dailyMinor, left: Math.max(0, caps.dailyMinor - totals.lastDay) },
    });
  const balance = (await repo.balance(userId, db)) + totals.open;
  if (balance + amount > caps.balanceMinor)
    throw new AppError('WALLET_BALANCE_LIMIT', {
      params: { max: caps.balanceMinor, left: Math.max(0, caps.balanceMinor - balance) },
    });
}
