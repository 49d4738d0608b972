import { type Kysely, sql } from 'kysely';

/**
 * `wallet_cards.reference_hash`: a keyed hash (HMAC with the server's secret) of the processor's reference
 * of a saved card, which is sealed with randomised encryption and so cannot be compared in SQL. One account
 * holds a processor card at most once, however many requests save it at once; cards saved before have none.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_cards').addColumn('reference_hash', 'text').execute();
  await sql`create unique index wallet_cards_user_reference on wallet_cards (user_id, reference_hash)
    where reference_hash is not null`.execute(db);
}
