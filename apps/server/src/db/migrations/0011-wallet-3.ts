import { type Kysely, sql } from 'kysely';

/**
 * A saved card's billing address and phone are sealed at rest (AES-256-GCM under the keyring, as
 * document numbers are): `billing_sealed` holds them from now on. The keyring is not at hand here, so
 * rows saved before keep their plain `billing` until the wallet's `wallet.sealCards` job seals them and
 * clears it (the job runs on a schedule; reading either form works meanwhile).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_cards').addColumn('billing_sealed', 'text').execute();
  await db.schema
    .alterTable('wallet_cards')
    .alterColumn('billing', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('wallet_cards')
    .addCheckConstraint('wallet_cards_billing_kept', sql`billing_sealed is not null or billing is not null`)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wallet_cards').dropConstraint('wallet_cards_billing_kept').execute();
  await db.schema.alterTable('wallet_cards').dropColumn('billing_sealed').execute();
}
