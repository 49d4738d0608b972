import { z } from 'zod';

/**
 * One API call as both sides see it: its method and path, the schema of what is sent (a JSON body for
 * POST, a query string for GET) and the schema of the answer. The server registers its route from it
 * and the web client calls it through it, so a change to a contract fails the type check of both.
 */
export type Endpoint = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** The JSON body of a POST. */
  readonly body?: z.ZodType;
  /** The query string of a GET. */
  readonly query?: z.ZodType;
  /** The answer on success (HTTP 200). Failures are always `apiErrorSchema`. */
  readonly response: z.ZodType;
  /** One line for the OpenAPI document. */
  readonly summary?: string;
};

/** Declares an endpoint, keeping the exact schema types for both sides. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type SchemaOf<E extends Endpoint, K extends 'body' | 'query'> = E[K] extends z.ZodType ? E[K] : undefined;

/** What the client sends: the schema's input (defaults may be left out). */
export type EndpointBody<E extends Endpoint> =
  SchemaOf<E, 'body'> extends z.ZodType ? z.input<SchemaOf<E, 'body'>> : undefined;
export type EndpointQuery<E extends Endpoint> =
  SchemaOf<E, 'query'> extends z.ZodType ? z.input<SchemaOf<E, 'query'>> : undefined;
/** What the server's handler receives once the schema has parsed the request. */
export type EndpointParsedBody<E extends Endpoint> =
  SchemaOf<E, 'body'> extends z.ZodType ? z.output<SchemaOf<E, 'body'>> : undefined;
export type EndpointParsedQuery<E extends Endpoint> =
  SchemaOf<E, 'query'> extends z.ZodType ? z.output<SchemaOf<E, 'query'>> : undefined;
/** What the server's handler returns (before serialisation). */
export type EndpointReply<E extends Endpoint> = z.input<E['response']>;
/** What the client receives once the schema has parsed the answer. */
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;

/** The answer of a call that only succeeds or fails. */
export const okSchema = z.object({ ok: z.literal(true) });
