import { type Language, MAX_SESSION_RESULTS, type SearchCriteria, type SearchResult } from '@junction/domain';

export type SessionMeta = {
  id: string;
  criteria: SearchCriteria;
  language: Language;
  createdAt: number;
  expiresAt: number;
  /** Suppliers asked. */
  total: number;
};

/**
 * One change to a session's results, in the order the store took them: a supplier's answer (a reference
 * to the answer stored once, which every session asking the same of the same supplier shares), or a
 * re-quoted price. Stores keep the changes as they came; `SessionResults` folds them into the results, so
 * an answer is written once, as one text, and never read back to be merged.
 */
export type EntryBody =
  | { kind: 'answer'; supplier: string; answerId: string }
  | { kind: 'reprice'; resultId: string; amount: number };
export type SessionEntry = EntryBody & { seq: number };

/** A supplier's answer as a process holds it: its checked results, and the length of their JSON text. */
export type Answer = { results: readonly SearchResult[]; textLength: number };

/** A change with its answer's results at hand, as `SessionResults` folds it (an answer no longer kept has none). */
export type FoldEntry =
  | { seq: number; kind: 'answer'; supplier: string; answer: Answer }
  | { seq: number; kind: 'reprice'; resultId: string; amount: number };

export type SessionRead = {
  meta: SessionMeta;
  answered: number;
  failed: string[];
  /** The session's changes after the one asked from, in order. */
  entries: SessionEntry[];
  /** The sequence number of the session's latest change. */
  seq: number;
};

/**
 * Who answers a supplier's request: this caller (`mine`: it asks the supplier and stores the answer),
 * another caller still waiting for the supplier (`pending`), or an answer stored lately (`done`).
 */
export type AnswerClaim = { id: string; state: 'mine' | 'pending' | 'done' };

/**
 * Where search sessions live: Redis when configured, else PostgreSQL, so any of many processes answers
 * a pull; or this process's memory (`SEARCH_STORE=memory`, one process only). Sessions expire and no
 * store grows without bound.
 *
 * Suppliers' answers are stored once, apart from the sessions (`storeAnswer`), and sessions refer to them:
 * searches asking a supplier the same (the request's key) at once or within the reuse window share one
 * answer. `claimAnswer` decides who asks the supplier, across every process on the store.
 */
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
   * Stores a claimed answer (its results' JSON text), kept until `keepUntil` and reused until
   * `reusableUntil` under its key; or, `failed`, gives the claim up, so the next caller asks again.
   * Without a key, the answer is stored for its session alone.
   */
  storeAnswer(
    id: string,
    key: string | undefined,
    resultsJson: string | 'failed',
    reusableUntil: number,
    keepUntil: number,
  ): Promise<void>;
  /** Where a claimed answer is: stored, still pending, or given up (failed, or its claim ran out). */
  answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'>;
  /** The results' texts of stored answers, by id; an answer no longer kept is missing. */
  answerTexts(ids: readonly string[]): Promise<Map<string, string>>;
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

/** A change as one text (`a|supplier|answer id` or `r|{"id":…,"amount":…}`), for stores that keep texts. */
export function entryText(entry: EntryBody): string {
  return entry.kind === 'answer'
    ? `a|${entry.supplier}|${entry.answerId}`
    : `r|${JSON.stringify({ id: entry.resultId, amount: entry.amount })}`;
}

/** The change a text of `entryText` stands for, with its sequence number. */
export function entryOf(text: string, seq: number): SessionEntry {
  if (text.startsWith('a|')) {
    const bar = text.indexOf('|', 2);
    return { seq, kind: 'answer', supplier: text.slice(2, bar), answerId: text.slice(bar + 1) };
  }
  const { id, amount } = JSON.parse(text.slice(2)) as { id: string; amount: number };
  return { seq, kind: 'reprice', resultId: id, amount };
}

/** Results kept per session at most; later offers are dropped. */
export const MAX_RESULTS = MAX_SESSION_RESULTS;
/** How long the criteria of an expired session are kept, so a client can run it again. */
export const TOMBSTONE_MS = 24 * 3600_000;

/** A supplier's offer of a journey already known: the best price kept, every seller listed by price. */
export function mergeOffer(known: SearchResult, offer: SearchResult, supplier: string): SearchResult {
  const sellers = [...known.sellers.filter((x) => x.supplier !== supplier), ...offer.sellers].sort(
    (a, b) => a.price.amount - b.price.amount,
  );
  const better = offer.price.amount < known.price.amount ? offer : known;
  return { ...better, sellers };
}
/**
 * A session's results folded from its changes in order: offers of the same journey merged (best price
 * kept, every seller listed), re-quoted prices applied, at most `MAX_RESULTS` journeys. Each result knows
 * the change that last touched it, so a pull can send what changed since its cursor.
 */
export class SessionResults {
  private readonly byId = new Map<string, { result: SearchResult; seq: number }>();
  /** The latest change folded in. */
  seq = 0;
  /** The length of the answers' texts folded in, a measure of the memory the results take. */
  textLength = 0;

  /** Folds in the changes it has not seen yet. */
  apply(entries: readonly FoldEntry[]): void {
    for (const e of entries) {
      if (e.seq <= this.seq) continue;
      this.seq = e.seq;
      if (e.kind === 'reprice') {
        const known = this.byId.get(e.resultId);
        if (known) {
          const result = { ...known.result, price: { ...known.result.price, amount: e.amount } };
          this.byId.set(e.resultId, { result, seq: e.seq });
        }
        continue;
      }
      this.merge(e.seq, e.supplier, e.answer.results, e.answer.textLength);
    }
  }

  /**
   * Folds in an answer the process has as objects (the one it just stored as change `seq`), when it is the
   * next change; false when it is not, and the change is to be read from the store.
   */
  applyAnswer(seq: number, supplier: string, results: readonly SearchResult[], textLength: number): boolean {
    if (seq !== this.seq + 1) return false;
    this.seq = seq;
    this.merge(seq, supplier, results, textLength);
    return true;
  }

  private merge(seq: number, supplier: string, offers: readonly SearchResult[], textLength: number) {
    this.textLength += textLength;
    for (const offer of offers) {
      const known = this.byId.get(offer.id);
      if (!known && this.byId.size >= MAX_RESULTS) continue;
      this.byId.set(offer.id, { result: known ? mergeOffer(known.result, offer, supplier) : offer, seq });
    }
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): SearchResult | undefined {
    return this.byId.get(id)?.result;
  }

  /** Every result, in the order they first arrived. */
  all(): SearchResult[] {
    return [...this.byId.values()].map((v) => v.result);
  }

  /** The results changed after `cursor`, in the order of their latest change. */
  changedSince(cursor: number): SearchResult[] {
    return [...this.byId.values()]
      .filter((v) => v.seq > cursor)
      .sort((a, b) => a.seq - b.seq)
      .map((v) => v.result);
  }
}

/** The results of a session's changes, folded from the first. */
export function resultsOf(entries: readonly FoldEntry[]): SearchResult[] {
  const state = new SessionResults();
  state.apply(entries);
  return state.all();
}

/** A session's changes with the answers they refer to, parsed from their texts (those no longer kept fold in empty). */
export function foldEntries(entries: readonly SessionEntry[], answers: ReadonlyMap<string, Answer>): FoldEntry[] {
  return entries.map((e) =>
    e.kind === 'reprice'
      ? e
      : { seq: e.seq, kind: 'answer', supplier: e.supplier, answer: answers.get(e.answerId) ?? NO_ANSWER },
  );
}
const NO_ANSWER: Answer = { results: [], textLength: 0 };

/** The answer a stored text stands for. */
export const answerOf = (text: string): Answer => ({
  results: JSON.parse(text) as SearchResult[],
  textLength: text.length,
});

/** What a value costs in memory, roughly: its JSON text in UTF-16 plus the objects around it. */
export const approxBytes = (value: unknown): number => textBytes(JSON.stringify(value) ?? '');
/** What a JSON text and the object it stands for cost in memory, roughly. */
const textBytes = (json: string): number => 2 * json.length + 64;
/** What one change costs besides its text. */
const LOG_ENTRY_BYTES = 48;

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
  private readonly answers = new Map<string, { text: string; keepUntil: number }>();
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
    this.answerBytes -= textBytes(a.text);
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
    resultsJson: string | 'failed',
    reusableUntil: number,
    keepUntil: number,
  ): Promise<void> {
    const claim = key === undefined ? undefined : this.claims.get(key);
    const ours = claim?.id === id ? claim : undefined;
    if (resultsJson === 'failed') {
      if (ours && key !== undefined) this.claims.delete(key);
      return;
    }
    this.sweepAnswers();
    this.answers.set(id, { text: resultsJson, keepUntil });
    this.answerBytes += textBytes(resultsJson);
    if (ours) {
      ours.done = true;
      ours.until = reusableUntil;
    }
    this.fit('');
  }

  async answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'> {
    if (this.answers.has(id)) return 'done';
    const claim = this.claims.get(key);
    return claim?.id === id && !claim.done && claim.until > this.now() ? 'pending' : 'failed';
  }

  async answerTexts(ids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const id of ids) {
      const a = this.answers.get(id);
      if (a) found.set(id, a.text);
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
