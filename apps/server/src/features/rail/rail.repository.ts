import type { Insertable, Selectable } from 'kysely';
import type { Db, RailAccountsTable } from '../../db/database';

export type RailLinkRow = Selectable<RailAccountsTable>;

/** The only code that touches `rail_accounts`; every statement names the user. */
export class RailRepository {
  constructor(private readonly db: Db) {}

  find(userId: string): Promise<RailLinkRow | undefined> {
    return this.db.selectFrom('railAccounts').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  async upsert(row: Insertable<RailAccountsTable>): Promise<RailLinkRow> {
    const { userId: _userId, linkedAt: _linkedAt, ...changes } = row;
    return this.db
      .insertInto('railAccounts')
      .values(row)
      .onConflict((oc) => oc.column('userId').doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A later session expiry after a call kept it alive; only for the token that call used. */
  async extend(userId: string, tokenSealed: string, expiresAt: Date, at: Date): Promise<void> {
    await this.db
      .updateTable('railAccounts')
      .set({ sessionExpiresAt: expiresAt, updatedAt: at })
      .where('userId', '=', userId)
      .where('tokenSealed', '=', tokenSealed)
      .where('state', '=', 'active')
      .execute();
  }

  async markExpired(userId: string, tokenSealed: string, at: Date): Promise<void> {
    await this.db
      .updateTable('railAccounts')
      .set({ state: 'expired', updatedAt: at })
      .where('userId', '=', userId)
      .where('tokenSealed', '=', tokenSealed)
      .execute();
  }

  async remove(userId: string): Promise<boolean> {
    const res = await this.db.deleteFrom('railAccounts').where('userId', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
