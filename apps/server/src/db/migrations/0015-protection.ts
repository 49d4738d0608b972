import { type Kysely, sql } from 'kysely';

/**
 * Protected connections. `protection_cases`: a delay that made a self-transfer impossible, one per missed
 * sub-order, with the next departure offered and the unused ticket's refund; `offered` until the traveller
 * chooses, then `rebooked` (the new sub-order, and what the new ticket cost beyond what was paid, which we
 * absorb) or `refunded`, each step a compare-and-set beside an order event. `sim_delays`: the simulated
 * airlines' and railway's delays of a service on a day, their own table, read by no code of ours.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('protection_cases')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('delayed_sub_order_id', 'uuid', (c) => c.notNull().references('sub_orders.id'))
    .addColumn('missed_sub_order_id', 'uuid', (c) => c.notNull().unique().references('sub_orders.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('offered', 'rebooked', 'refunded')`))
    .addColumn('delayed_leg', 'integer', (c) => c.notNull())
    .addColumn('missed_leg', 'integer', (c) => c.notNull())
    .addColumn('delay_minutes', 'integer', (c) => c.notNull())
    .addColumn('missed', 'jsonb', (c) => c.notNull())
    .addColumn('next', 'jsonb')
    .addColumn('refund_minor', 'integer', (c) => c.notNull())
    .addColumn('new_sub_order_id', 'uuid', (c) => c.references('sub_orders.id'))
    .addColumn('absorbed_minor', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('protection_cases_order').on('protection_cases').column('order_id').execute();
  await db.schema
    .createTable('sim_delays')
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('announced_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_delays_pk', ['service', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sim_delays').ifExists().execute();
  await db.schema.dropTable('protection_cases').ifExists().execute();
}
