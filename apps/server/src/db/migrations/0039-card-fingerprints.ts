import { type Kysely, sql } from 'kysely';

/**
 * Card fingerprints: the processor names every card number with a fingerprint that stays the same however
 * often the card is saved (Stripe's `card.fingerprint`), while each save makes a new reference.
 * `wallet_cards.fingerprint_hash` keeps a keyed hash (HMAC with the server's secret) of it, unique per
 * account, so one account keeps a card once however many times, and however many requests at once, save it;
 * cards saved before have none. The card simulator keeps its own fingerprint with each token and card
 * (`gateway_sim_tokens.fingerprint`, a keyed hash of the number made by the issuer's key); tokens made
 * before have none.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_cards').addColumn('fingerprint_hash', 'text').execute();
  await sql`create unique index wallet_cards_user_fingerprint on wallet_cards (user_id, fingerprint_hash)
    where fingerprint_hash is not null`.execute(db);
  await db.schema.alterTable('gateway_sim_tokens').addColumn('fingerprint', 'text').execute();
}
