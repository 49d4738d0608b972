import { type Kysely, sql } from 'kysely';

/**
 * A student's school-year journeys are counted per person, not per saved traveller: deleting a traveller
 * and saving them again keeps the count. A person is the keyed hash of their document's number (a Chinese
 * ID card first), the hash the passengers tables keep to find a document without opening it; a traveller
 * with no document left keeps their own id. Each held or given-back ticket records its person, and the
 * counts of one person's saved travellers are carried over added together.
 */
const personOf = (passengerId: string) =>
  sql.raw(`coalesce((select d.number_hash from passenger_documents d where d.passenger_id = ${passengerId}
    order by (d.type = 'B') desc, d.created_at, d.id limit 1), 'passenger:' || ${passengerId}::text)`);

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('student_journeys').addColumn('person', 'text').execute();
  await sql`update student_journeys j set person = ${personOf('j.passenger_id')}`.execute(db);
  await db.schema
    .alterTable('student_journeys')
    .alterColumn('person', (c) => c.setNotNull())
    .execute();
  await db.schema.createIndex('student_journeys_person').on('student_journeys').columns(['person', 'state']).execute();
  await db.schema
    .createTable('student_journey_person_counts')
    .addColumn('person', 'text', (c) => c.notNull())
    .addColumn('school_year', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addPrimaryKeyConstraint('student_journey_person_counts_pk', ['person', 'school_year'])
    .execute();
  await sql`insert into student_journey_person_counts (person, school_year, used)
    select person, school_year, sum(used) from (
      select ${personOf('c.passenger_id')} as person, c.school_year, c.used from student_journey_counts c
    ) counted group by person, school_year`.execute(db);
  await db.schema.dropTable('student_journey_counts').execute();
  await db.schema.alterTable('student_journey_person_counts').renameTo('student_journey_counts').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('student_journey_counts').renameTo('student_journey_person_counts').execute();
  await db.schema
    .createTable('student_journey_counts')
    .addColumn('passenger_id', 'uuid', (c) => c.notNull())
    .addColumn('school_year', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addPrimaryKeyConstraint('student_journey_counts_pk', ['passenger_id', 'school_year'])
    .execute();
  await sql`insert into student_journey_counts (passenger_id, school_year, used)
    select passenger_id, school_year, count(*) from student_journeys where state = 'held'
    group by passenger_id, school_year`.execute(db);
  await db.schema.dropTable('student_journey_person_counts').execute();
  await db.schema.dropIndex('student_journeys_person').execute();
  await db.schema.alterTable('student_journeys').dropColumn('person').execute();
}
