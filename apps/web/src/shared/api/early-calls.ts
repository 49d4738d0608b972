/** How long a call started early is kept for its page to take: past it, the page asks again. */
export const EARLY_CALL_MS = 30_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a call a route knows its page will make, before the page's code has arrived (a route's loader), and
 * keeps its answer for the page's query to take (`takeEarly`). A call with the same key started within
 * `EARLY_CALL_MS` is not sent again.
 */
export function startEarly(key: string, call: () => Promise<unknown>): void {
  const now = Date.now();
  for (const [k, v] of started) if (now - v.at >= EARLY_CALL_MS) started.delete(k);
  if (started.has(key)) return;
  const answer = call();
  // A failure is the page's query's to handle, when it takes the answer.
  answer.catch(() => undefined);
  started.set(key, { at: now, answer });
}

/** The answer of the call started early with this key, once; none when none was started or it is too old. */
export function takeEarly(key: string): Promise<unknown> | undefined {
  const known = started.get(key);
  started.delete(key);
  return known && Date.now() - known.at < EARLY_CALL_MS ? known.answer : undefined;
}
