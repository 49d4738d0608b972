import { type Kysely, sql } from 'kysely';

/**
 * `payment_attempts.late_checked_at`: when the reconciler last asked the app or card processor whether an
 * attempt closed unpaid was paid after all; failed attempts are found by when they closed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_attempts').addColumn('late_checked_at', 'timestamptz').execute();
  await sql`create index payment_attempts_failed on payment_attempts (updated_at) where state = 'failed'`.execute(db);
}
