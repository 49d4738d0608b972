import { AppError, TOPUP_MIN_MINOR } from '@junction/domain';
import { sql } from 'kysely';
import { addJob } from '../../jobs/jobs';
import { sameRequest } from '../../lib/idempotency';
import type { Executor, NewTopup, Trx, WalletRepository, WalletTopupRow } from './wallet.repository';

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

/** A top-up asked for: by whom, how much, under which key, and the request's hash for a replay. */
export type TopupAsked = { userId: string; amount: number; key: string; requestHash: string };
type TopupStart = { repo: WalletRepository; caps: TopupCaps; now: () => Date };

/**
 * The checks every top-up starts with: an amount within one top-up's limits, a way to pay the site offers, an earlier top-up of the same
 * key answered again (refused as `TOPUP_KEY_REUSED` for another request), then the caps, checked first here
 * to refuse before anything is asked (and again under the lock when the top-up is written).
 */
export async function startTopup(s: TopupStart, p: TopupAsked, methodKnown = true): Promise<WalletTopupRow | null> {
  const max = s.caps.perTopupMinor;
  if (p.amount < TOPUP_MIN_MINOR || p.amount > max)
    throw new AppError('WALLET_AMOUNT_INVALID', { params: { min: TOPUP_MIN_MINOR, max } });
  if (!methodKnown) throw new AppError('PAYMENT_METHOD_REQUIRED');
  const earlier = await s.repo.topupByKey(p.userId, p.key);
  if (earlier) {
    sameRequest(earlier.requestHash, p.requestHash, 'TOPUP_KEY_REUSED');
    return earlier;
  }
  await checkCaps(s.repo, s.repo.db, { caps: s.caps, userId: p.userId, amount: p.amount, now: s.now() });
  return null;
}

type TopupFields = Omit<
  NewTopup,
  'userId' | 'idempotencyKey' | 'requestHash' | 'amountMinor' | 'createdAt' | 'updatedAt'
>;
type SettlingJob = { name: 'wallet.settleTopup' | 'wallet.settleAppTopup'; keyPrefix: string; afterMs: number };

/**
 * Writes the top-up under the user's top-up lock with the caps checked again, with the job that settles it
 * should this request not (the process stops, the answer is lost). The same key's top-up written meanwhile
 * is answered again (`created` false), refused as `TOPUP_KEY_REUSED` for another request.
 */
export async function writeTopup(s: TopupStart, p: TopupAsked, fields: TopupFields, job: SettlingJob) {
  const at = s.now();
  const { row, created } = await s.repo.transaction(async (trx) => {
    await lockTopups(trx, p.userId);
    await checkCaps(s.repo, trx, { caps: s.caps, userId: p.userId, amount: p.amount, now: at });
    const made = await s.repo.insertTopup(trx, {
      ...fields,
      userId: p.userId,
      idempotencyKey: p.key,
      requestHash: p.requestHash,
      amountMinor: p.amount,
      createdAt: at,
      updatedAt: at,
    });
    if (made.created) {
      const runAt = new Date(at.getTime() + job.afterMs);
      await addJob(trx, job.name, { topupId: made.row.id }, { runAt, jobKey: `${job.keyPrefix}:${made.row.id}` });
    }
    return made;
  });
  if (!created) sameRequest(row.requestHash, p.requestHash, 'TOPUP_KEY_REUSED');
  return { row, created };
}
