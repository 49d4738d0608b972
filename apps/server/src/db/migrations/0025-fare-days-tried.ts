import type { Kysely } from 'kysely';

/**
 * `fare_days.tried_at`: when the filling job last tried to price a trip, whatever came of it, so a trip
 * with nothing on sale or whose sellers failed waits as long as a priced one before it is tried again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fare_days').addColumn('tried_at', 'timestamptz').execute();
}
