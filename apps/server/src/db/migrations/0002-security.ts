import { type Kysely, sql } from 'kysely';

/**
 * Security hardening: an account-wide guard against password guessing, the claim that ties a pending
 * e-mail registration to the browser that made it, and rate-limit keys kept only as keyed hashes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_guards')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('locks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_guards_updated').on('login_guards').column('updated_at').execute();

  await db.schema.alterTable('activation_tokens').addColumn('claim_hash', 'text').execute();

  // Keys were kept in clear (phone numbers, e-mails, addresses); they are keyed hashes from now on.
  await sql`delete from rate_limit_hits`.execute(db);
  await db.schema.createIndex('rate_limit_hits_at').on('rate_limit_hits').column('at').execute();
  await db.schema.createIndex('verification_codes_expires').on('verification_codes').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('verification_codes_expires').execute();
  await db.schema.dropIndex('rate_limit_hits_at').execute();
  await db.schema.alterTable('activation_tokens').dropColumn('claim_hash').execute();
  await db.schema.dropTable('login_guards').execute();
}
