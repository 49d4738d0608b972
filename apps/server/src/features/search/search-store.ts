import type { SearchCriteria } from '@junction/domain';
import {
  type AnswerClaim,
  approxBytes,
  type EntryBody,
  type SessionEntry,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from './search-session';

export * from './search-session';

/**
 * Where search sessions live: Redis when configured, else PostgreSQL, so any of many processes answers
 * a pull; or this process's memory (`SEARCH_STORE=memory`, one process only). Sessions expire and no
 * store grows without bound.
 *
 * Suppliers' answers are stored once, apart from the sessions (`storeAnswer`), and sessions refer to them:
 * searches asking a supplier the same (the request's key) at once or within the reuse window share one
 * answer. `claimAnswer` decides who asks the supplier, across every process on the store.
 */
/** The session a stored answer is its supplier's answer in. */
export type AnswerInto = { session: string; supplier: string };

export interface SearchStore {
  create(meta: SessionMeta): Promise<void>;
  /**
   * Adds one supplier's answer (a stored answer's id) or its failure to a session; answers the number of
   * the change it made, undefined for a failure or a session that is gone.
   */
  answer(id: string, supplier: string, answer: string | 'failed'): Promise<number | undefined>;
  /** The session with its changes after `after`; undefined once it has expired or for an unknown id. */
  read(id: string, after: number, now: number): Promise<SessionRead | undefined>;
  /** Adds a re-quoted price of a result as the session's next change. */
  reprice(id: string, resultId: string, amount: number): Promise<void>;
  /** The criteria of a session that expired recently, so the client can run it again. */
  expired(id: string): Promise<SearchCriteria | undefined>;
  /** Frees what expired sessions and answers still hold (a shared store's job); returns how many were freed. */
  purge?(): Promise<number>;
  /**
   * Claims the answer to the request with this key as `id`, until `pendingUntil`, unless another caller's
   * claim on it is still pending or its stored answer is still to be reused.
   */
  claimAnswer(key: string, id: string, pendingUntil: number): Promise<AnswerClaim>;
  /**
   * Stores a claimed answer (its results' JSON, `answerJson`), kept until `keepUntil` and reused until
   * `reusableUntil` under its key; or, `failed`, gives the claim up, so the next caller asks again.
   * Without a key, the answer is stored for its session alone. With `into`, a stored answer is also that
   * supplier's answer in that session (`answer`), in the same write where the store can: the change's number
   * is returned, undefined for a session that is gone.
   */
  storeAnswer(
    id: string,
    key: string | undefined,
    resultsJson: Buffer | 'failed',
    reusableUntil: number,
    keepUntil: number,
    into?: AnswerInto,
  ): Promise<number | undefined>;
  /** Where a claimed answer is: stored, still pending, or given up (failed, or its claim ran out). */
  answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'>;
  /** The results' JSON of stored answers (`answerJson`), by id; an answer no longer kept is missing. */
  storedAnswers(ids: readonly string[]): Promise<Map<string, Buffer>>;
}

type Session = {
  meta: SessionMeta;
  /** What the session holds, as counted against the store's budget in bytes. */
  bytes: number;
  answered: number;
  failed: string[];
  /** Every change in order: the change with sequence number n is at n - 1. */
  entries: SessionEntry[];
};

/** What one change costs besides its text. */
const LOG_ENTRY_BYTES = 48;
/** What a stored answer's JSON costs in memory: its bytes and the buffer around them. */
const jsonBytes = (json: Buffer): number => json.length + 96;

/**
 * The in-process store: a map in insertion order, oldest evicted first, plus a bounded list of expired
 * sessions. Both are bounded in number and together in bytes: past `maxBytes`, expired criteria go
 * first, then the oldest sessions (a pull of an evicted session answers "expired" with its criteria).
 */
export class MemorySearchStore implements SearchStore {
  private readonly sessions = new Map<string, Session>();
  private readonly tombstones = new Map<string, { criteria: SearchCriteria; until: number; bytes: number }>();
  private sessionBytes = 0;
  private tombstoneBytes = 0;
  /** Stored answers in the order stored, each kept until its time. */
  private readonly answers = new Map<string, { json: Buffer; keepUntil: number }>();
  /** The answer of each request key: pending until its claim runs out, or stored and reused until its time. */
  private readonly claims = new Map<string, { id: string; done: boolean; until: number }>();
  private answerBytes = 0;

  constructor(
    private readonly maxSessions: number,
    private readonly now: () => number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** The bytes the store counts against its budget. */
  get bytes(): number {
    return this.sessionBytes + this.tombstoneBytes + this.answerBytes;
  }

  async create(meta: SessionMeta): Promise<void> {
    this.sweep();
    while (this.sessions.size >= this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.bury(oldest);
    }
    const bytes = approxBytes(meta);
    this.sessionBytes += bytes;
    this.sessions.set(meta.id, {
      meta,
      bytes,
      answered: 0,
      failed: [],
      entries: [],
    });
    this.fit(meta.id);
  }

  private grow(s: Session, bytes: number): void {
    s.bytes += bytes;
    this.sessionBytes += bytes;
  }

  /**
   * Frees expired criteria, answers past their time, then the oldest sessions other than `keep`, then the
   * oldest answers, until the store fits its budget.
   */
  private fit(keep: string): void {
    while (this.bytes > this.maxBytes && this.tombstones.size > 0) {
      this.dropTombstone(this.tombstones.keys().next().value as string);
    }
    if (this.bytes > this.maxBytes) this.sweepAnswers();
    for (const id of this.sessions.keys()) {
      if (this.bytes <= this.maxBytes) break;
      if (id === keep) continue;
      this.bury(id);
      while (this.bytes > this.maxBytes && this.tombstones.size > 0) {
        this.dropTombstone(this.tombstones.keys().next().value as string);
      }
    }
    // Last, the oldest answers: a session referring to one no longer kept shows none of its results.
    for (const id of this.answers.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.dropAnswer(id);
    }
  }

  /** Forgets a stored answer, and its key, so nobody is given it again. */
  private dropAnswer(id: string): void {
    const a = this.answers.get(id);
    if (!a) return;
    this.answers.delete(id);
    this.answerBytes -= jsonBytes(a.json);
    for (const [key, c] of this.claims) if (c.id === id) this.claims.delete(key);
  }

  private dropTombstone(id: string): void {
    const t = this.tombstones.get(id);
    if (!t) return;
    this.tombstones.delete(id);
    this.tombstoneBytes -= t.bytes;
  }

  async answer(id: string, supplier: string, answer: string | 'failed'): Promise<number | undefined> {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    s.answered++;
    if (answer === 'failed') {
      s.failed.push(supplier);
      return undefined;
    }
    return this.add(s, { kind: 'answer', supplier, answerId: answer });
  }

  async claimAnswer(key: string, id: string, pendingUntil: number): Promise<AnswerClaim> {
    const known = this.claims.get(key);
    if (known && known.until > this.now()) return { id: known.id, state: known.done ? 'done' : 'pending' };
    this.claims.set(key, { id, done: false, until: pendingUntil });
    return { id, state: 'mine' };
  }

  async storeAnswer(
    id: string,
    key: string | undefined,
    resultsJson: Buffer | 'failed',
    reusableUntil: number,
    keepUntil: number,
    into?: AnswerInto,
  ): Promise<number | undefined> {
    const claim = key === undefined ? undefined : this.claims.get(key);
    const ours = claim?.id === id ? claim : undefined;
    if (resultsJson === 'failed') {
      if (ours && key !== undefined) this.claims.delete(key);
      return undefined;
    }
    this.sweepAnswers();
    this.answers.set(id, { json: resultsJson, keepUntil });
    this.answerBytes += jsonBytes(resultsJson);
    if (ours) {
      ours.done = true;
      ours.until = reusableUntil;
    }
    this.fit('');
    return into && this.answer(into.session, into.supplier, id);
  }

  async answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'> {
    if (this.answers.has(id)) return 'done';
    const claim = this.claims.get(key);
    return claim?.id === id && !claim.done && claim.until > this.now() ? 'pending' : 'failed';
  }

  async storedAnswers(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    for (const id of ids) {
      const a = this.answers.get(id);
      if (a) found.set(id, a.json);
    }
    return found;
  }

  /** Drops answers past their time (stored in order, kept alike: the oldest first), and claims run out. */
  private sweepAnswers(): void {
    const now = this.now();
    for (const [id, a] of this.answers) {
      if (a.keepUntil > now) break;
      this.dropAnswer(id);
    }
    for (const [key, c] of this.claims) if (c.until <= now) this.claims.delete(key);
  }

  private add(s: Session, entry: EntryBody): number {
    this.grow(s, LOG_ENTRY_BYTES);
    s.entries.push({ ...entry, seq: s.entries.length + 1 });
    return s.entries.length;
  }

  private live(id: string, now: number): Session | undefined {
    const s = this.sessions.get(id);
    if (s && s.meta.expiresAt <= now) {
      this.bury(id);
      return undefined;
    }
    return s;
  }

  async read(id: string, after: number, now: number): Promise<SessionRead | undefined> {
    const s = this.live(id, now);
    if (!s) return undefined;
    return {
      meta: s.meta,
      answered: s.answered,
      failed: [...s.failed],
      entries: s.entries.slice(Math.max(0, Math.min(Math.trunc(after), s.entries.length))),
      seq: s.entries.length,
    };
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    const s = this.sessions.get(id);
    if (s) this.add(s, { kind: 'reprice', resultId, amount });
  }

  async expired(id: string): Promise<SearchCriteria | undefined> {
    const live = this.sessions.get(id);
    if (live && live.meta.expiresAt <= this.now()) this.bury(id);
    const t = this.tombstones.get(id);
    return t && t.until > this.now() ? t.criteria : undefined;
  }

  private bury(id: string) {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    this.sessionBytes -= s.bytes;
    const bytes = approxBytes(s.meta.criteria);
    this.dropTombstone(id);
    this.tombstones.set(id, { criteria: s.meta.criteria, until: this.now() + TOMBSTONE_MS, bytes });
    this.tombstoneBytes += bytes;
    while (this.tombstones.size > this.maxSessions * 4)
      this.dropTombstone(this.tombstones.keys().next().value as string);
  }

  /** Expires sessions past their time, oldest first (insertion order is creation order). */
  private sweep() {
    const now = this.now();
    for (const [id, s] of this.sessions) {
      if (s.meta.expiresAt > now) break;
      this.bury(id);
    }
  }
}
