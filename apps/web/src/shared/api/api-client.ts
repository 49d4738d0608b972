import { type ApiErrorBody, apiErrorSchema, ERRORS } from '@junction/domain';
import type { z } from 'zod';
import { unauthorizedEvents } from '../auth/auth-events';

/** A failed API call: the HTTP status and the error body of ARCHITECTURE.md §3. */
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

type RequestOptions<T> = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** A 401 here is expected and handled by the caller: do not open the login dialog. */
  quietUnauthorized?: boolean;
};

async function request<T>(method: string, path: string, options: RequestOptions<T>): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) params.set(k, String(v));
  const url = params.size > 0 ? `${path}?${params}` : path;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { errorCode: ERRORS.SERVICE_UNAVAILABLE.errorCode, errorContent: 'Network error' });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // Spec §8: a 401 anywhere opens the login dialog, which reloads the page after signing in.
    if (response.status === 401 && !options.quietUnauthorized) unauthorizedEvents.emit();
    const body = apiErrorSchema.safeParse(data);
    throw new ApiError(
      response.status,
      body.success ? body.data : { errorCode: ERRORS.INTERNAL.errorCode, errorContent: response.statusText },
    );
  }
  return options.schema.parse(data);
}

export const apiClient = {
  get: <T>(path: string, options: RequestOptions<T>) => request('GET', path, options),
  post: <T>(path: string, options: RequestOptions<T>) => request('POST', path, options),
};
