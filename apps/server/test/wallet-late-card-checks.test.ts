import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LateCardTopups } from '../src/features/wallet/late-card-topups';
import { LateTopupRefunds } from '../src/features/wallet/late-topup-refunds';
import type { CardProcessor, ProcessorIntent, TopupApps } from '../src/features/wallet/ports';
import { WalletRepository } from '../src/features/wallet/wallet.repository';
import { createTestApp, type TestApp } from './harness';
import { registerMobile, userIdOf } from './support/accounts';
import { failedCardTopup } from './support/wallet-topups';

/*
 * The wallet's sweep of card top-ups recorded failed, which asks the card processor whether each was captured
 * after all: each is asked about once in a run, again only after a growing wait (a fixed clock moved by hand),
 * and two processes sweeping at once ask once and refund once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
}, 120_000);
afterAll(() => t.close());

const T0 = new Date('2026-03-02T08:00:00Z');
const MINUTE = 60_000;
const WINDOW_MS = 24 * 60 * MINUTE;
let users = 0;

/** A traveller's card top-up of `amount`, recorded failed at `at`, with its intent at the processor. */
async function failedTopup(amount: number, at: Date): Promise<{ topupId: string; intentId: string }> {
  users++;
  const mobile = `1370013${String(1000 + users).padStart(4, '0')}`;
  await registerMobile(t, mobile, `10.19.0.${users}`);
  const userId = await userIdOf(t, mobile);
  const row = await failedCardTopup(t.db, { userId, amountMinor: amount, at, last4: '4242' });
  return { topupId: row.id, intentId: row.intentId ?? '' };
}

/** A card processor that says which intents it was asked about; `captured` intents succeeded after all. */
function processor(captured: Set<string> = new Set()) {
  const asked: string[] = [];
  const refunded: string[] = [];
  const cards: Pick<CardProcessor, 'retrieve' | 'refund'> = {
    retrieve: async (intentId) => {
      asked.push(intentId);
      const status: ProcessorIntent['status'] = captured.has(intentId) ? 'succeeded' : 'canceled';
      return { id: intentId, status, amount: 5_000, nextActionUrl: null, declineCode: null, savedCard: null };
    },
    refund: async (request) => {
      refunded.push(request.intentId);
      return { status: 'succeeded' };
    },
  };
  return { cards, asked, refunded };
}

/** A sweeping process: the wallet's late card top-ups over the test's database, on a clock it is handed. */
function sweeper(cards: Pick<CardProcessor, 'retrieve' | 'refund'>, clock: { now: Date }) {
  const repo = new WalletRepository(t.db);
  const now = () => clock.now;
  const refunds = new LateTopupRefunds(repo, {} as TopupApps, now, undefined, cards);
  return new LateCardTopups(repo, cards, refunds, now, WINDOW_MS);
}

const minutes = (n: number) => new Date(T0.getTime() + n * MINUTE);

describe('the sweep of failed card top-ups', () => {
  it('asks about each once a run, not again within its wait, and again after it, the wait growing', async () => {
    const { intentId } = await failedTopup(5_000, T0);
    const { cards, asked } = processor();
    const clock = { now: minutes(2) };
    const sweep = sweeper(cards, clock);
    const askedNow = async (at: Date) => {
      clock.now = at;
      const before = asked.length;
      await sweep.sweep();
      return asked.slice(before).filter((id) => id === intentId).length;
    };
    // Never asked: asked at once, once.
    expect(await askedNow(minutes(2))).toBe(1);
    // Asked two minutes after it failed: asked again only ten minutes later, the shortest wait.
    expect(await askedNow(minutes(2))).toBe(0);
    expect(await askedNow(minutes(11))).toBe(0);
    expect(await askedNow(minutes(12))).toBe(1);
    // Asked twelve minutes after it failed: asked again twelve minutes later.
    expect(await askedNow(minutes(23))).toBe(0);
    expect(await askedNow(minutes(24))).toBe(1);
    // The wait stops growing at an hour.
    clock.now = minutes(600);
    await sweep.sweep();
    expect(await askedNow(minutes(600 + 59))).toBe(0);
    expect(await askedNow(minutes(600 + 60))).toBe(1);
    // Past the window it is never asked again.
    expect(await askedNow(new Date(T0.getTime() + WINDOW_MS + MINUTE))).toBe(0);
  });

  it('refunds a top-up captured after all once when two processes sweep at once, asking about it once', async () => {
    const { topupId, intentId } = await failedTopup(5_000, minutes(30));
    const { cards, asked, refunded } = processor(new Set([intentId]));
    const clock = { now: minutes(45) };
    const [found] = await Promise.all([sweeper(cards, clock).sweep(), sweeper(cards, clock).sweep()]);
    expect(found).toBeGreaterThanOrEqual(0);
    expect(asked.filter((id) => id === intentId)).toHaveLength(1);
    expect(refunded.filter((id) => id === intentId)).toHaveLength(1);
    const refunds = await t.db.selectFrom('walletTopupRefunds').selectAll().where('topupId', '=', topupId).execute();
    expect(refunds.map((r) => [r.app, r.amountMinor, r.state])).toEqual([['card', 5_000, 'succeeded']]);
    // Refunded: later runs leave it alone.
    clock.now = minutes(300);
    await sweeper(cards, clock).sweep();
    expect(asked.filter((id) => id === intentId)).toHaveLength(1);
  });

  it('finds the due top-ups through the index of failed card top-ups', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const query = new WalletRepository(t.db).lateCardChecksDue(T0, minutes(5), 10 * MINUTE, 200).compile();
      const explained = await trx.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return explained.rows.flatMap((r) => Object.values(r)).join('\n');
    });
    expect(plan).toContain('wallet_topups_card_late_checks');
  });
});
