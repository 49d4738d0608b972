import { createHash } from 'node:crypto';
import { AppError } from '@junction/domain';

/**
 * Payment's idempotency: a request carries a key; the row it writes (an attempt, a refund) is unique
 * under that key, with a fingerprint of what was asked. The same key again answers the same row; the
 * same key with a different request is refused; two requests with one key at once write one row.
 */

/** The request's key, trimmed: 2103 when missing or longer than 200 characters. */
export function requireKey(raw: string | undefined): string {
  const key = raw?.trim();
  if (!key || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return key;
}

/** A fingerprint of what a request asked, stored with the row its key wrote. */
export const fingerprint = (request: unknown): string =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** The same key again: the row it wrote, if it was asked the same; IDEMPOTENCY_KEY_REUSED otherwise. */
export function sameRequest<T extends { requestHash: string }>(row: T, requestHash: string): T {
  if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row;
}

/** Whether a write failed on the unique constraint `constraint` (PostgreSQL 23505). */
export const isUnique = (e: unknown, constraint: string): boolean =>
  typeof e === 'object' &&
  e !== null &&
  (e as { code?: string }).code === '23505' &&
  (e as { constraint?: string }).constraint === constraint;

/**
 * After a write failed on a key's unique constraint: the row the same key's other request wrote
 * meanwhile (found by `find`), or undefined when the failure was something else.
 */
export async function writtenMeanwhile<T>(
  e: unknown,
  constraint: string,
  find: () => Promise<T | undefined>,
): Promise<T | undefined> {
  return isUnique(e, constraint) ? find() : undefined;
}
