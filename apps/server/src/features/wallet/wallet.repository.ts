import type { Selectable, Transaction } from 'kysely';
import type { Database, Db, WalletEntriesTable, WalletEntryKind } from '../../db/database';

export type Trx = Transaction<Database>;
type Executor = Db | Trx;
export type WalletEntryRow = Selectable<WalletEntriesTable>;
export type NewWalletEntry = {
  userId: string;
  kind: WalletEntryKind;
  amountMinor: number;
  balanceAfterMinor: number;
  idempotencyKey: string;
  orderId: string | null;
  reference: string | null;
  createdAt: Date;
};

/**
 * The only SQL of the wallet. Every statement names the user, so nobody reads or moves another
 * user's balance, entries or cards.
 */
export class WalletRepository {
  constructor(private readonly db: Db) {}

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
  async entries(userId: string, page: number, pageSize: number): Promise<{ rows: WalletEntryRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('walletEntries')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
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
}
