import { type Kysely, sql } from 'kysely';

/**
 * Rail ticketing: what the simulated national rail service issued through an account (one answer per
 * request key), and our offline agent desk's queue of ticket requests, each due after an agent's time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_sim_orders')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('rail_sim_accounts.id').onDelete('cascade'))
    .addColumn('response', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rail_desk_requests')
    .addColumn('request_key', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'issued')`))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('issued_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rail_desk_requests').execute();
  await db.schema.dropTable('rail_sim_orders').execute();
}
