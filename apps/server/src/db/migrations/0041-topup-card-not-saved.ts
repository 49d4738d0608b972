import type { Kysely } from 'kysely';

/**
 * A top-up from a new card asked to save it keeps why the card was not saved (2153: the account keeps its
 * ten cards already), found when it is written or when it succeeds after the 3-D Secure page; the wallet
 * page the traveller comes back to reads it with the top-up. Null when the card was saved or not asked to be.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_topups').addColumn('save_error_code', 'integer').execute();
}
