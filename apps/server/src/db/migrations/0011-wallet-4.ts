import type { Kysely } from 'kysely';

/**
 * A top-up may come from a new card, saved to the wallet once the top-up succeeds if the traveller asks:
 * until then the card to save (the processor's token, holder, billing address, phone and description)
 * waits sealed with the top-up.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_topups').addColumn('save_card_sealed', 'text').execute();
  // A saved card's own token pays only with its security code typed again: payments look tokens up here.
  await db.schema.createIndex('wallet_cards_token').on('wallet_cards').column('token').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('wallet_cards_token').execute();
  await db.schema.alterTable('wallet_topups').dropColumn('save_card_sealed').execute();
}
