import type { Kysely } from 'kysely';

/**
 * Refunds are claimed before money moves: a refund the settling job has claimed can no longer be
 * withdrawn (spec §8 "Confirm cancel refund"), and one not claimed yet is never paid out.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').addColumn('claimed_at', 'timestamptz').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('claimed_at').execute();
}
