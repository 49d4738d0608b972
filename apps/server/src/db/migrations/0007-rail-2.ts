import { type Kysely, sql } from 'kysely';

/** Each rail sub-order keeps how its tickets are issued (online through 12306, or offline) and its fees. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sub_orders')
    .addColumn('ticketing', 'text', (c) => c.check(sql`ticketing in ('online', 'offline')`))
    .addColumn('service_fee_minor', 'integer', (c) => c.check(sql`service_fee_minor >= 0`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sub_orders').dropColumn('service_fee_minor').dropColumn('ticketing').execute();
}
