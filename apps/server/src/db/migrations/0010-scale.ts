import { type Kysely, sql } from 'kysely';

/**
 * State that many server processes share when no Redis is configured: search sessions with their
 * results, and the per-address request counters of the API's rate limit. Both are short-lived and
 * rebuilt by use, so they are unlogged (fast to write; emptied after a database crash, never corrupted).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create unlogged table search_sessions (
      id text primary key,
      meta text not null,
      expires_at timestamptz not null,
      answered integer not null default 0,
      failed text[] not null default '{}',
      seq integer not null default 0,
      result_count integer not null default 0
    )`.execute(db);
  await sql`create index search_sessions_expiry on search_sessions (expires_at)`.execute(db);
  await sql`
    create unlogged table search_results (
      session_id text not null references search_sessions (id) on delete cascade,
      result_id text not null,
      body text not null,
      seq integer not null,
      primary key (session_id, result_id)
    )`.execute(db);
  await sql`create index search_results_by_seq on search_results (session_id, seq)`.execute(db);
  await sql`
    create unlogged table api_rate_counters (
      key text primary key,
      count integer not null,
      window_end timestamptz not null
    )`.execute(db);
  await sql`create index api_rate_counters_end on api_rate_counters (window_end)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists api_rate_counters`.execute(db);
  await sql`drop table if exists search_results`.execute(db);
  await sql`drop table if exists search_sessions`.execute(db);
}
