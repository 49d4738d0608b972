import { type Kysely, sql } from 'kysely';

/**
 * Price alerts. `price_alerts`: a traveller's watch on a search (its search link, the criteria in
 * the form every search shares), active or
 * paused, the lowest price seen at the last check (null: nothing on sale) and a version each check
 * moves by compare-and-set, so one check of a state is told once. `price_alert_points`: the lowest price
 * at each check, the alert's history.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'paused')`))
    .addColumn('sms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('lowest_minor', 'integer')
    .addColumn('checked_at', 'timestamptz')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('price_alerts_user').on('price_alerts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('price_alerts_due').on('price_alerts').columns(['status', 'checked_at']).execute();
  await db.schema
    .createTable('price_alert_points')
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('price_alerts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lowest_minor', 'integer')
    .addPrimaryKeyConstraint('price_alert_points_pk', ['alert_id', 'version'])
    .execute();
}
