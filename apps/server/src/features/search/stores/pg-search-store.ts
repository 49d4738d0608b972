import type { SearchCriteria, SearchResult } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../../db/database';
import {
  MAX_RESULTS,
  mergeOffer,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from '../search-store';

type SessionRow = { meta: string; expiresAt: Date; answered: number; failed: string[]; seq: number };

/**
 * Search sessions in PostgreSQL (migration 0010), for many processes without Redis. Each result row
 * carries the sequence number of its latest change, so a pull reads the results changed after its
 * cursor in one statement. Writers of one session (answers, re-pricing) take its row lock in turn.
 * Times come from the caller's clock; expired sessions keep their criteria for a day, then `purge` drops them.
 */
export class PgSearchStore implements SearchStore {
  private readonly db: Kysely<unknown>;

  constructor(
    db: Db,
    private readonly now: () => number,
    /** Live sessions kept at most: the purge ends the oldest beyond it (as the in-process store evicts them). */
    private readonly maxSessions = Number.POSITIVE_INFINITY,
  ) {
    this.db = db as unknown as Kysely<unknown>;
  }

  async create(meta: SessionMeta): Promise<void> {
    await sql`insert into search_sessions (id, meta, expires_at)
      values (${meta.id}, ${JSON.stringify(meta)}, ${new Date(meta.expiresAt)})`.execute(this.db);
  }

  async answer(id: string, supplier: string, results: SearchResult[] | 'failed'): Promise<void> {
    if (results === 'failed') {
      await sql`update search_sessions set answered = answered + 1, failed = array_append(failed, ${supplier})
        where id = ${id}`.execute(this.db);
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      const session = (
        await sql<{ seq: number; resultCount: number }>`select seq, result_count from search_sessions
          where id = ${id} for update`.execute(trx)
      ).rows[0];
      if (!session) return;
      const ids = [...new Set(results.map((r) => r.id))];
      const known = new Map<string, SearchResult>();
      if (ids.length > 0) {
        const rows = await sql<{ resultId: string; body: string }>`select result_id, body from search_results
          where session_id = ${id} and result_id = any(${ids}::text[])`.execute(trx);
        for (const row of rows.rows) known.set(row.resultId, JSON.parse(row.body) as SearchResult);
      }
      let seq = session.seq;
      let count = session.resultCount;
      const changed = new Map<string, { result: SearchResult; seq: number }>();
      for (const r of results) {
        const before = changed.get(r.id)?.result ?? known.get(r.id);
        if (!before) {
          if (count >= MAX_RESULTS) continue;
          count++;
        }
        changed.set(r.id, { result: before ? mergeOffer(before, r, supplier) : r, seq: ++seq });
      }
      if (changed.size > 0) {
        const entries = [...changed.entries()];
        // One JSON text of every row: quicker to write and to send than a text array of the bodies.
        const rows = JSON.stringify(entries.map(([rid, c]) => ({ r: rid, b: c.result, s: c.seq })));
        await sql`insert into search_results (session_id, result_id, body, seq)
          select ${id}, u.r, u.b::text, u.s from json_to_recordset(${rows}::json) as u (r text, b json, s int)
          on conflict (session_id, result_id) do update set body = excluded.body, seq = excluded.seq`.execute(trx);
      }
      await sql`update search_sessions set answered = answered + 1, seq = ${seq}, result_count = ${count}
        where id = ${id}`.execute(trx);
    });
  }

  async read(id: string, cursor: number, now: number): Promise<SessionRead | undefined> {
    // One statement, one snapshot: the session's sequence and the results up to it agree.
    const row = (
      await sql<SessionRow & { results: string | null }>`
        select s.meta, s.expires_at, s.answered, s.failed, s.seq,
          (select string_agg(r.body, ',' order by r.seq) from search_results r
            where r.session_id = s.id and r.seq > least(${Math.max(0, Math.trunc(cursor))}::bigint, s.seq) and r.seq <= s.seq) as results
        from search_sessions s where s.id = ${id}`.execute(this.db)
    ).rows[0];
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    return {
      meta: JSON.parse(row.meta) as SessionMeta,
      answered: row.answered,
      failed: row.failed,
      resultsJson: row.results ?? '',
      cursor: row.seq,
    };
  }

  async result(id: string, resultId: string, now: number) {
    const row = (
      await sql<{ meta: string; expiresAt: Date; body: string }>`
        select s.meta, s.expires_at, r.body from search_sessions s
        join search_results r on r.session_id = s.id and r.result_id = ${resultId}
        where s.id = ${id}`.execute(this.db)
    ).rows[0];
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    return { meta: JSON.parse(row.meta) as SessionMeta, result: JSON.parse(row.body) as SearchResult };
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    // The session's row first, as answers take it: writers of one session never wait on each other in a cycle.
    await this.db.transaction().execute(async (trx) => {
      const seq = (
        await sql<{ seq: number }>`update search_sessions set seq = seq + 1 where id = ${id} returning seq`.execute(trx)
      ).rows[0]?.seq;
      if (seq === undefined) return;
      const found = (
        await sql<{ body: string }>`select body from search_results
          where session_id = ${id} and result_id = ${resultId}`.execute(trx)
      ).rows[0];
      if (!found) return;
      const r = JSON.parse(found.body) as SearchResult;
      const repriced = { ...r, price: { ...r.price, amount } };
      await sql`update search_results set body = ${JSON.stringify(repriced)}, seq = ${seq}
        where session_id = ${id} and result_id = ${resultId}`.execute(trx);
    });
  }

  async expired(id: string): Promise<SearchCriteria | undefined> {
    const now = this.now();
    const row = (
      await sql<{ meta: string; expiresAt: Date }>`select meta, expires_at from search_sessions
        where id = ${id}`.execute(this.db)
    ).rows[0];
    if (!row) return undefined;
    const expiresAt = new Date(row.expiresAt).getTime();
    if (expiresAt > now || expiresAt + TOMBSTONE_MS <= now) return undefined;
    return (JSON.parse(row.meta) as SessionMeta).criteria;
  }

  /**
   * Ends the oldest live sessions beyond the limit, drops the results of expired sessions, and sessions
   * whose criteria are no longer kept.
   */
  async purge(): Promise<number> {
    const now = this.now();
    if (Number.isFinite(this.maxSessions)) {
      await sql`update search_sessions set expires_at = ${new Date(now)} where id in
        (select id from search_sessions where expires_at > ${new Date(now)}
          order by expires_at desc offset ${this.maxSessions})`.execute(this.db);
    }
    const results = await sql`delete from search_results where session_id in
      (select id from search_sessions where expires_at <= ${new Date(now)})`.execute(this.db);
    const sessions = await sql`delete from search_sessions
      where expires_at <= ${new Date(now - TOMBSTONE_MS)}`.execute(this.db);
    return Number(results.numAffectedRows ?? 0n) + Number(sessions.numAffectedRows ?? 0n);
  }
}
