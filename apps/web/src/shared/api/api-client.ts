import {
  type ApiErrorBody,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResult,
  ERRORS,
} from '@junction/domain';
import { markSavedCopy, savedCopyTime } from '../offline/saved-copy';
import { savedAtHeader } from '../offline/trips-cache';
import { ApiError } from './api-error';

/** What a call sends: the body of a POST endpoint, the query of a GET endpoint, as their schemas accept. */
export type CallInput<E extends Endpoint> = (EndpointBody<E> extends undefined
  ? { body?: undefined }
  : { body: EndpointBody<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query: EndpointQuery<E> }) & {
    signal?: AbortSignal;
    /** Extra request headers (an `Idempotency-Key`). */
    headers?: Record<string, string>;
  };

/**
 * An endpoint of the domain contracts by its method and path only, for the calls the first page makes:
 * naming the endpoint's type keeps them the contract's (a different method or path fails the type check)
 * while its zod schemas, and zod, stay off the first page. The server shapes every answer with the
 * endpoint's response schema (`serve`), and these answers are plain JSON the schema passes unchanged.
 */
export type EndpointRoute<E extends Endpoint> = Pick<E, 'method' | 'path'> & { readonly endpoint?: E };

/** Declares the route of the endpoint `E`: `routeOf<typeof referenceEndpoints.site>({ method: 'GET', path: '/api/site' })`. */
export const routeOf = <E extends Endpoint>(route: Pick<E, 'method' | 'path'>): EndpointRoute<E> => route;

function urlOf(path: string, query: unknown): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  }
  return params.size > 0 ? `${path}?${params}` : path;
}

/** The error body of docs/architecture.md §3, as `apiErrorSchema` accepts it. */
export function isApiErrorBody(data: unknown): data is ApiErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const { errorCode, errorType, errorContent, params } = data as Record<string, unknown>;
  return (
    Number.isSafeInteger(errorCode) &&
    typeof errorContent === 'string' &&
    (errorType === undefined || errorType === 'expired') &&
    (params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params)))
  );
}

/** `Retry-After` in seconds, as ms; an HTTP date or nothing is no hint. */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = header === null || header.trim() === '' ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 300) * 1000 : undefined;
}

/** Sends one call and answers its JSON on success; a failure throws `ApiError`. */
async function send(route: Pick<Endpoint, 'method' | 'path'>, input: CallInput<Endpoint>): Promise<unknown> {
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch(urlOf(route.path, input.query), {
      method: route.method,
      credentials: 'same-origin',
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...input.headers },
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, { errorCode: ERRORS.SERVICE_UNAVAILABLE.errorCode, errorContent: 'Network error' });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isApiErrorBody(data) ? data : { errorCode: ERRORS.INTERNAL.errorCode, errorContent: response.statusText },
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  // The service worker's saved copy of a trip, answered without a connection, says when it was saved.
  return markSavedCopy(data, savedAtHeader(response.headers));
}

/**
 * Calls one endpoint of the domain contracts and parses the answer with its schema; a failure throws
 * `ApiError`. Only the `api/` modules call it, each inside a query or a mutation, so the query client's
 * answers to 401, 403, 409, 419 and 5xx apply to every call (ADR 0006, ADR 0007).
 */
export async function callApi<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<EndpointResult<E>> {
  const data = await send(endpoint, input as CallInput<Endpoint>);
  return markSavedCopy(endpoint.response.parse(data), savedCopyTime(data)) as EndpointResult<E>;
}

/**
 * Calls an endpoint by its route (`routeOf`), as `callApi` does but without loading its schema: for the
 * first page's calls, whose answers the server has shaped with that schema.
 */
export async function callRoute<E extends Endpoint>(
  route: EndpointRoute<E>,
  input: CallInput<E>,
): Promise<EndpointResult<E>> {
  return (await send(route, input as CallInput<Endpoint>)) as EndpointResult<E>;
}
