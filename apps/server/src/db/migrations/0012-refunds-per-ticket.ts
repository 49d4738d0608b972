import { type Kysely, sql } from 'kysely';

/**
 * Refunds per ticket: one traveller on one sub-order. A sub-order keeps each traveller's part of its price
 * and of its rail service fee, as the order priced them; a refund names its traveller (older refunds,
 * null, were of everyone on the sub-order) and the service fee it keeps, and at most one refund of a
 * ticket is live at a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sub_orders').addColumn('traveller_prices', 'jsonb').execute();
  await db.schema
    .alterTable('refunds')
    .addColumn('traveller_position', 'integer')
    .addColumn('service_fee_minor', 'integer', (c) => c.notNull().defaultTo(0).check(sql`service_fee_minor >= 0`))
    .execute();
  await db.schema.alterTable('refunds').dropConstraint('refunds_amount').execute();
  await db.schema
    .alterTable('refunds')
    .addCheckConstraint('refunds_amount', sql`amount_minor + fee_minor + service_fee_minor = paid_minor`)
    .execute();
  await sql`drop index refunds_one_live`.execute(db);
  await sql`create unique index refunds_one_live on refunds (sub_order_id, coalesce(traveller_position, -1))
            where status <> 'withdrawn'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index refunds_one_live`.execute(db);
  await sql`create unique index refunds_one_live on refunds (sub_order_id) where status <> 'withdrawn'`.execute(db);
  await db.schema.alterTable('refunds').dropConstraint('refunds_amount').execute();
  await db.schema
    .alterTable('refunds')
    .addCheckConstraint('refunds_amount', sql`amount_minor + fee_minor = paid_minor`)
    .execute();
  await db.schema.alterTable('refunds').dropColumn('service_fee_minor').dropColumn('traveller_position').execute();
  await db.schema.alterTable('sub_orders').dropColumn('traveller_prices').execute();
}
