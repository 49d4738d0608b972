import { type Kysely, sql } from 'kysely';

/**
 * A session keeps the channel it was created by: an app signs in saying so (`X-Client-Channel: app`), a
 * browser does not. Orders and payments read the channel from the session, never from each request.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web').check(sql`channel in ('web', 'app')`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('channel').execute();
}
