import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
type AnyDb = Kysely<any>;

/**
 * After payment (spec §4): notices (spec §2, §3 unread) with when each was read and sent; tickets as the
 * suppliers issued them, one per traveller and leg; the ticketing issuers' own record of what they issued
 * (so a request sent twice issues once); and refunds with the event row of every change of state.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await notices(db);
  await tickets(db);
  await refunds(db);
}

/** The traveller's notices. */
async function notices(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // One notice per event: a job that runs twice finds the notice it stored (null: no such key).
    .addColumn('dedupe_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addColumn('mailed_at', 'timestamptz')
    .addColumn('texted_at', 'timestamptz')
    .addUniqueConstraint('notifications_dedupe', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at', 'created_at'])
    .execute();
}

/** Tickets as issued, and the simulated issuer's record of its issues. */
async function tickets(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'uuid', (c) => c.notNull().references('sub_orders.id').onDelete('cascade'))
    .addColumn('leg_index', 'integer', (c) => c.notNull())
    .addColumn('traveller_position', 'integer', (c) => c.notNull())
    .addColumn('supplier', 'text', (c) => c.notNull().check(sql`supplier in ('air', 'rail')`))
    .addColumn('booking_reference', 'text', (c) => c.notNull())
    .addColumn('ticket_number', 'text', (c) => c.notNull())
    .addColumn('seat', 'text')
    .addColumn('coach', 'text')
    .addColumn('berth', 'text')
    .addColumn('gate', 'text')
    // A published schedule change: the new local departure time (ISO with offset).
    .addColumn('changed_departure', 'text')
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    // One ticket per traveller and leg, however often the issuing job runs.
    .addUniqueConstraint('tickets_one_per_seat', ['sub_order_id', 'leg_index', 'traveller_position'])
    .execute();
  await db.schema.createIndex('tickets_order').on('tickets').columns(['order_id']).execute();

  // The simulated airline and railway systems keep what they issued per request key, as real ones do.
  await db.schema
    .createTable('sim_ticket_issues')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('supplier', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Refunds of tickets. */
async function refunds(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sub_order_id', 'uuid', (c) => c.notNull().references('sub_orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('processing', 'done', 'withdrawn')`))
    // 'traveller': asked for from the order page; 'ticketing-failed': the supplier could not issue.
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('paid_minor', 'integer', (c) => c.notNull().check(sql`paid_minor >= 0`))
    .addColumn('fee_minor', 'integer', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('fee_rule', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .addCheckConstraint('refunds_amount', sql`amount_minor + fee_minor = paid_minor`)
    .execute();
  // At most one refund of a sub-order in processing or done.
  await sql`create unique index refunds_one_live on refunds (sub_order_id) where status <> 'withdrawn'`.execute(db);
  await db.schema.createIndex('refunds_user').on('refunds').columns(['user_id', 'requested_at']).execute();
  await db.schema
    .createTable('refund_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('refund_id', 'uuid', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refund_events_refund').on('refund_events').columns(['refund_id', 'id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refund_events').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('sim_ticket_issues').execute();
  await db.schema.dropTable('tickets').execute();
  await db.schema.dropTable('notifications').execute();
}
