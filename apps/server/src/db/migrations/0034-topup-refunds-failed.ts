import { type Kysely, sql } from 'kysely';

/**
 * `wallet_topup_refunds.state` takes `failed` too: a late top-up's refund the card processor answered failed
 * (the card closed, say) is not sent again; customer service returns the money by hand.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_topup_refunds drop constraint wallet_topup_refunds_state_check`.execute(db);
  await sql`alter table wallet_topup_refunds add constraint wallet_topup_refunds_state_check
    check (state in ('pending', 'succeeded', 'failed'))`.execute(db);
}
