import type { Language, SearchCriteria, SearchResult } from '@junction/domain';

export type SessionMeta = {
  id: string;
  criteria: SearchCriteria;
  language: Language;
  createdAt: number;
  expiresAt: number;
  /** Suppliers asked. */
  total: number;
};

export type SessionRead = {
  meta: SessionMeta;
  answered: number;
  failed: string[];
  /**
   * Results new or changed since the cursor, each in its latest form, as their JSON texts joined by commas
   * (`[${resultsJson}]` is the list): stores keep each result's text, so a pull answers without parsing,
   * checking or writing them again.
   */
  resultsJson: string;
  cursor: number;
};

/**
 * Where search sessions live: Redis when configured, else PostgreSQL, so any of many processes answers
 * a pull; or this process's memory (`SEARCH_STORE=memory`, one process only). Sessions expire and no
 * store grows without bound.
 */
export interface SearchStore {
  create(meta: SessionMeta): Promise<void>;
  /** Adds one supplier's answer, merging offers of the same journey: best price kept, sellers listed. */
  answer(id: string, supplier: string, results: SearchResult[] | 'failed'): Promise<void>;
  read(id: string, cursor: number, now: number): Promise<SessionRead | undefined>;
  result(id: string, resultId: string, now: number): Promise<{ meta: SessionMeta; result: SearchResult } | undefined>;
  /** Replaces a result's price after a re-quote. */
  reprice(id: string, resultId: string, amount: number): Promise<void>;
  /** The criteria of a session that expired recently, so the client can run it again. */
  expired(id: string): Promise<SearchCriteria | undefined>;
  /** Frees what expired sessions still hold (a shared store's job); returns how many were freed. */
  purge?(): Promise<number>;
}

type Session = {
  meta: SessionMeta;
  /** What the session holds, as counted against the store's budget in bytes. */
  bytes: number;
  answered: number;
  failed: string[];
  /** Each result as its JSON text: what pulls send, and less memory than the objects. */
  results: Map<string, string>;
  /** Sequence of updates: the id changed at each step; a pull returns ids updated after its cursor. */
  log: string[];
  lastSeq: Map<string, number>;
};

/** The results of a read as objects. */
export const resultsOf = (read: SessionRead): SearchResult[] => JSON.parse(`[${read.resultsJson}]`) as SearchResult[];

/** Results kept per session at most; later offers are dropped. */
export const MAX_RESULTS = 2500;
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
/** What a value costs in memory, roughly: its JSON text in UTF-16 plus the objects around it. */
export const approxBytes = (value: unknown): number => textBytes(JSON.stringify(value) ?? '');
/** What a JSON text and the object it stands for cost in memory, roughly. */
const textBytes = (json: string): number => 2 * json.length + 64;
/** What one entry of the update log and its index cost. */
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
    return this.sessionBytes + this.tombstoneBytes;
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
      results: new Map(),
      log: [],
      lastSeq: new Map(),
    });
    this.fit(meta.id);
  }

  private grow(s: Session, bytes: number): void {
    s.bytes += bytes;
    this.sessionBytes += bytes;
  }

  /** Frees expired criteria, then the oldest sessions other than `keep`, until the store fits its budget. */
  private fit(keep: string): void {
    while (this.bytes > this.maxBytes && this.tombstones.size > 0) {
      this.dropTombstone(this.tombstones.keys().next().value as string);
    }
    for (const id of this.sessions.keys()) {
      if (this.bytes <= this.maxBytes) break;
      if (id === keep) continue;
      this.bury(id);
      while (this.bytes > this.maxBytes && this.tombstones.size > 0) {
        this.dropTombstone(this.tombstones.keys().next().value as string);
      }
    }
  }

  private dropTombstone(id: string): void {
    const t = this.tombstones.get(id);
    if (!t) return;
    this.tombstones.delete(id);
    this.tombstoneBytes -= t.bytes;
  }

  async answer(id: string, supplier: string, results: SearchResult[] | 'failed'): Promise<void> {
    const s = this.sessions.get(id);
    if (!s) return;
    s.answered++;
    if (results === 'failed') {
      s.failed.push(supplier);
      return;
    }
    for (const r of results) {
      const known = s.results.get(r.id);
      if (!known) {
        if (s.results.size >= MAX_RESULTS) continue;
        const json = JSON.stringify(r);
        s.results.set(r.id, json);
        this.grow(s, textBytes(json));
      } else {
        const json = JSON.stringify(mergeOffer(JSON.parse(known) as SearchResult, r, supplier));
        s.results.set(r.id, json);
        this.grow(s, textBytes(json) - textBytes(known));
      }
      this.touch(s, r.id);
    }
    this.fit(id);
  }

  private touch(s: Session, resultId: string) {
    this.grow(s, LOG_ENTRY_BYTES);
    s.log.push(resultId);
    s.lastSeq.set(resultId, s.log.length);
  }

  private live(id: string, now: number): Session | undefined {
    const s = this.sessions.get(id);
    if (s && s.meta.expiresAt <= now) {
      this.bury(id);
      return undefined;
    }
    return s;
  }

  async read(id: string, cursor: number, now: number): Promise<SessionRead | undefined> {
    const s = this.live(id, now);
    if (!s) return undefined;
    const from = Math.max(0, Math.min(cursor, s.log.length));
    const texts: string[] = [];
    for (let i = from; i < s.log.length; i++) {
      const rid = s.log[i] as string;
      if (s.lastSeq.get(rid) === i + 1) texts.push(s.results.get(rid) as string);
    }
    return {
      meta: s.meta,
      answered: s.answered,
      failed: [...s.failed],
      resultsJson: texts.join(','),
      cursor: s.log.length,
    };
  }

  async result(id: string, resultId: string, now: number) {
    const s = this.live(id, now);
    const json = s?.results.get(resultId);
    return s && json ? { meta: s.meta, result: JSON.parse(json) as SearchResult } : undefined;
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    const s = this.sessions.get(id);
    const json = s?.results.get(resultId);
    if (!s || !json) return;
    const r = JSON.parse(json) as SearchResult;
    s.results.set(resultId, JSON.stringify({ ...r, price: { ...r.price, amount } }));
    this.touch(s, resultId);
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
