import { type Kysely, sql } from 'kysely';

/**
 * The month of fares. `fare_days`: each trip travellers searched (route by place tokens, departure day,
 * and the return day of a round trip or '' for one way), how often it was searched, the lowest flight and
 * train price for one adult in economy last seen for it and when (in CNY, as every supplier prices), and until when a filling job has claimed it (one job prices a
 * trip at a time, whichever process runs it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fare_days')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('return_day', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('looks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flight_minor', 'integer')
    .addColumn('flight_seen_at', 'timestamptz')
    .addColumn('train_minor', 'integer')
    .addColumn('train_seen_at', 'timestamptz')
    .addColumn('claimed_until', 'timestamptz')
    .addPrimaryKeyConstraint('fare_days_pk', ['origin', 'destination', 'day', 'return_day'])
    .addCheckConstraint('fare_days_return_day', sql`return_day = '' or return_day ~ '^\\d{4}-\\d{2}-\\d{2}$'`)
    .execute();
  await db.schema.createIndex('fare_days_looks').on('fare_days').columns(['day', 'looks']).execute();
}
