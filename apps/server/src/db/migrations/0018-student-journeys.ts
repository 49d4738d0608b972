import { type Kysely, sql } from 'kysely';

/**
 * A student's journeys (学生票次数): `student_journey_counts` holds, per saved traveller and school year,
 * the student tickets held through us (at most four, taken by compare-and-set); `student_journeys` each
 * student ticket of an order (a traveller on a sub-order), held until it is given back by the unpaid
 * order's end or the ticket's refund. `tickets.ticket_type` is the type the issuer wrote on a ticket.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_journey_counts')
    .addColumn('passenger_id', 'uuid', (c) => c.notNull())
    .addColumn('school_year', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addPrimaryKeyConstraint('student_journey_counts_pk', ['passenger_id', 'school_year'])
    .execute();
  await db.schema
    .createTable('student_journeys')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sub_order_position', 'integer', (c) => c.notNull())
    .addColumn('traveller_position', 'integer', (c) => c.notNull())
    .addColumn('passenger_id', 'uuid', (c) => c.notNull())
    .addColumn('school_year', 'integer', (c) => c.notNull())
    .addColumn('travel_date', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('held', 'given-back')`))
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('given_back_at', 'timestamptz')
    .addPrimaryKeyConstraint('student_journeys_pk', ['order_id', 'sub_order_position', 'traveller_position'])
    .execute();
  await db.schema
    .createIndex('student_journeys_passenger')
    .on('student_journeys')
    .columns(['passenger_id', 'state'])
    .execute();
  await db.schema.alterTable('tickets').addColumn('ticket_type', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('ticket_type').execute();
  await db.schema.dropTable('student_journeys').ifExists().execute();
  await db.schema.dropTable('student_journey_counts').ifExists().execute();
}
