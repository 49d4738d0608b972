import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
type AnyDb = Kysely<any>;

/**
 * Payment (spec §4, docs/architecture.md §6, §9). Two separate parts:
 * - the card processor simulator's own tables (`gateway_sim_*`): card tokens (brand, last four, expiry and
 *   the behaviour of a test card, never the number or the security code), payment intents, refunds and
 *   webhook events. Nothing of ours reads them; our code reaches them only through the gateway.
 * - ours: every payment attempt, written before the processor is called, with its idempotency key and
 *   an event row for each change; refunds likewise; webhook events received; the channel of an order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await gatewaySimulator(db);
  await paymentAttempts(db);
  await paymentRecords(db);
}

/** The simulated card gateway's tokens, intents, refunds and events. */
async function gatewaySimulator(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('gateway_sim_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('billing_country', 'text', (c) => c.notNull())
    // How the card behaves at confirmation and capture (success, declined, 3-D Secure, …).
    .addColumn('behaviour', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gateway_sim_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('capture_method', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.references('gateway_sim_tokens.id'))
    .addColumn('return_url', 'text')
    .addColumn('decline_code', 'text')
    .addColumn('amount_captured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('captures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'gateway_sim_intents_money',
      sql`amount_captured <= amount and amount_refunded <= amount_captured`,
    )
    .execute();

  await db.schema
    .createTable('gateway_sim_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('intent_id', 'text', (c) => c.notNull().references('gateway_sim_intents.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gateway_sim_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Where an order was made, and the attempts to pay it. */
async function paymentAttempts(db: AnyDb): Promise<void> {
  // Where an order was made (spec §4: an order made in the mobile app is paid in the app).
  await db.schema
    .alterTable('orders')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web').check(sql`channel in ('web', 'app')`))
    .execute();

  await db.schema
    .createTable('payment_attempts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // 'order' (the order's price) or 'difference' (its price difference, order status 1).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('card_token', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_exp', 'text')
    .addColumn('intent_id', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('action_url', 'text')
    .addColumn('decline_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('payment_attempts_key', ['order_id', 'idempotency_key'])
    .execute();
  // At most one attempt per order is under way at any time: a second one waits for it to settle.
  await sql`create unique index payment_attempts_one_open on payment_attempts (order_id)
    where state in ('created', 'action', 'capturing', 'unknown')`.execute(db);
  await sql`create index payment_attempts_open on payment_attempts (updated_at)
    where state in ('created', 'action', 'capturing', 'unknown')`.execute(db);
  await db.schema.createIndex('payment_attempts_intent').on('payment_attempts').column('intent_id').execute();
}

/** Payment events, refunds, and the gateway's webhook events as they came. */
async function paymentRecords(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('attempt_id', 'uuid', (c) => c.references('payment_attempts.id').onDelete('cascade'))
    .addColumn('refund_id', 'uuid')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'uuid')
    .addColumn('attempt_id', 'uuid', (c) => c.notNull().references('payment_attempts.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_webhook_events').execute();
  await db.schema.dropTable('payment_refunds').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_attempts').execute();
  await db.schema.alterTable('orders').dropColumn('channel').execute();
  await db.schema.dropTable('gateway_sim_events').execute();
  await db.schema.dropTable('gateway_sim_refunds').execute();
  await db.schema.dropTable('gateway_sim_intents').execute();
  await db.schema.dropTable('gateway_sim_tokens').execute();
}
