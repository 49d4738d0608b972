import { type Kysely, sql } from 'kysely';

/**
 * `wallet_topups.late_checked_at`: when the wallet's sweep last asked the card processor whether a card top-up
 * recorded failed was captured after all. The sweep asks each again only after a growing wait, those never
 * asked first and then the longest unasked, through this index of the failed card top-ups alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_topups').addColumn('late_checked_at', 'timestamptz').execute();
  await sql`create index wallet_topups_card_late_checks on wallet_topups (late_checked_at nulls first, updated_at)
    where method = 'card' and status = 'failed' and intent_id is not null`.execute(db);
}
