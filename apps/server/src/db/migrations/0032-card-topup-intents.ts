import { type Kysely, sql } from 'kysely';

/**
 * A card top-up found by its processor intent: every webhook of a captured intent asks whether it is a card
 * top-up's (an order's payment is not), and the wallet's sweep reads the card top-ups failed lately. The index
 * of 0020 covers only the apps' trade numbers; these are whole, so a query that names its method as a
 * parameter uses them too.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index wallet_topups_intent on wallet_topups (intent_id)`.execute(db);
  await sql`create index wallet_topups_method_status on wallet_topups (method, status, updated_at)`.execute(db);
}
