import { type Kysely, sql } from 'kysely';

/**
 * Unpaid orders are counted per contact address over every account, whatever the letters' case: an index
 * of the unpaid ones by address keeps that count cheap.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index orders_unpaid_contact on orders (lower(contact_email)) where status = '0'`.execute(db);
  await sql`create index orders_unpaid_user on orders (user_id) where status = '0'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_unpaid_contact`.execute(db);
  await sql`drop index if exists orders_unpaid_user`.execute(db);
}
