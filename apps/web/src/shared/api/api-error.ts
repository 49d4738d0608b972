import type { ApiErrorBody } from '@junction/domain';

/** A failed API call: the HTTP status and the error body of docs/architecture.md §3. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /** How long the server asked the client to wait before trying again (`Retry-After`), ms. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: ApiErrorBody, retryAfterMs?: number) {
    super(body.errorContent);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }

  get errorCode(): number {
    return this.body.errorCode;
  }
}

/** The server is busy (419, spec §8): the call may be made again after a while. */
export const isBusy = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 419;

/**
 * Statuses the query client answers for every call (spec §8): 401 opens the login dialog, 403 the
 * expired dialog, 409 goes home, 419 the busy dialog, 5xx a toast. A form shows every other failure
 * itself, under its fields.
 */
export function isHandledGlobally(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return [401, 403, 409, 419].includes(error.status) || error.status >= 500;
}
