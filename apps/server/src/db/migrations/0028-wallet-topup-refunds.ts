import { type Kysely, sql } from 'kysely';

/**
 * `wallet_topup_refunds`: the money of a top-up paid at its app after it had failed, going back to that app
 * under the top-up's own refund number, one per top-up; `pending` until the app confirms it, each move of
 * its state a row of `wallet_topup_refund_events` written in the transaction that makes it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_topup_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('topup_id', 'uuid', (c) => c.notNull().unique().references('wallet_topups.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app', 'text', (c) => c.notNull().check(sql`app in ('alipay', 'wechat')`))
    .addColumn('trade_no', 'text', (c) => c.notNull())
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('amount_minor', 'integer', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'succeeded')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index wallet_topup_refunds_pending on wallet_topup_refunds (updated_at)
    where state = 'pending'`.execute(db);
  await db.schema
    .createTable('wallet_topup_refund_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('refund_id', 'uuid', (c) => c.notNull().references('wallet_topup_refunds.id').onDelete('cascade'))
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_topup_refund_events_refund')
    .on('wallet_topup_refund_events')
    .columns(['refund_id'])
    .execute();
}
