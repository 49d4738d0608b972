import type { SearchCriteria } from '@junction/domain';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../../db/database';
import {
  type AnswerClaim,
  type AnswerInto,
  type EntryBody,
  entryOf,
  entryText,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from '../search-store';
import { packAnswer, unpackAnswer } from './packed-answer';

type Claim = {
  key: string;
  id: string;
  pendingUntil: number;
  resolve: (claim: AnswerClaim) => void;
  reject: (error: unknown) => void;
};

type ReadRow = {
  meta: string;
  expiresAt: Date;
  answered: number;
  failed: string[];
  seq: number;
  entrySeq: number | null;
  supplier: string | null;
  body: string | null;
  answerId: string | null;
};

/**
 * Search sessions in PostgreSQL (migrations 0010), for many processes without Redis. A session's row
 * counts its answers and numbers its changes; each change (a supplier's answer, as the id of the answer
 * stored once in `search_answers` and shared by the sessions asking the same; a re-quoted price) is one
 * row of `search_entries`, written in the same statement that numbers it, so a reader that
 * sees a session's number sees every change up to it. Nothing is read back to be merged: pulls fold the
 * changes (`SessionResults`). Times come from the caller's clock; expired sessions keep their criteria
 * for a day, then `purge` drops them.
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

  /** Numbers a change and stores it, in one statement; with `answered`, counts an answer too. */
  private async add(id: string, entry: EntryBody, answered: number): Promise<number | undefined> {
    // An answer's row names its supplier and the stored answer; a re-quoted price's has its text.
    const supplier = entry.kind === 'answer' ? entry.supplier : null;
    const answerId = entry.kind === 'answer' ? entry.answerId : null;
    const body = entry.kind === 'answer' ? null : entryText(entry).slice(2);
    const row = (
      await sql<{ seq: number }>`with s as (
          update search_sessions set answered = answered + ${answered}, seq = seq + 1 where id = ${id} returning id, seq)
        insert into search_entries (session_id, seq, supplier, body, answer_id)
          select id, seq, ${supplier}, ${body}, ${answerId} from s
        returning seq`.execute(this.db)
    ).rows[0];
    return row?.seq;
  }

  async answer(id: string, supplier: string, answer: string | 'failed'): Promise<number | undefined> {
    if (answer === 'failed') {
      await sql`update search_sessions set answered = answered + 1, failed = array_append(failed, ${supplier})
        where id = ${id}`.execute(this.db);
      return undefined;
    }
    return this.add(id, { kind: 'answer', supplier, answerId: answer }, 1);
  }

  /** Claims asked in this turn of the event loop (a search asks every supplier at once): one statement for them all. */
  private asked: Claim[] = [];

  claimAnswer(key: string, id: string, pendingUntil: number): Promise<AnswerClaim> {
    return new Promise((resolve, reject) => {
      this.asked.push({ key, id, pendingUntil, resolve, reject });
      if (this.asked.length === 1)
        queueMicrotask(() => {
          const claims = this.asked;
          this.asked = [];
          void this.claimAll(claims);
        });
    });
  }

  /** Settles each claim; a key asked twice at once is claimed again once the first has settled. */
  private async claimAll(claims: Claim[]): Promise<void> {
    const keys = new Set<string>();
    const first: Claim[] = [];
    const again: Claim[] = [];
    for (const c of claims) {
      if (keys.has(c.key)) again.push(c);
      else first.push(c);
      keys.add(c.key);
    }
    try {
      const settled = await this.claimOnce(first);
      first.forEach((c, i) => {
        c.resolve(settled[i] as AnswerClaim);
      });
    } catch (error) {
      for (const c of first) c.reject(error);
    }
    if (again.length > 0) await this.claimAll(again);
  }

  /** Claims of distinct keys, in as few statements as they take: usually two at most. */
  private async claimOnce(claims: Claim[]): Promise<AnswerClaim[]> {
    const settled = new Map<string, AnswerClaim>();
    let open = claims;
    for (let attempt = 0; open.length > 0; attempt++) {
      // The key's answer went between the two statements (given up, or purged): claim it again.
      if (attempt > 5) throw new Error(`could not claim the answers ${open.map((c) => c.key).join(', ')}`);
      const now = new Date(this.now());
      // Taken over only when the key's answer is no longer to be reused or its claim ran out.
      const claimed = (
        await sql<{ key: string }>`insert into search_answer_keys as k (key, answer_id, done, until)
          select c.key, c.id, false, c.until
            from unnest(${open.map((c) => c.key)}::text[], ${open.map((c) => c.id)}::text[],
              ${open.map((c) => new Date(c.pendingUntil))}::timestamptz[]) as c(key, id, until)
          on conflict (key) do update set answer_id = excluded.answer_id, done = false, until = excluded.until
            where k.until <= ${now}
          returning k.key`.execute(this.db)
      ).rows;
      for (const { key } of claimed) {
        const c = open.find((o) => o.key === key) as Claim;
        settled.set(key, { id: c.id, state: 'mine' });
      }
      const others = open.filter((c) => !settled.has(c.key));
      if (others.length === 0) break;
      const known = (
        await sql<{ key: string; answerId: string; done: boolean }>`select key, answer_id, done
          from search_answer_keys where key = any(${others.map((c) => c.key)}::text[]) and until > ${now}`.execute(
          this.db,
        )
      ).rows;
      for (const k of known) settled.set(k.key, { id: k.answerId, state: k.done ? 'done' : 'pending' });
      open = others.filter((c) => !settled.has(c.key));
    }
    return claims.map((c) => settled.get(c.key) as AnswerClaim);
  }

  async storeAnswer(
    id: string,
    key: string | undefined,
    resultsJson: Buffer | 'failed',
    reusableUntil: number,
    keepUntil: number,
    into?: AnswerInto,
  ): Promise<number | undefined> {
    if (resultsJson === 'failed') {
      if (key !== undefined)
        await sql`delete from search_answer_keys where key = ${key} and answer_id = ${id}`.execute(this.db);
      return undefined;
    }
    const packed = await packAnswer(resultsJson);
    // The text first, in the same statement: a key marked stored always has its text.
    const stored = sql`insert into search_answers (id, packed, keep_until) values (${id}, ${packed}, ${new Date(keepUntil)})
        returning id`;
    const reusable = sql`update search_answer_keys set done = true, until = ${new Date(reusableUntil)}
        where key = ${key ?? null} and answer_id = (select id from a)`;
    if (!into) {
      await sql`with a as (${stored}) ${reusable}`.execute(this.db);
      return undefined;
    }
    // And the session's change, as \`answer\` makes it, in the same statement.
    const row = (
      await sql<{ seq: number }>`with a as (${stored}), k as (${reusable}),
          s as (update search_sessions set answered = answered + 1, seq = seq + 1 where id = ${into.session}
            returning id, seq)
        insert into search_entries (session_id, seq, supplier, body, answer_id)
          select id, seq, ${into.supplier}, null, ${id} from s
        returning seq`.execute(this.db)
    ).rows[0];
    return row?.seq;
  }

  async answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'> {
    const row = (
      await sql<{ stored: boolean; pending: boolean }>`select
          exists (select 1 from search_answers where id = ${id}) as stored,
          exists (select 1 from search_answer_keys where key = ${key} and answer_id = ${id} and not done
            and until > ${new Date(this.now())}) as pending`.execute(this.db)
    ).rows[0];
    return row?.stored ? 'done' : row?.pending ? 'pending' : 'failed';
  }

  async storedAnswers(ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (ids.length === 0) return new Map();
    const rows = (
      await sql<{ id: string; body: string | null; packed: Buffer | null }>`select id, body, packed from search_answers
        where id = any(${[...ids]}::text[])`.execute(this.db)
    ).rows;
    const found = await Promise.all(rows.map((r) => (r.packed ? unpackAnswer(r.packed) : Buffer.from(r.body ?? '[]'))));
    return new Map(rows.map((r, i) => [r.id, found[i] as Buffer]));
  }

  async read(id: string, after: number, now: number): Promise<SessionRead | undefined> {
    // One statement, one snapshot: the session's number and its changes up to it agree.
    const rows = (
      await sql<ReadRow>`
        select s.meta, s.expires_at, s.answered, s.failed, s.seq, e.seq as entry_seq, e.supplier, e.body,
          e.answer_id
        from search_sessions s
        left join search_entries e on e.session_id = s.id
          and e.seq > ${Math.max(0, Math.trunc(Math.min(after, 2 ** 31 - 1)))}::integer and e.seq <= s.seq
        where s.id = ${id} order by e.seq`.execute(this.db)
    ).rows;
    const row = rows[0];
    if (!row || new Date(row.expiresAt).getTime() <= now) return undefined;
    return {
      meta: JSON.parse(row.meta) as SessionMeta,
      answered: row.answered,
      failed: row.failed,
      entries: rows
        .filter((r) => r.entrySeq !== null)
        .map((r) =>
          entryOf(r.supplier === null ? `r|${r.body}` : `a|${r.supplier}|${r.answerId}`, r.entrySeq as number),
        ),
      seq: row.seq,
    };
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    await this.add(id, { kind: 'reprice', resultId, amount }, 0);
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
   * Ends the oldest live sessions beyond the limit, drops the changes of expired sessions, sessions
   * whose criteria are no longer kept, and answers and keys past their time.
   */
  async purge(): Promise<number> {
    const now = this.now();
    if (Number.isFinite(this.maxSessions)) {
      await sql`update search_sessions set expires_at = ${new Date(now)} where id in
        (select id from search_sessions where expires_at > ${new Date(now)}
          order by expires_at desc offset ${this.maxSessions})`.execute(this.db);
    }
    const results = await sql`delete from search_entries where session_id in
      (select id from search_sessions where expires_at <= ${new Date(now)})`.execute(this.db);
    const sessions = await sql`delete from search_sessions
      where expires_at <= ${new Date(now - TOMBSTONE_MS)}`.execute(this.db);
    const answers = await sql`delete from search_answers where keep_until <= ${new Date(now)}`.execute(this.db);
    await sql`delete from search_answer_keys where until <= ${new Date(now)}`.execute(this.db);
    return (
      Number(results.numAffectedRows ?? 0n) +
      Number(sessions.numAffectedRows ?? 0n) +
      Number(answers.numAffectedRows ?? 0n)
    );
  }
}
