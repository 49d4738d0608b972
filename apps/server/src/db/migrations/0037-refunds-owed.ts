import { type Kysely, sql } from 'kysely';

/**
 * `refunds.status` takes `owed`: a ticket given up whose money the card processor (or Alipay, WeChat Pay)
 * refused to return. It stays owed, its order not refunded, until customer service records the money paid
 * back another way, and the agents' desk lists the refunds owed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refunds drop constraint refunds_status_check`.execute(db);
  await sql`alter table refunds add constraint refunds_status_check
    check (status in ('processing', 'owed', 'done', 'withdrawn'))`.execute(db);
  await sql`create index refunds_owed on refunds (requested_at) where status = 'owed'`.execute(db);
}
