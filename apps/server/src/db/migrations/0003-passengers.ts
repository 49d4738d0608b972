import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passengers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chinese_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('given_names', 'text')
    .addColumn('middle_name', 'text')
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull().check(sql`gender in ('MALE', 'FEMALE')`))
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('phone_country', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    // What China Railway said of the identity; null until it has answered the latest request.
    .addColumn('rail_status', 'text')
    .addColumn('rail_checked_at', 'timestamptz')
    // Bumped by every change a check depends on, so an answer to an older request is not written.
    .addColumn('rail_request', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('passengers_has_name', sql`chinese_name is not null or surname is not null`)
    .execute();
  await db.schema.createIndex('passengers_user').on('passengers').columns(['user_id', 'created_at']).execute();

  // Document numbers are sealed (AES-256-GCM, lib/crypto.ts); `number_hash` is a keyed hash that finds
  // the same number again without opening it, and `number_masked` is what screens show.
  await db.schema
    .createTable('passenger_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('passenger_id', 'uuid', (c) => c.notNull().references('passengers.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('number_sealed', 'text', (c) => c.notNull())
    .addColumn('number_hash', 'text', (c) => c.notNull())
    .addColumn('number_masked', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'date')
    .addColumn('issuing_country', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('passenger_documents_one_per_type', ['passenger_id', 'type'])
    .addUniqueConstraint('passenger_documents_once_per_user', ['user_id', 'type', 'number_hash'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passenger_documents').execute();
  await db.schema.dropTable('passengers').execute();
}
