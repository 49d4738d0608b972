import { type Language, MAX_SESSION_RESULTS, type SearchCriteria, type SearchResult } from '@junction/domain';
import { sharedParts } from './results/shared-parts';

/**
 * A search session's changes and how they fold into its results: what every store keeps, and what every
 * process reading a session computes from it.
 */

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

/**
 * A supplier's answer as a process holds it: its checked results, the length of their JSON (`answerJson`, in
 * bytes), and how many of its flights were left out for not selling the cabin asked for with seats for the party.
 */
export type Answer = { results: readonly SearchResult[]; textLength: number; withoutCabin?: number };

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
  /** The bytes of the answers' JSON folded in, a measure of the memory the results take. */
  textLength = 0;
  /** The flights the answers left out for not selling the cabin asked for with seats for the party. */
  withoutCabin = 0;

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
      this.merge(e.seq, e.supplier, e.answer);
    }
  }

  /**
   * Folds in an answer the process has as objects (the one it just stored as change `seq`), when it is the
   * next change; false when it is not, and the change is to be read from the store.
   */
  applyAnswer(seq: number, supplier: string, answer: Answer): boolean {
    if (seq !== this.seq + 1) return false;
    this.seq = seq;
    this.merge(seq, supplier, answer);
    return true;
  }

  private merge(seq: number, supplier: string, answer: Answer) {
    this.textLength += answer.textLength;
    this.withoutCabin += answer.withoutCabin ?? 0;
    for (const offer of answer.results) {
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

/**
 * A supplier's answer as stored: its results' JSON array in UTF-8, or, when flights were left out for not
 * selling the cabin, an object with the array and their number; each result on a line of its own. It is
 * written result by result into one buffer, and read back line by line (`answerOf`), so that no text of a
 * whole answer (hundreds of kilobytes, which the heap keeps among its large objects until a full collection)
 * is ever made. A raw line break cannot occur inside a JSON text's values, nor inside a UTF-8 character.
 */
export function answerJson(results: readonly SearchResult[], withoutCabin: number): Buffer {
  const head = withoutCabin > 0 ? `{"withoutCabin":${withoutCabin},"results":[` : '[';
  const tail = withoutCabin > 0 ? '\n]}' : '\n]';
  const lines = results.map((r, i) => (i === 0 ? '\n' : ',\n') + JSON.stringify(r));
  let size = head.length + tail.length;
  for (const line of lines) size += Buffer.byteLength(line);
  const json = Buffer.allocUnsafe(size);
  let at = json.write(head, 0, 'latin1');
  for (const line of lines) at += json.write(line, at);
  json.write(tail, at, 'latin1');
  return json;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * The answer a stored JSON (`answerJson`) stands for, its parts shared with the answers held (`sharedParts`).
 * JSON on one line (stored by a process from before answers were written a result a line) is read whole.
 */
export function answerOf(json: Buffer): Answer {
  const first = json.indexOf(NEWLINE);
  if (first < 0) return answerFrom(JSON.parse(json.toString('utf8')), json.length);
  const results: SearchResult[] = [];
  let start = first + 1;
  for (let end = json.indexOf(NEWLINE, start); end >= 0; end = json.indexOf(NEWLINE, start)) {
    results.push(JSON.parse(json.toString('utf8', start, json[end - 1] === COMMA ? end - 1 : end)));
    start = end + 1;
  }
  const head = JSON.parse(`${json.toString('latin1', 0, first)}${json.toString('latin1', start)}`) as StoredAnswer;
  return answerFrom(Array.isArray(head) ? results : { ...head, results }, json.length);
}

type StoredAnswer = SearchResult[] | { withoutCabin: number; results: SearchResult[] };

const answerFrom = (parsed: StoredAnswer, textLength: number): Answer =>
  Array.isArray(parsed)
    ? { results: sharedParts.share(parsed), textLength }
    : { results: sharedParts.share(parsed.results), textLength, withoutCabin: parsed.withoutCabin };

/** What a value costs in memory, roughly: its JSON text in UTF-16 plus the objects around it. */
export const approxBytes = (value: unknown): number => 2 * (JSON.stringify(value) ?? '').length + 64;
