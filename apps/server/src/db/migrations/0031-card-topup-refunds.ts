import { type Kysely, sql } from 'kysely';

/**
 * `wallet_topup_refunds.app` takes `card` too: a card top-up the processor captured after it had failed is
 * refunded to the card as an app's is to its app, its `trade_no` the processor's intent.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_topup_refunds drop constraint wallet_topup_refunds_app_check`.execute(db);
  await sql`alter table wallet_topup_refunds add constraint wallet_topup_refunds_app_check
    check (app in ('alipay', 'wechat', 'card'))`.execute(db);
}
