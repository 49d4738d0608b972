import { type Kysely, sql } from 'kysely';

/**
 * `sim_fare_sales`: a sale the simulated flight sellers run on a route (city or airport codes both ways
 * as given), a share off every fare from when it is set; its own table, read by no code of ours but the
 * simulated sellers, so every process prices the same.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sim_fare_sales')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer', (c) => c.notNull().check(sql`percent_off between 0 and 90`))
    .addColumn('set_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_fare_sales_pk', ['origin', 'destination'])
    .execute();
}
