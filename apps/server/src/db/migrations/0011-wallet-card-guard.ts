import { type Kysely, sql } from 'kysely';

/**
 * A saved card is the processor's card of the account's customer, its reference sealed at rest (`token`
 * keeps a card saved before, until the sealing job moves it); three wrong security codes in a day lock it
 * for a day (`code_tries` counts the tries of the day, those in flight included; `code_wrong` the wrong ones). Top-ups are summed
 * per user over the last day for the daily cap.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_customers')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('wallet_cards')
    .alterColumn('token', (c) => c.dropNotNull())
    .addColumn('token_sealed', 'text')
    .addColumn('bound', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('code_tries', 'integer', (c) => c.notNull().defaultTo(0).check(sql`code_tries >= 0`))
    .addColumn('code_wrong', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_tried_at', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('wallet_topups_user_time')
    .on('wallet_topups')
    .columns(['user_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('wallet_topups_user_time').execute();
  await db.schema
    .alterTable('wallet_cards')
    .dropColumn('token_sealed')
    .dropColumn('bound')
    .dropColumn('code_tries')
    .dropColumn('code_wrong')
    .dropColumn('code_tried_at')
    .dropColumn('locked_until')
    .execute();
  await db.schema.dropTable('wallet_customers').execute();
}
