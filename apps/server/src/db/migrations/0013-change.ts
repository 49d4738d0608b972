import { type Kysely, sql } from 'kysely';

/**
 * Ticket changes (改签): one row per change of a sub-order's ticket to a new one. The old sub-order is
 * kept (status 4, changed) and a new sub-order carries the new ticket; the row keeps both rides as they
 * were, both fares, the fee and what was paid or refunded, and its own status. At most one change of a
 * sub-order is open at a time, and each new sub-order is made by exactly one change.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ticket_changes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('old_sub_order_id', 'uuid', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('new_sub_order_id', 'uuid', (c) => c.notNull().unique().references('sub_orders.id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('awaiting-payment', 'issuing', 'done', 'lapsed')`),
    )
    .addColumn('old_fare_minor', 'integer', (c) => c.notNull().check(sql`old_fare_minor >= 0`))
    .addColumn('new_fare_minor', 'integer', (c) => c.notNull().check(sql`new_fare_minor >= 0`))
    .addColumn('fee_minor', 'integer', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('due_minor', 'integer', (c) => c.notNull().check(sql`due_minor >= 0`))
    .addColumn('refund_minor', 'integer', (c) => c.notNull().check(sql`refund_minor >= 0`))
    .addColumn('old_trip', 'jsonb', (c) => c.notNull())
    .addColumn('new_trip', 'jsonb', (c) => c.notNull())
    /** The new rides, replacing the old ones in the order's itinerary once the change goes ahead. */
    .addColumn('new_legs', 'jsonb', (c) => c.notNull())
    .addColumn('seat_key', 'text')
    .addColumn('old_seat_key', 'text')
    .addColumn('payment_deadline', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('done_at', 'timestamptz')
    .addCheckConstraint('ticket_changes_one_way', sql`due_minor = 0 or refund_minor = 0`)
    .execute();
  await sql`create unique index ticket_changes_one_open on ticket_changes (old_sub_order_id)
            where status in ('awaiting-payment', 'issuing')`.execute(db);
  await db.schema.createIndex('ticket_changes_order').on('ticket_changes').column('order_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_changes').ifExists().execute();
}
