import { type Kysely, sql } from 'kysely';

/**
 * A search session keeps its changes as they came (each supplier's answer as one text, each re-quoted
 * price) instead of one row per result merged on every answer: an answer is one row written once, and
 * pulls fold the changes. The texts are stored as they are, not compressed by PostgreSQL: they are read
 * soon after and compressing them costs more than the bytes it saves. Sessions are short-lived (unlogged),
 * so those in flight when this runs are ended.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists search_results`.execute(db);
  await sql`update search_sessions set expires_at = now() where expires_at > now()`.execute(db);
  await sql`
    create unlogged table search_entries (
      session_id text not null,
      seq integer not null,
      supplier text,
      body text not null,
      primary key (session_id, seq)
    )`.execute(db);
  await sql`alter table search_entries alter column body set storage external`.execute(db);
  await sql`alter table search_sessions drop column result_count`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists search_entries`.execute(db);
  await sql`alter table search_sessions add column result_count integer not null default 0`.execute(db);
  await sql`update search_sessions set seq = 0, expires_at = now() where expires_at > now()`.execute(db);
  await sql`
    create unlogged table search_results (
      session_id text not null references search_sessions (id) on delete cascade,
      result_id text not null,
      body text not null,
      seq integer not null,
      primary key (session_id, result_id)
    )`.execute(db);
  await sql`create index search_results_by_seq on search_results (session_id, seq)`.execute(db);
}
