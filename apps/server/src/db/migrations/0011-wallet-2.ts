import { type Kysely, sql } from 'kysely';

/**
 * Saved cards and top-ups of the wallet. A card is kept as the processor's token with its brand, last
 * four digits and expiry (never the number or the security code), with the holder's name, billing
 * address and a description (spec §3 wallet card). A top-up is recorded with its idempotency key before
 * the processor is called, and settled once: its ledger entry is written when it moves to succeeded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{4}$'`))
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('billing', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_cards_user').on('wallet_cards').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('wallet_topups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('card_id', 'uuid', (c) => c.references('wallet_cards.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    // created → (action | processing) → succeeded | failed; only compare-and-set updates move it.
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'action', 'processing', 'succeeded', 'failed')`),
    )
    .addColumn('intent_id', 'text')
    .addColumn('action_url', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('wallet_topups_idempotency', ['user_id', 'idempotency_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_topups').execute();
  await db.schema.dropTable('wallet_cards').execute();
}
