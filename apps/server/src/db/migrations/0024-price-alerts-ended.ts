import { type Kysely, sql } from 'kysely';

/**
 * A price alert whose search can no longer be made (its travel date has passed) is `ended`: kept with its
 * last price and history, searched no more.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table price_alerts drop constraint if exists price_alerts_status_check`.execute(db);
  await sql`alter table price_alerts add constraint price_alerts_status_check
            check (status in ('active', 'paused', 'ended'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update price_alerts set status = 'paused' where status = 'ended'`.execute(db);
  await sql`alter table price_alerts drop constraint if exists price_alerts_status_check`.execute(db);
  await sql`alter table price_alerts add constraint price_alerts_status_check
            check (status in ('active', 'paused'))`.execute(db);
}
