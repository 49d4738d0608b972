import { type Kysely, sql } from 'kysely';

/**
 * The simulated rail service guards its accounts as 12306 does: five wrong passwords lock an account for a
 * while (counted here), and a phone number is bound to one account (an index to find it by).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('rail_sim_accounts')
    .addColumn('sign_in_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await sql`create index rail_sim_accounts_phone on rail_sim_accounts (phone)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists rail_sim_accounts_phone`.execute(db);
  await db.schema.alterTable('rail_sim_accounts').dropColumn('sign_in_failures').dropColumn('locked_until').execute();
}
