import { type Kysely, sql } from 'kysely';

/**
 * Suppliers' answers stored once and shared: searches asking a supplier the same (the request's key) at
 * once or shortly after share one answer, which their sessions refer to by id. `search_answer_keys` holds
 * the current answer of each key, pending while its supplier is asked (until the claim runs out) or stored
 * and reusable until its time; `search_answers` holds the answers' texts while sessions may refer to them.
 * Short-lived like the sessions (unlogged); sessions in flight when this runs are ended.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update search_sessions set expires_at = now() where expires_at > now()`.execute(db);
  await sql`delete from search_entries`.execute(db);
  await sql`
    create unlogged table search_answers (
      id text primary key,
      body text not null,
      keep_until timestamptz not null
    )`.execute(db);
  await sql`alter table search_answers alter column body set storage external`.execute(db);
  await sql`create index search_answers_by_time on search_answers (keep_until)`.execute(db);
  await sql`
    create unlogged table search_answer_keys (
      key text primary key,
      answer_id text not null,
      done boolean not null,
      until timestamptz not null
    )`.execute(db);
  await sql`create index search_answer_keys_by_time on search_answer_keys (until)`.execute(db);
  // A session's answer refers to a stored answer; re-quoted prices keep their text.
  await sql`alter table search_entries alter column body drop not null`.execute(db);
  await sql`alter table search_entries add column answer_id text`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update search_sessions set expires_at = now() where expires_at > now()`.execute(db);
  await sql`delete from search_entries`.execute(db);
  await sql`alter table search_entries drop column answer_id`.execute(db);
  await sql`alter table search_entries alter column body set not null`.execute(db);
  await sql`drop table if exists search_answer_keys`.execute(db);
  await sql`drop table if exists search_answers`.execute(db);
}
