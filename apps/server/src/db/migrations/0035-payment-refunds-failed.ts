import { type Kysely, sql } from 'kysely';

/**
 * `payment_refunds.state` is one of `pending`, `succeeded` and `failed`: an order's refund the card processor
 * (or Alipay, WeChat Pay) answered failed is not sent again; customer service returns the money by hand.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_refunds add constraint payment_refunds_state_check
    check (state in ('pending', 'succeeded', 'failed'))`.execute(db);
}
