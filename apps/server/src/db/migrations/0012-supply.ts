import { type Kysely, sql } from 'kysely';

/**
 * A flight ticket remembers the seller it was bought from (`duffel`, or a simulated consolidator), so
 * ticketing, refunds and schedule changes go to that seller. Duffel's orders are recorded before and
 * after the call that makes them (`duffel_orders`), so a crash in between is settled, never booked twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sub_orders').addColumn('supplier', 'text').execute();
  await db.schema
    .createTable('duffel_orders')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id'))
    .addColumn('sub_order_id', 'uuid', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // creating (the call is on its way or its answer was lost), booked, cancelled.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('duffel_order_id', 'text', (c) => c.unique())
    .addColumn('booking_reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('duffel_orders_sub_order').on('duffel_orders').column('sub_order_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('duffel_orders').execute();
  await db.schema.alterTable('sub_orders').dropColumn('supplier').execute();
}
