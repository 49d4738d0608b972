import { type Kysely, sql } from 'kysely';

/**
 * Door-to-door plans between two places' centres, kept for every server process (`PgKeptPlans`): the planner's
 * journeys as bytes (already deflated, stored as they are), under the digest of the timetable's build, the two
 * places and the day's start from the timetable's epoch; `made_at` dates them for the purge.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('door_plans')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('plan', 'bytea', (c) => c.notNull())
    .addColumn('made_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`alter table door_plans alter column plan set storage external`.execute(db);
  await db.schema.createIndex('door_plans_made_at').on('door_plans').column('made_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('door_plans').execute();
}
