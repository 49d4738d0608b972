import { type Kysely, sql } from 'kysely';

/**
 * A ticket change at the railway. The simulated rail service keeps each ticket it sold (`rail_sim_tickets`:
 * its train, departure, class, coach and seat, and whether it stands or was exchanged, by which request), so
 * a change exchanges a sold ticket once. Our agents' desk queues changes beside issues (`kind`), with the old
 * and new trains its agent sees (`subject`), and an agent may refuse a change (`refused`, with its reason).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rail_sim_tickets')
    .addColumn('ticket_number', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('rail_sim_accounts.id').onDelete('cascade'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('train', 'text', (c) => c.notNull())
    .addColumn('departure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('travel_date', 'text', (c) => c.notNull())
    .addColumn('seat_class', 'text', (c) => c.notNull())
    .addColumn('coach', 'text')
    .addColumn('seat', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sold', 'changed')`))
    .addColumn('changed_by', 'text')
    .addColumn('sold_at', 'timestamptz', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('rail_sim_tickets_request').on('rail_sim_tickets').column('request_key').execute();
  await db.schema
    .alterTable('rail_desk_requests')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('issue').check(sql`kind in ('issue', 'change')`))
    .addColumn('subject', 'jsonb')
    .addColumn('refusal', 'text')
    .execute();
  await sql`alter table rail_desk_requests drop constraint rail_desk_requests_status_check`.execute(db);
  await sql`alter table rail_desk_requests add constraint rail_desk_requests_status_check
    check (status in ('queued', 'issued', 'refused'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from rail_desk_requests where status = 'refused'`.execute(db);
  await sql`alter table rail_desk_requests drop constraint rail_desk_requests_status_check`.execute(db);
  await sql`alter table rail_desk_requests add constraint rail_desk_requests_status_check
    check (status in ('queued', 'issued'))`.execute(db);
  await db.schema
    .alterTable('rail_desk_requests')
    .dropColumn('kind')
    .dropColumn('subject')
    .dropColumn('refusal')
    .execute();
  await db.schema.dropTable('rail_sim_tickets').execute();
}
