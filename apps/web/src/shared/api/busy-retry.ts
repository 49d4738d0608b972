import { type ApiError, isBusy } from './api-error';

/**
 * The waits, ms, before each new try of a call the server was too busy for (419), growing so that a
 * busy server is given room; after the last, the call has failed. About half a minute in all.
 */
export const busyRetry = { delaysMs: [1000, 2000, 4000, 8000, 15_000] };

/** How many times a call turned away as busy is tried again. */
export const busyRetries = (): number => busyRetry.delaysMs.length;

/**
 * The wait before trying again after the `attempt`th refusal (0 for the first): the schedule's, at least
 * what the server asked for (`Retry-After`), stretched by up to a quarter at random so that the clients
 * it turned away do not all come back at once.
 */
export function busyDelayMs(attempt: number, error: ApiError): number {
  const planned = busyRetry.delaysMs[Math.min(attempt, busyRetry.delaysMs.length - 1)] ?? 0;
  return Math.max(planned, error.retryAfterMs ?? 0) * (1 + Math.random() / 4);
}

/** For a query that is otherwise tried once: tried again only while the server is busy. */
export const retryOnlyWhenBusy = (count: number, error: unknown): boolean => isBusy(error) && count < busyRetries();
