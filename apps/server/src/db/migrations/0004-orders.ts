import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
type AnyDb = Kysely<any>;

/**
 * Orders (spec §3, §4): an order, its travellers as they were booked (document numbers sealed), one
 * sub-order per ticket, an event row for every change of status, and the rail seats held for orders.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await ordersAndTravellers(db);
  await subOrdersAndEvents(db);
  await seatStock(db);
}

/** The order, and its travellers as they were booked (document numbers sealed). */
async function ordersAndTravellers(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    // One order per key and user: a double click or a retried request finds the order it made.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Spec §4 wire values as text: 'INVALID', '0' … '7'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('agent', 'text', (c) => c.notNull())
    .addColumn('origin_name', 'text', (c) => c.notNull())
    .addColumn('destination_name', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('arrival_time', 'text', (c) => c.notNull())
    .addColumn('departure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('CNY'))
    .addColumn('payment_deadline', 'timestamptz', (c) => c.notNull())
    // The itinerary as sold: legs, bounds, fee rules, self-transfer buffer; and the price breakdown.
    .addColumn('itinerary', 'jsonb', (c) => c.notNull())
    .addColumn('breakdown', 'jsonb', (c) => c.notNull())
    .addColumn('extras', 'jsonb', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_phone_sealed', 'text', (c) => c.notNull())
    .addColumn('contact_phone_masked', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_created').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_travellers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('passenger_id', 'uuid', (c) => c.references('passengers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('air_type', 'text', (c) => c.notNull())
    .addColumn('rail_type', 'text')
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_sealed', 'text', (c) => c.notNull())
    .addColumn('document_masked', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_travellers_position', ['order_id', 'position'])
    .execute();
}

/** One sub-order per ticket, and an event row for every change of status. */
async function subOrdersAndEvents(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('sub_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('flight', 'railway')`))
    // Null until the order is paid; then spec §4's 2 … 8 as text.
    .addColumn('status', 'text')
    .addColumn('legs', 'jsonb', (c) => c.notNull())
    .addColumn('flight_number', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('ticket_number', 'text')
    .addColumn('confirmation_code', 'text')
    .addColumn('seat', 'text')
    .addColumn('paid_minor', 'integer')
    .addColumn('price_difference_minor', 'integer')
    .addColumn('expected_refund_minor', 'integer')
    .addColumn('receipt_url', 'text')
    .addColumn('itinerary_url', 'text')
    .addUniqueConstraint('sub_orders_position', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();
}

/** The rail seats of each train, class and day, and those held for orders. */
async function seatStock(db: AnyDb): Promise<void> {
  // Seats of one class on one train on one day: `held` only grows by a compare-and-set within capacity.
  await db.schema
    .createTable('seat_stock')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('seat_stock_within', sql`held >= 0 and held <= capacity`)
    .execute();
  await db.schema
    .createTable('seat_holds')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('stock_key', 'text', (c) => c.notNull().references('seat_stock.key'))
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats > 0`))
    .addColumn('released_at', 'timestamptz')
    .addPrimaryKeyConstraint('seat_holds_pk', ['order_id', 'stock_key'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seat_holds').execute();
  await db.schema.dropTable('seat_stock').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropTable('sub_orders').execute();
  await db.schema.dropTable('order_travellers').execute();
  await db.schema.dropTable('orders').execute();
}
