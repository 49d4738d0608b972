import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
type AnyDb = Kysely<any>;

/**
 * Online service: agents (accounts with the agent role), conversations with their delivery and read
 * marks, messages numbered within their conversation, images as bytes, and the open WebSocket
 * connections of every server process (kept alive by a heartbeat, so a dead process's ones lapse).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await agentsAndConversations(db);
  await imagesAndMessages(db);
  await connections(db);
}

/** The agents, and the conversations travellers hold with them. */
async function agentsAndConversations(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_agents')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('waiting', 'active', 'closed')`))
    .addColumn('agent_id', 'uuid', (c) => c.references('chat_agents.user_id').onDelete('set null'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('traveller_delivered_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('traveller_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_delivered_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('agent_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('out_of_hours', 'boolean', (c) => c.notNull().defaultTo(false))
    // Set while an out-of-hours question waits for its answer; the first agent reply also notifies.
    .addColumn('notify_on_answer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('waiting_since', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('chat_active_has_agent', sql`status <> 'active' or agent_id is not null`)
    .execute();
  // At most one open conversation per traveller.
  await sql`create unique index chat_conversations_one_open on chat_conversations (user_id) where status <> 'closed'`.execute(
    db,
  );
  await db.schema
    .createIndex('chat_conversations_user')
    .on('chat_conversations')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_status')
    .on('chat_conversations')
    .columns(['status', 'agent_id'])
    .execute();
}

/** Images sent in the chat, and the messages of each conversation. */
async function imagesAndMessages(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0 and size <= 5242880`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('traveller', 'agent', 'system')`))
    .addColumn('sender_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sender_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'image', 'order', 'event')`))
    .addColumn('text', 'text')
    .addColumn('image_id', 'uuid', (c) => c.references('chat_images.id').onDelete('set null'))
    .addColumn('order_card', 'jsonb')
    .addColumn('event', 'text')
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_messages_pk', ['conversation_id', 'seq'])
    .execute();
  // A retried send finds the message it stored.
  await sql`create unique index chat_messages_client on chat_messages (sender_user_id, client_id) where client_id is not null`.execute(
    db,
  );
  // The rate limit counts a sender's recent messages.
  await db.schema
    .createIndex('chat_messages_sender_time')
    .on('chat_messages')
    .columns(['sender_user_id', 'created_at'])
    .execute();
}

/** Live connections of every server process. */
async function connections(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('is_agent', 'boolean', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_connections_user').on('chat_connections').columns(['user_id', 'seen_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_connections').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_images').execute();
  await db.schema.dropTable('chat_conversations').execute();
  await db.schema.dropTable('chat_agents').execute();
}
