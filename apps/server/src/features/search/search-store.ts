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

/**
 * One change to a session's results, in the order the store took them: a supplier's answer (its results
 * as one JSON array text, checked against the contract before it was stored), or a re-quoted price.
 * Stores keep the changes as they came; `SessionResults` folds them into the results, so an answer is
 * written once, as one text, and never read back to be merged.
 */
export type EntryBody =
  | { kind: 'answer'; supplier: string; resultsJson: string }
  | { kind: 'reprice'; resultId: string; amount: number };
export type SessionEntry = EntryBody & { seq: number };

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
 * Where search sessions live: Redis when configured, else PostgreSQL, so any of many processes answers
 * a pull; or this process's memory (`SEARCH_STORE=memory`, one process only). Sessions expire and no
 * store grows without bound.
 */
export interface SearchStore {
  create(meta: SessionMeta): Promise<void>;
  /**
   * Adds one supplier's answer (its results as `resultsJson`, their JSON text) or its failure; answers the
   * number of the change it made, undefined for a failure or a session that is gone.
   */
  answer(
    id: string,
    supplier: string,
    results: SearchResult[] | 'failed',
    resultsJson?: string,
  ): Promise<number | undefined>;
  /** The session with its changes after `after`; undefined once it has expired or for an unknown id. */
  read(id: string, after: number, now: number): Promise<SessionRead | undefined>;
  /** Adds a re-quoted price of a result as the session's next change. */
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
  /** Every change in order: the change with sequence number n is at n - 1. */
  entries: SessionEntry[];
};

/** A change as one text (`a|supplier|[…]` or `r|{"id":…,"amount":…}`), for stores that keep texts. */
export function entryText(entry: EntryBody): string {
  return entry.kind === 'answer'
    ? `a|${entry.supplier}|${entry.resultsJson}`
    : `r|${JSON.stringify({ id: entry.resultId, amount: entry.amount })}`;
}

/** The change a text of `entryText` stands for, with its sequence number. */
export function entryOf(text: string, seq: number): SessionEntry {
  if (text.startsWith('a|')) {
    const bar = text.indexOf('|', 2);
    return { seq, kind: 'answer', supplier: text.slice(2, bar), resultsJson: text.slice(bar + 1) };
  }
  const { id, amount } = JSON.parse(text.slice(2)) as { id: string; amount: number };
  return { seq, kind: 'reprice', resultId: id, amount };
}

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
  apply(entries: readonly SessionEntry[]): void {
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
      this.merge(e.seq, e.supplier, JSON.parse(e.resultsJson) as SearchResult[], e.resultsJson.length);
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
export function resultsOf(read: Pick<SessionRead, 'entries'>): SearchResult[] {
  const state = new SessionResults();
  state.apply(read.entries);
  return state.all();
}

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
      entries: [],
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

  async answer(
    id: string,
    supplier: string,
    results: SearchResult[] | 'failed',
    resultsJson = results === 'failed' ? '' : JSON.stringify(results),
  ): Promise<number | undefined> {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    s.answered++;
    if (results === 'failed') {
      s.failed.push(supplier);
      return undefined;
    }
    const seq = this.add(s, { kind: 'answer', supplier, resultsJson });
    this.grow(s, textBytes(resultsJson));
    this.fit(id);
    return seq;
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
