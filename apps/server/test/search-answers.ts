import { randomBytes } from 'node:crypto';
import { type LocalText, type SearchCriteria, type SearchResult, sameInBoth } from '@junction/domain';
import {
  answerJson,
  answerOf,
  type FoldEntry,
  foldEntries,
  type SearchStore,
  type SessionEntry,
} from '../src/features/search/search-store';

/**
 * A supplier's answer given to a session as the search service gives it: stored once (for the session
 * alone, kept an hour), then referred to; or its failure.
 */
export async function answerWith(
  store: SearchStore,
  sessionId: string,
  supplier: string,
  results: SearchResult[] | 'failed',
): Promise<number | undefined> {
  if (results === 'failed') return store.answer(sessionId, supplier, 'failed');
  const id = randomBytes(9).toString('base64url');
  await store.storeAnswer(id, undefined, answerJson(results, 0), 0, Date.now() + 3600_000 * 24 * 365);
  return store.answer(sessionId, supplier, id);
}

/** A session's changes with their answers read from the store. */
export async function folded(store: SearchStore, entries: readonly SessionEntry[] | undefined): Promise<FoldEntry[]> {
  const list = entries ?? [];
  const stored = await store.storedAnswers(list.flatMap((e) => (e.kind === 'answer' ? [e.answerId] : [])));
  return foldEntries(list, new Map([...stored].map(([id, json]) => [id, answerOf(json)])));
}

/** Criteria a store keeps but never reads. */
export const anyCriteria = { type: 1, legs: [] } as unknown as SearchCriteria;

/** A result at a price from one supplier: as much of a result as a store and its folding read. */
export const sellerResult = (id: string, amount: number, supplier: string): SearchResult =>
  ({
    id,
    price: { amount, currency: 'CNY' },
    sellers: [{ supplier, name: sameInBoth(supplier), price: { amount, currency: 'CNY' } }],
  }) as unknown as SearchResult;

/**
 * A nonstop flight of two hours on the morning of 1 December 2026 (or `date`) at a price, sold at it by
 * one seller of our own fares: a whole result as a supplier answers it.
 */
export const flightAt = (
  id: string,
  amount: number,
  seller: { supplier: string; name: LocalText },
  date = '2026/12/01',
): SearchResult => ({
  id,
  kind: 'flight',
  price: { amount, currency: 'CNY' },
  departureTime: '2026-12-01T08:00:00+08:00',
  arrivalTime: '2026-12-01T10:00:00+08:00',
  durationMinutes: 120,
  transfers: 0,
  date,
  legs: [],
  bounds: [{ start: 0, end: 0 }],
  agent: 'own',
  sellers: [{ ...seller, price: { amount, currency: 'CNY' } }],
  fees: { cancelBefore: null, cancelAfter: null, changeBefore: null, changeAfter: null, free24h: false },
});
