import type { Kysely } from 'kysely';

/**
 * Some travellers of a train ticket change it without the others: a sub-order names the travellers its
 * tickets are for (null: every traveller of the order), and a change the travellers it moved (null: the
 * whole ticket) and how many seats of the old train it gives back (null: every seat the order held there).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sub_orders').addColumn('travellers', 'jsonb').execute();
  await db.schema.alterTable('ticket_changes').addColumn('travellers', 'jsonb').execute();
  await db.schema.alterTable('ticket_changes').addColumn('old_seats', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket_changes').dropColumn('old_seats').execute();
  await db.schema.alterTable('ticket_changes').dropColumn('travellers').execute();
  await db.schema.alterTable('sub_orders').dropColumn('travellers').execute();
}
