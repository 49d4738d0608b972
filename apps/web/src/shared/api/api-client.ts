import {
  apiErrorSchema,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResult,
  ERRORS,
} from '@junction/domain';
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

function urlOf(path: string, query: unknown): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  }
  return params.size > 0 ? `${path}?${params}` : path;
}

/**
 * Calls one endpoint of the domain contracts and parses the answer with its schema; a failure throws
 * `ApiError`. Only the `api/` modules call it, each inside a query or a mutation, so the query client's
 * answers to 401, 403, 409, 419 and 5xx apply to every call (ARCHITECTURE.md §9).
 */
export async function callApi<E extends Endpoint>(endpoint: E, input: CallInput<E>): Promise<EndpointResult<E>> {
  const hasBody = input.body !== undefined;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint.path, input.query), {
      method: endpoint.method,
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
    const body = apiErrorSchema.safeParse(data);
    throw new ApiError(
      response.status,
      body.success ? body.data : { errorCode: ERRORS.INTERNAL.errorCode, errorContent: response.statusText },
    );
  }
  return endpoint.response.parse(data) as EndpointResult<E>;
}
