import { type Kysely, sql } from 'kysely';

/**
 * Each order's itinerary PDF kept once per language, for the version of the order it shows (`version`:
 * a digest of everything drawn). Any process serves the kept copy until the order changes (a ticket
 * issued, a refund), when the next request draws the new version in its place. It holds what the
 * traveller downloads, documents masked as on the page.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('itinerary_pdfs')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('body', 'bytea', (c) => c.notNull())
    .addColumn('drawn_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('itinerary_pdfs_pk', ['order_id', 'language'])
    .execute();
  // A PDF is already compressed: PostgreSQL keeps it out of line without compressing it again.
  await sql`alter table itinerary_pdfs alter column body set storage external`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('itinerary_pdfs').ifExists().execute();
}
