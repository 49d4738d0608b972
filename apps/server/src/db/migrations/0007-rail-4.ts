import { type Kysely, sql } from 'kysely';

/**
 * The waiting list (候补) of sold-out train classes: one entry per order, with the seats it waits for,
 * its cut-off and the amount held on the card; and the simulated China Railway's own record of seats
 * that came back per train, day and class.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_waitlist')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('awaiting_hold', 'waiting', 'filling', 'releasing', 'filled', 'released', 'closed')`),
    )
    .addColumn('reason', 'text', (c) => c.check(sql`reason in ('cutoff', 'traveller', 'hold_lost')`))
    .addColumn('stock_key', 'text', (c) => c.notNull())
    .addColumn('train', 'text', (c) => c.notNull())
    .addColumn('travel_date', 'text', (c) => c.notNull())
    .addColumn('seat_class', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer', (c) => c.notNull().check(sql`seats > 0`))
    .addColumn('cutoff_at', 'timestamptz', (c) => c.notNull())
    .addColumn('cutoff_local', 'text', (c) => c.notNull())
    .addColumn('held_minor', 'integer', (c) => c.check(sql`held_minor > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rail_waitlist_user').on('rail_waitlist').column('user_id').execute();
  await sql`create index rail_waitlist_waiting on rail_waitlist (stock_key, created_at)
    where status = 'waiting'`.execute(db);
  await db.schema
    .createTable('rail_sim_seat_returns')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('returned', 'integer', (c) => c.notNull().defaultTo(0).check(sql`returned >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rail_sim_seat_returns').execute();
  await db.schema.dropTable('rail_waitlist').execute();
}
