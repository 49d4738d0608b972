import { createHash, randomBytes } from 'node:crypto';
import type { SearchResult } from '@junction/domain';
import { type Answer, type AnswerInto, answerOf, type SearchStore } from './search-store';
import { SizedLru } from './sized-lru';
import type { DoorPoint, SupplierRequest } from './suppliers/supplier';

/**
 * What a supplier's answer depends on, as one key: the supplier and every part of the request (cabin,
 * party, today's date, each trip's dates, places, airport-only choices and doors with their names). Two
 * searches with the same key get the same answer; the search's language and mode are not part of it.
 */
export function answerKey(supplierId: string, request: SupplierRequest): string {
  const door = (d: DoorPoint | undefined) => (d ? [d.lat, d.lon, d.name.en, d.name['zh-CN']] : null);
  const { adults, children, infants } = request.party;
  const canonical = JSON.stringify([
    request.cabin,
    adults,
    children,
    infants,
    request.today,
    request.trips.map((t) => [
      t.date,
      t.bounds.map((b) => [b.date, b.from.id, b.to.id, b.fromOnly, b.toOnly, door(b.fromDoor), door(b.toDoor)]),
    ]),
  ]);
  return `${supplierId}:${createHash('sha256').update(canonical).digest('base64url')}`;
}

/**
 * The answers this process holds parsed, by id: those it stored and those its pulls read. A cache (any
 * answer can be read from the store again), bounded by the bytes of the answers' JSON, the least
 * recently used going first.
 */
export class AnswerCache {
  private readonly held: SizedLru<Answer>;

  constructor(maxTextLength = 32 * 1024 * 1024) {
    this.held = new SizedLru(maxTextLength, (a) => a.textLength);
  }

  get size(): number {
    return this.held.size;
  }

  get(id: string): Answer | undefined {
    return this.held.get(id);
  }

  put(id: string, answer: Answer): void {
    this.held.set(id, answer);
  }

  /** The answers with these ids: held, or read from the store and parsed once. Answers no longer kept are missing. */
  async resolve(store: SearchStore, ids: Iterable<string>): Promise<Map<string, Answer>> {
    const found = new Map<string, Answer>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const held = this.get(id);
      if (held) found.set(id, held);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    for (const [id, json] of await store.storedAnswers(missing)) {
      const answer = answerOf(json);
      this.put(id, answer);
      found.set(id, answer);
    }
    return found;
  }
}

export type SharedAnswersOptions = {
  /** How long a stored answer is given to searches asking the same again; 0 shares nothing. */
  reuseMs: number;
  /** How long a claim to ask the supplier holds: past it, the asking process is taken as gone. */
  pendingMs: number;
  /** How long sessions may refer to an answer after the last search that could reuse it started. */
  sessionMs: number;
  /** How often a search waiting for an answer another process asks for looks whether it came. */
  pollMs?: number;
};

/**
 * An answer as its supplier gave it, checked and listed: the results, their stored JSON (`answerJson`) and
 * how many flights were left out for not selling the cabin asked for.
 */
export type Produced = { results: readonly SearchResult[]; json: Buffer; withoutCabin?: number };

/**
 * A search's session asking for an answer, stored as its supplier's answer there when asked for now: told
 * when that write begins (`storing`, the supplier's answer in hand), and of the change's number once it is
 * done (`added`, undefined for a session that is gone).
 */
export type ObtainInto = AnswerInto & { storing: () => void; added: (seq: number | undefined) => void };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Suppliers' answers shared between searches: a request (its key) is sent to the supplier once and its
 * answer stored once, and every search asking the same while it is on its way, or within the reuse
 * window after it came, refers to that answer. Within a process, searches asking at once wait on one
 * promise; across processes, the store's claim decides who asks and the others look for the answer until
 * it is stored or the claim is given up. A failed or timed-out answer is never reused: its claim is given
 * up, and the next search asks again.
 */
export class SharedAnswers {
  private readonly inflight = new Map<string, Promise<string>>();
  /** Answers this process stored or found lately, by key, with the end of their reuse. */
  private readonly recent = new Map<string, { id: string; until: number }>();

  constructor(
    private readonly store: SearchStore,
    readonly cache: AnswerCache,
    private readonly options: SharedAnswersOptions,
    private readonly now: () => number,
  ) {}

  /**
   * The id of the stored answer to the request with this key: stored lately, being asked for by another
   * search (joined), or asked for now with `produce`. Rejects when the answer fails. With `into`, an answer
   * asked for now is stored as the session's answer in the same write: `into` is told when the write begins
   * and the change's number once it is done.
   */
  obtain(key: string, produce: () => Promise<Produced>, into?: ObtainInto): Promise<string> {
    if (this.options.reuseMs <= 0) return this.produce(undefined, newId(), produce, into);
    const now = this.now();
    const recent = this.recent.get(key);
    if (recent && recent.until > now) return Promise.resolve(recent.id);
    const here = this.inflight.get(key);
    if (here) return here;
    const settling = this.settle(key, produce, into).finally(() => {
      if (this.inflight.get(key) === settling) this.inflight.delete(key);
    });
    this.inflight.set(key, settling);
    return settling;
  }

  /**
   * A session's answer from a supplier, obtained as `obtain` does: asked for now, it is stored as the
   * session's answer in the same write (`added`, with the change's number, undefined for a session gone);
   * found or joined, the session has still to record it. Within the signal's time limit, but for the write
   * of an answer the supplier gave in time, which is waited for (the session records it either way).
   */
  obtainFor(
    session: string,
    supplier: string,
    key: string,
    produce: (signal: AbortSignal) => Promise<Produced>,
    signal: AbortSignal,
  ): Promise<{ answerId: string; added?: { seq: number | undefined } }> {
    let added: { seq: number | undefined } | undefined;
    let storing = false;
    const obtained = this.obtain(key, () => produce(signal), {
      session,
      supplier,
      storing: () => {
        storing = true;
      },
      added: (seq) => {
        added = { seq };
      },
    });
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!storing) reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      obtained
        .then((answerId) => resolve({ answerId, added }), reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private async settle(key: string, produce: () => Promise<Produced>, into: ObtainInto | undefined): Promise<string> {
    const claim = await this.store.claimAnswer(key, newId(), this.now() + this.options.pendingMs);
    if (claim.state === 'mine') return this.produce(key, claim.id, produce, into);
    if (claim.state === 'done') return claim.id;
    // Another process is asking: its answer, once stored; its failure, or its claim running out, fails here too.
    return this.stored(key, claim.id);
  }

  private async stored(key: string, id: string): Promise<string> {
    for (;;) {
      await sleep(this.options.pollMs ?? 50);
      const state = await this.store.answerState(id, key);
      if (state === 'done') return id;
      if (state === 'failed') throw new Error(`the answer ${key} failed`);
    }
  }

  private async produce(
    key: string | undefined,
    id: string,
    produce: () => Promise<Produced>,
    into: ObtainInto | undefined,
  ): Promise<string> {
    let produced: Produced;
    try {
      produced = await produce();
    } catch (error) {
      await this.store.storeAnswer(id, key, 'failed', 0, 0).catch(() => {});
      throw error;
    }
    const now = this.now();
    const reuse = Math.max(0, this.options.reuseMs);
    // Nothing after the write refers to the JSON, so the store's write is the last to hold it.
    const { results, json, withoutCabin } = produced;
    const answer: Answer = { results, textLength: json.length, withoutCabin };
    const session = into && { session: into.session, supplier: into.supplier };
    into?.storing();
    const seq = await this.store.storeAnswer(id, key, json, now + reuse, now + reuse + this.options.sessionMs, session);
    this.cache.put(id, answer);
    if (key !== undefined && reuse > 0) this.remember(key, id, now + reuse);
    into?.added(seq);
    return id;
  }

  private remember(key: string, id: string, until: number) {
    const now = this.now();
    if (this.recent.size >= 10_000) for (const [k, r] of this.recent) if (r.until <= now) this.recent.delete(k);
    this.recent.set(key, { id, until });
  }
}

const newId = () => randomBytes(12).toString('base64url');
