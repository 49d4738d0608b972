/** Answers the worker gave from its saved copy, with when the copy was saved (trips-cache.ts). */
const savedAt = new WeakMap<object, number>();

/** Marks an answer as the worker's saved copy of `at` (null: the network's own answer, left unmarked). */
export function markSavedCopy<T>(data: T, at: number | null): T {
  if (at !== null && typeof data === 'object' && data !== null) savedAt.set(data, at);
  return data;
}

/** When the copy an answer came from was saved; null for an answer from the network. */
export const savedCopyTime = (data: unknown): number | null =>
  typeof data === 'object' && data !== null ? (savedAt.get(data) ?? null) : null;
