import type { ApiErrorBody } from '@junction/domain';

/** A failed API call: the HTTP status and the error body of docs/architecture.md §3. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.errorContent);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get errorCode(): number {
    return this.body.errorCode;
  }
}

/**
 * Statuses the query client answers for every call (spec §8): 401 opens the login dialog, 403 the
 * expired dialog, 409 goes home, 419 the busy dialog, 5xx a toast. A form shows every other failure
 * itself, under its fields.
 */
export function isHandledGlobally(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return [401, 403, 409, 419].includes(error.status) || error.status >= 500;
}
