import { type Kysely, sql } from 'kysely';

/**
 * Price alerts over a flexible month. `price_alerts.month`: any day of this month (`yyyy/MM`) is watched
 * instead of the link's date (null: the link's own dates), and `lowest_day` the day of the lowest price
 * last recorded; `price_alert_points.day` the day of each check's lowest. `price_alert_days`: the lowest
 * price an alert over a month saw on each of its days and when (null: nothing on sale that day), so a check
 * searches only the days whose price is missing or oldest.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('price_alerts')
    .addColumn('month', 'text', (c) => c.check(sql`month ~ '^\\d{4}/\\d{2}$'`))
    .addColumn('lowest_day', 'date')
    .execute();
  await db.schema.alterTable('price_alert_points').addColumn('day', 'date').execute();
  await db.schema
    .createTable('price_alert_days')
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('price_alerts.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('lowest_minor', 'integer')
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_alert_days_pk', ['alert_id', 'day'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('price_alert_days').execute();
  await db.schema.alterTable('price_alert_points').dropColumn('day').execute();
  await db.schema.alterTable('price_alerts').dropColumn('lowest_day').dropColumn('month').execute();
}
