import { type Kysely, sql } from 'kysely';

/**
 * China Railway accounts (spec §1, §5, §6): our link from a user to a national rail account, holding the
 * rail service's session token sealed (never the password), and the tables of the simulator of the
 * national rail service itself: its accounts, their passengers, the login codes it texts and its sessions.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('phone_masked', 'text', (c) => c.notNull())
    // The rail service's session token, sealed with the keyring (purpose `rail-session-token`).
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('session_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('active', 'expired')`))
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // The simulated national rail service: nothing of ours reads these tables but the simulator.
  await db.schema
    .createTable('rail_sim_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('id_last_four', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rail_sim_passengers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('rail_sim_accounts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('english_name', 'text')
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_sealed', 'text', (c) => c.notNull())
    .addColumn('document_masked', 'text', (c) => c.notNull())
    .addColumn('document_expiry', 'date')
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('nationality', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('passenger_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rail_sim_passengers_account')
    .on('rail_sim_passengers')
    .columns(['account_id', 'position'])
    .execute();
  await db.schema
    .createTable('rail_sim_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('rail_sim_accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('rail_sim_codes_account')
    .on('rail_sim_codes')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('rail_sim_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('rail_sim_accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rail_sim_sessions').execute();
  await db.schema.dropTable('rail_sim_codes').execute();
  await db.schema.dropTable('rail_sim_passengers').execute();
  await db.schema.dropTable('rail_sim_accounts').execute();
  await db.schema.dropTable('rail_accounts').execute();
}
