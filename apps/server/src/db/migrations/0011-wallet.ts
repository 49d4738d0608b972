import { type Kysely, sql } from 'kysely';

/**
 * The wallet's balance (spec §3 wallet, docs/architecture.md §6): an append-only ledger of entries (a top-up
 * by card, a payment, a refund to the wallet) and one balance row per user that is the sum of them.
 * Every entry is written in the transaction that moves the balance row, under that row's lock, so the
 * balance never goes below zero and always equals the ledger, whatever runs in parallel.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_balances')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('wallet_balance_not_negative', sql`balance_minor >= 0`)
    .execute();

  await db.schema
    .createTable('wallet_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('topup', 'payment', 'refund')`))
    // Positive for money in (top-up, refund), negative for money out (payment).
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('balance_after_minor', 'integer', (c) => c.notNull().check(sql`balance_after_minor >= 0`))
    // One entry per key and user: a retried credit or debit finds the entry it made.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid')
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('wallet_entries_idempotency', ['user_id', 'idempotency_key'])
    .addCheckConstraint(
      'wallet_entry_sign',
      sql`(kind = 'payment' and amount_minor < 0) or (kind <> 'payment' and amount_minor > 0)`,
    )
    .execute();
  await db.schema.createIndex('wallet_entries_user').on('wallet_entries').columns(['user_id', 'id']).execute();

  // Append-only: an entry is never changed, and removed only with its user (a cascade runs in a trigger).
  await sql`
    create function wallet_entries_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
        return old;
      end if;
      raise exception 'wallet entries are append-only';
    end $$`.execute(db);
  await sql`
    create trigger wallet_entries_append_only before update or delete on wallet_entries
    for each row execute function wallet_entries_append_only()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_entries').execute();
  await sql`drop function wallet_entries_append_only()`.execute(db);
  await db.schema.dropTable('wallet_balances').execute();
}
