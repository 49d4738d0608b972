import { createHash } from 'node:crypto';
import { AppError, type ErrorName } from '@junction/domain';

/** The longest `Idempotency-Key` header kept with a request. */
const MAX_KEY = 200;

/** The request's idempotency key, trimmed; `IDEMPOTENCY_KEY_REQUIRED` when there is none (or it is too long). */
export function idempotencyKeyOf(raw: string | undefined): string {
  const key = raw?.trim();
  if (!key || key.length > MAX_KEY) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}

/** A fingerprint of a request's body: the same key sent with another body is refused, not replayed. */
export const requestHashOf = (input: unknown): string =>
  createHash('sha256').update(JSON.stringify(input)).digest('base64url');

/** Whether PostgreSQL refused a row for a unique index (`constraint` when given). */
export const isUniqueViolation = (e: unknown, constraint?: string): boolean =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (constraint === undefined || (e as { constraint?: string }).constraint === constraint);

/**
 * After a write failed on a key's unique constraint: the row the same key's other request wrote
 * meanwhile (found by `find`), or undefined when the failure was something else.
 */
export async function writtenMeanwhile<T>(
  e: unknown,
  constraint: string,
  find: () => Promise<T | undefined>,
): Promise<T | undefined> {
  return isUniqueViolation(e, constraint) ? find() : undefined;
}

/**
 * Does a keyed request once. A request whose key was seen gets the first answer again (`replay`, which
 * refuses it when its body differs, see `sameRequest`); otherwise `make` does it. When `make` fails in a
 * way that may mean the same key was being used at that moment by another request (`raced`), the other
 * request's result is replayed, and the error stands only if there is none.
 */
export async function once<R, T>(p: {
  find: () => Promise<R | undefined>;
  replay: (earlier: R) => Promise<T>;
  make: () => Promise<T>;
  raced: (e: unknown) => boolean;
}): Promise<T> {
  const earlier = await p.find();
  if (earlier) return p.replay(earlier);
  try {
    return await p.make();
  } catch (e) {
    if (!p.raced(e)) throw e;
    const made = await p.find();
    if (!made) throw e;
    return p.replay(made);
  }
}

/** Refuses a replay whose body is not the first request's. */
export function sameRequest(earlierHash: string, requestHash: string, refused: ErrorName): void {
  if (earlierHash !== requestHash) throw new AppError(refused);
}
