import {
  type Answer,
  foldEntries,
  type SearchStore,
  type SessionEntry,
  type SessionRead,
  SessionResults,
} from './search-store';
import { AnswerCache } from './shared-answers';

type Cached = { results: SessionResults; usedAt: number };

/**
 * The results of the sessions this process pulled lately, folded from the store's changes: a pull reads
 * only the changes since the last one this process saw, and parses each answer once. The store stays the
 * record (any process answers any pull); this is a cache, bounded by the bytes of the answers' JSON it
 * holds, the least recently used going first, and emptied of sessions nobody pulled for a minute.
 */
export class SessionCache {
  private readonly cached = new Map<string, Cached>();
  private textLength = 0;

  constructor(
    private readonly maxTextLength = 24 * 1024 * 1024,
    private readonly idleMs = 60_000,
    /** The answers the sessions refer to, parsed once per process whichever sessions share them. */
    private readonly answers = new AnswerCache(),
    /** Told of each session whose results the cache lets go, so that nothing else keeps them alive. */
    private readonly onDrop: (id: string) => void = () => {},
  ) {}

  /** Changes with the answers they refer to at hand. */
  private async fold(store: SearchStore, entries: readonly SessionEntry[]) {
    const ids = entries.flatMap((e) => (e.kind === 'answer' ? [e.answerId] : []));
    return foldEntries(entries, ids.length === 0 ? new Map() : await this.answers.resolve(store, ids));
  }

  /** The session as the store has it now, with its results; undefined once it has expired or is unknown. */
  async read(
    store: SearchStore,
    id: string,
    now: number,
  ): Promise<{ read: SessionRead; results: SessionResults } | undefined> {
    this.sweep(now);
    for (let attempt = 0; ; attempt++) {
      const from = this.cached.get(id)?.results.seq ?? 0;
      const read = await store.read(id, from, now);
      if (!read) {
        this.drop(id);
        return undefined;
      }
      const folded = await this.fold(store, read.entries);
      const entry = this.cached.get(id) ?? { results: new SessionResults(), usedAt: now };
      // Dropped and started again meanwhile by another pull: the changes read do not follow on from it.
      if (entry.results.seq < from) {
        if (attempt < 2) continue;
        const all = await store.read(id, 0, now);
        if (!all) return undefined;
        const results = new SessionResults();
        results.apply(await this.fold(store, all.entries));
        return { read: all, results };
      }
      // Another pull of this session folded meanwhile: what it folded is skipped by sequence number.
      const before = entry.results.textLength;
      entry.results.apply(folded);
      entry.usedAt = now;
      // Most recently used last.
      this.cached.delete(id);
      this.cached.set(id, entry);
      this.textLength += entry.results.textLength - before;
      this.fit(id);
      return { read, results: entry.results };
    }
  }

  /**
   * An answer this process just stored as change `seq`, folded in from the objects it has, when the session
   * is cached up to the change before (or starts with it): a pull here then reads no text back.
   */
  offer(id: string, seq: number, supplier: string, answer: Answer, now: number) {
    this.sweep(now);
    let entry = this.cached.get(id);
    if (!entry && seq === 1) {
      entry = { results: new SessionResults(), usedAt: now };
      this.cached.set(id, entry);
    }
    if (!entry) return;
    const before = entry.results.textLength;
    if (entry.results.applyAnswer(seq, supplier, answer)) {
      this.textLength += entry.results.textLength - before;
      this.fit(id);
    }
  }

  /** Sessions held, for tests and figures. */
  get size(): number {
    return this.cached.size;
  }

  private drop(id: string) {
    const entry = this.cached.get(id);
    if (!entry) return;
    this.cached.delete(id);
    this.textLength -= entry.results.textLength;
    this.onDrop(id);
  }

  private fit(keep: string) {
    for (const id of this.cached.keys()) {
      if (this.textLength <= this.maxTextLength) return;
      if (id !== keep) this.drop(id);
    }
  }

  private sweep(now: number) {
    for (const [id, entry] of this.cached) {
      if (now - entry.usedAt > this.idleMs) this.drop(id);
    }
  }
}
