import type { Kysely } from 'kysely';

/**
 * The simulated airline's published timetable changes, set through its control outside production
 * (`POST /ticketing-sim/schedule-changes`): a service on a day departs so many minutes later, or (0)
 * keeps its time, whatever the simulator would have drawn.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sim_schedule_changes')
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_schedule_changes_pk', ['service', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sim_schedule_changes').execute();
}
