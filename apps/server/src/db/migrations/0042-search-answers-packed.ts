import { type Kysely, sql } from 'kysely';

/**
 * Suppliers' answers are stored packed (deflated, `packAnswer`): `packed` holds them, stored as it is (already
 * compressed, not compressed again), and `body` is left for texts stored before, read until they run out.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table search_answers add column packed bytea`.execute(db);
  await sql`alter table search_answers alter column packed set storage external`.execute(db);
  await sql`alter table search_answers alter column body drop not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from search_answers where body is null`.execute(db);
  await sql`alter table search_answers alter column body set not null`.execute(db);
  await sql`alter table search_answers drop column packed`.execute(db);
}
