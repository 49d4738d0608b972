import { type Kysely, sql } from 'kysely';

/**
 * A ticket change's steps: a change may end failed (its new ticket refused, the old one standing again
 * on its old rides), and every step of its status is an event row beside the compare-and-set that made it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ticket_changes drop constraint if exists ticket_changes_status_check`.execute(db);
  await sql`alter table ticket_changes add constraint ticket_changes_status_check
            check (status in ('awaiting-payment', 'issuing', 'done', 'lapsed', 'failed'))`.execute(db);
  /** The rides the change replaces, kept once it goes ahead: a new ticket refused puts them back. */
  await db.schema.alterTable('ticket_changes').addColumn('old_legs', 'jsonb').execute();
  await db.schema
    .createTable('ticket_change_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('change_id', 'uuid', (c) => c.notNull().references('ticket_changes.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_change_events_change')
    .on('ticket_change_events')
    .columns(['change_id', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_change_events').ifExists().execute();
  await sql`delete from ticket_changes where status = 'failed'`.execute(db);
  await db.schema.alterTable('ticket_changes').dropColumn('old_legs').execute();
  await sql`alter table ticket_changes drop constraint if exists ticket_changes_status_check`.execute(db);
  await sql`alter table ticket_changes add constraint ticket_changes_status_check
            check (status in ('awaiting-payment', 'issuing', 'done', 'lapsed'))`.execute(db);
}
