import { stepFrom, TOPUP_TRANSITIONS } from '@junction/domain';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db, WalletEntriesTable, WalletTopupStatus, WalletTopupsTable } from '../../db/database';
import type { WalletTopupMethod } from '../../db/tables/wallet-topup-apps';

export type Trx = Transaction<Database>;
export type Executor = Db | Trx;
export type WalletEntryRow = Selectable<WalletEntriesTable>;
/** An entry as its owner reads it: with the number of the order it paid for or refunded. */
export type ShownWalletEntryRow = WalletEntryRow & { orderNumber: string | null };
export type WalletTopupRow = Selectable<WalletTopupsTable>;
export type NewTopup = Omit<
  WalletTopupRow,
  'id' | 'intentId' | 'actionUrl' | 'error' | 'status' | 'method' | 'lateCheckedAt' | 'saveErrorCode'
> &
  Partial<Pick<WalletTopupRow, 'intentId' | 'method' | 'saveErrorCode'>>;
export type TopupChange = Partial<
  Pick<WalletTopupRow, 'status' | 'intentId' | 'actionUrl' | 'error' | 'cardId' | 'saveCardSealed' | 'saveErrorCode'>
>;
/** A new line of the ledger: every column but the id the database gives it. */
export type NewWalletEntry = Omit<WalletEntryRow, 'id'>;

/**
 * The only SQL of the wallet. Every statement names the user, so nobody reads or moves another
 * user's balance, entries or cards.
 */
export class WalletRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * The user's balance row, created at zero on first use and locked until the transaction ends: every
   * credit and debit of one user queues here, so each sees the balance the one before it left.
   */
  async lockBalance(trx: Trx, userId: string, at: Date): Promise<number> {
    await trx
      .insertInto('walletBalances')
      .values({ userId, balanceMinor: 0, updatedAt: at })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute();
    const row = await trx
      .selectFrom('walletBalances')
      .select('balanceMinor')
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return row.balanceMinor;
  }

  /** Moves the balance from what was read to `to`; false when it is no longer `from` or `to` is negative. */
  async setBalance(trx: Trx, userId: string, from: number, to: number, at: Date): Promise<boolean> {
    if (to < 0) return false;
    const moved = await trx
      .updateTable('walletBalances')
      .set({ balanceMinor: to, updatedAt: at })
      .where('userId', '=', userId)
      .where('balanceMinor', '=', from)
      .returning('userId')
      .executeTakeFirst();
    return moved !== undefined;
  }

  async insertEntry(trx: Trx, entry: NewWalletEntry): Promise<WalletEntryRow> {
    return trx.insertInto('walletEntries').values(entry).returningAll().executeTakeFirstOrThrow();
  }

  async entryByKey(db: Executor, userId: string, key: string): Promise<WalletEntryRow | undefined> {
    return db
      .selectFrom('walletEntries')
      .selectAll()
      .where('userId', '=', userId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
  }

  async balance(userId: string, db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('walletBalances')
      .select('balanceMinor')
      .where('userId', '=', userId)
      .executeTakeFirst();
    return row?.balanceMinor ?? 0;
  }

  /** A page of the user's entries, newest first, and how many there are. */
  async entries(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ShownWalletEntryRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('walletEntries')
        .leftJoin('orders', (join) =>
          join.onRef('orders.id', '=', 'walletEntries.orderId').onRef('orders.userId', '=', 'walletEntries.userId'),
        )
        .selectAll('walletEntries')
        .select('orders.orderNumber')
        .where('walletEntries.userId', '=', userId)
        .orderBy('walletEntries.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('walletEntries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /**
   * The user's top-ups of the last day that did not fail (for the daily cap) and those still open (for
   * the balance cap), in CNY hundredths.
   */
  async topupTotals(db: Executor, userId: string, since: Date): Promise<{ lastDay: number; open: number }> {
    const row = await db
      .selectFrom('walletTopups')
      .where('userId', '=', userId)
      .select((eb) => [
        eb.fn
          .coalesce(
            eb.fn
              .sum<string>('amountMinor')
              .filterWhere((w) => w.and([w('createdAt', '>', since), w('status', '<>', 'failed')])),
            sql<string>`0`,
          )
          .as('lastDay'),
        eb.fn
          .coalesce(
            eb.fn.sum<string>('amountMinor').filterWhere('status', 'in', ['created', 'processing', 'action']),
            sql<string>`0`,
          )
          .as('open'),
      ])
      .executeTakeFirstOrThrow();
    return { lastDay: Number(row.lastDay), open: Number(row.open) };
  }

  async topupByKey(userId: string, key: string): Promise<WalletTopupRow | undefined> {
    return this.db
      .selectFrom('walletTopups')
      .selectAll()
      .where('userId', '=', userId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
  }

  /** A top-up, created once per key and user: a second insert with the key answers the first row. */
  async insertTopup(trx: Trx, topup: NewTopup): Promise<{ row: WalletTopupRow; created: boolean }> {
    const row = await trx
      .insertInto('walletTopups')
      .values({ ...topup, status: 'created' })
      .onConflict((oc) => oc.columns(['userId', 'idempotencyKey']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return { row, created: true };
    const earlier = await trx
      .selectFrom('walletTopups')
      .selectAll()
      .where('userId', '=', topup.userId)
      .where('idempotencyKey', '=', topup.idempotencyKey)
      .executeTakeFirstOrThrow();
    return { row: earlier, created: false };
  }

  /** The top-up by id alone: for the settling job, which has no user. */
  async topupById(id: string, db: Executor = this.db): Promise<WalletTopupRow | undefined> {
    return db.selectFrom('walletTopups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async topupForUser(userId: string, id: string): Promise<WalletTopupRow | undefined> {
    return this.db
      .selectFrom('walletTopups')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A top-up by its trade number at its app, or a card's by the processor's intent. */
  async topupByTrade(method: WalletTopupMethod, tradeNo: string): Promise<WalletTopupRow | undefined> {
    return this.db
      .selectFrom('walletTopups')
      .selectAll()
      .where('method', '=', method)
      .where('intentId', '=', tradeNo)
      .executeTakeFirst();
  }

  /**
   * Claims the card top-ups failed since `since` (with an intent at the processor and no refund of a late
   * capture yet) that are due to be asked about again, marking them asked at `now` in the same statement: a
   * top-up never asked is due at once, then after as long as it had waited since it failed when last asked,
   * at least `minWaitMs` and at most an hour. Those never asked come first, then the longest unasked, `limit`
   * at most. Rows another sweep holds are skipped, so two sweeps at once never claim the same top-up.
   */
  async claimLateCardChecks(since: Date, now: Date, minWaitMs: number, limit = 200): Promise<WalletTopupRow[]> {
    const due = this.lateCardChecksDue(since, now, minWaitMs, limit).forUpdate().skipLocked();
    return this.db
      .updateTable('walletTopups')
      .set({ lateCheckedAt: now })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  /** The ids of the failed card top-ups due to be asked about, in the order `claimLateCardChecks` takes them. */
  lateCardChecksDue(since: Date, now: Date, minWaitMs: number, limit: number) {
    const minWait = `${Math.max(0, Math.round(minWaitMs))} milliseconds`;
    return (
      this.db
        .selectFrom('walletTopups as t')
        .select('t.id')
        // Written as literals, so the partial index of migration 0033 serves the query.
        .where(sql<boolean>`t.method = 'card' and t.status = 'failed' and t.intent_id is not null`)
        .where('t.updatedAt', '>=', since)
        .where((eb) =>
          eb.or([
            eb('t.lateCheckedAt', 'is', null),
            eb(
              sql`${now}::timestamptz - t.late_checked_at`,
              '>=',
              sql`least(greatest(t.late_checked_at - t.updated_at, ${minWait}::interval), interval '1 hour')`,
            ),
          ]),
        )
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('walletTopupRefunds as r').select('r.id').whereRef('r.topupId', '=', 't.id'))),
        )
        .orderBy(sql`t.late_checked_at nulls first`)
        .orderBy('t.updatedAt')
        .limit(limit)
    );
  }

  /**
   * Compare-and-set: moves a top-up only from one of `from` (each a step of `TOPUP_TRANSITIONS` to the new
   * status, else it throws before writing), with an event row when its status changes, in one transaction
   * (the caller's when given one). Undefined when it was elsewhere.
   */
  async moveTopup(
    db: Executor,
    id: string,
    from: readonly WalletTopupStatus[],
    change: TopupChange,
    at: Date,
  ): Promise<WalletTopupRow | undefined> {
    if (change.status) stepFrom(TOPUP_TRANSITIONS, from, change.status);
    const move = async (trx: Trx) => {
      const before = await trx
        .selectFrom('walletTopups')
        .select('status')
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const row = await trx
        .updateTable('walletTopups')
        .set({ ...change, updatedAt: at })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (change.status && change.status !== before.status)
        await trx
          .insertInto('walletTopupEvents')
          .values({ topupId: id, fromStatus: before.status, toStatus: change.status, at })
          .execute();
      return row;
    };
    return db.isTransaction ? move(db as Trx) : this.transaction(move);
  }
}
