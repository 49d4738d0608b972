import { type Kysely, sql } from 'kysely';

/** A person's images of the last thirty days are counted against their quota: found by conversation and time. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index chat_images_conversation_time on chat_images (conversation_id, created_at)`.execute(db);
  await sql`create index if not exists chat_conversations_user on chat_conversations (user_id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists chat_images_conversation_time`.execute(db);
}
