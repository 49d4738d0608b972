import { type Kysely, sql } from 'kysely';

/**
 * Top-ups by Alipay and WeChat Pay beside cards. `wallet_topups.method`: how the top-up is paid; an app's
 * top-up keeps our trade number in `intent_id` (written before the app is asked) and no card. Every move of
 * a top-up's status leaves a row in `wallet_topup_events`, in the transaction that moves it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('wallet_topups')
    .addColumn('method', 'text', (c) =>
      c.notNull().defaultTo('card').check(sql`method in ('card', 'alipay', 'wechat')`),
    )
    .execute();
  await db.schema
    .createIndex('wallet_topups_trade')
    .on('wallet_topups')
    .columns(['intent_id'])
    .where(sql.ref('method'), '<>', 'card')
    .execute();
  await db.schema
    .createTable('wallet_topup_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('topup_id', 'uuid', (c) => c.notNull().references('wallet_topups.id').onDelete('cascade'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_topup_events_topup').on('wallet_topup_events').columns(['topup_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_topup_events').execute();
  await db.schema.dropIndex('wallet_topups_trade').execute();
  await db.schema.alterTable('wallet_topups').dropColumn('method').execute();
}
