import type { Kysely } from 'kysely';

/**
 * `rail_desk_holds`: outside production, orders whose requests at the agents' desk the desk's own agent
 * leaves to the agents at the console (for walking the console), read by whichever process queues them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_desk_holds')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey())
    .addColumn('held_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rail_desk_holds').execute();
}
