import { type Kysely, sql } from 'kysely';

/**
 * Student tickets. `rail_sim_students`: the simulated railway's student qualification of a passenger on a
 * 12306 account (学生资质核验): the school, the home city and the school's city of the discounted
 * interval, the enrolment year, and the check's state; its own table, read by no code of ours but the
 * simulator, which answers it with the passenger list as 12306 does.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_sim_students')
    .addColumn('passenger_id', 'uuid', (c) => c.primaryKey().references('rail_sim_passengers.id').onDelete('cascade'))
    .addColumn('school', 'text', (c) => c.notNull())
    .addColumn('home_city', 'text', (c) => c.notNull())
    .addColumn('school_city', 'text', (c) => c.notNull())
    .addColumn('enrolled_year', 'integer', (c) => c.notNull())
    .addColumn('check_status', 'text', (c) => c.notNull().check(sql`check_status in ('verified', 'pending', 'failed')`))
    .addColumn('checked_at', 'timestamptz')
    .execute();
}
