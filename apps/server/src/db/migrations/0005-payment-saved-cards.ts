import { type Kysely, sql } from 'kysely';

/**
 * Saved cards bound to the processor's customers. At the (simulated) processor: customers; a saved card
 * is a token of kind `card` kept for one customer, made from a single-use token that it spends; a
 * security code typed again is a token of its own, held sealed until it is used; an intent may save its
 * card for its customer. At ours: the saved card a payment attempt used, so its security code's outcome
 * counts against that card.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gateway_sim_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('gateway_sim_tokens')
    .addColumn('customer_id', 'text', (c) => c.references('gateway_sim_customers.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('token').check(sql`kind in ('token', 'card')`))
    .execute();
  await db.schema
    .createTable('gateway_sim_cvc_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cvc_sealed', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('gateway_sim_intents')
    .addColumn('customer_id', 'text')
    .addColumn('save_card', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('saved_card_id', 'text')
    .execute();
  await db.schema.alterTable('payment_attempts').addColumn('saved_card_id', 'uuid').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_attempts').dropColumn('saved_card_id').execute();
  await db.schema
    .alterTable('gateway_sim_intents')
    .dropColumn('customer_id')
    .dropColumn('save_card')
    .dropColumn('saved_card_id')
    .execute();
  await db.schema.dropTable('gateway_sim_cvc_tokens').execute();
  await db.schema.alterTable('gateway_sim_tokens').dropColumn('customer_id').dropColumn('kind').execute();
  await db.schema.dropTable('gateway_sim_customers').execute();
}
