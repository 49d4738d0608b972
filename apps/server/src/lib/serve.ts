import {
  AppError,
  type Endpoint,
  type EndpointParsedBody,
  type EndpointParsedQuery,
  type EndpointReply,
  type ErrorName,
} from '@junction/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRouteHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The domain endpoint a route serves; every API route has one. */
    endpoint?: Endpoint;
  }
}

/** A request whose body and query the endpoint's schemas have already parsed. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'body' | 'query'> & {
  body: EndpointParsedBody<E>;
  query: EndpointParsedQuery<E>;
};

export type ServeOptions = {
  /** The OpenAPI group. */
  tags: string[];
  preHandler?: preHandlerHookHandler;
  /** Answers besides 200 that the route sends itself, for the OpenAPI document. */
  responses?: Record<number, z.ZodType>;
  /** The error for a request its schema refuses, when the spec names one for the call (else 1000). */
  invalidRequest?: ErrorName;
  /** The largest body the route reads, in bytes (16 kB unless the call needs more). */
  bodyLimit?: number;
};

/** Bodies of API calls: the largest valid one of each call fits well within this. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

const NUL = '\u0000';

/** The path (`legs.0.departure`) of the first string or key holding a NUL byte, if any. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || '(value)' : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')].join('.');
    const found = findNul(item, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Registers the route of a domain endpoint: its method, path and schemas come from the contract, and the
 * handler must return what the contract's response accepts (or the reply it has already sent).
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: ServeOptions,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointReply<E> | FastifyReply>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // A NUL byte is valid JSON but no valid text of ours, and PostgreSQL refuses it: 400 naming the field.
    preValidation: async (req) => {
      const field = findNul(req.body) ?? findNul(req.query);
      if (field !== undefined) {
        throw new AppError(options.invalidRequest ?? 'VALIDATION_FAILED', { params: { field, reason: 'nul' } });
      }
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.invalidRequest ? { attachValidation: true } : {}),
    schema: {
      tags: options.tags,
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: { 200: endpoint.response, ...options.responses },
    },
    handler: (req, reply) => {
      if (options.invalidRequest && req.validationError) throw new AppError(options.invalidRequest);
      return handler(req as unknown as EndpointRequest<E>, reply);
    },
  });
}

/** onRoute hook for the API scope: a route that does not serve a domain endpoint is a build error. */
export const requireEndpoint: onRouteHookHandler = (route) => {
  if (!route.config?.endpoint) {
    throw new Error(`${String(route.method)} ${route.url} must be served from a domain endpoint (lib/serve.ts)`);
  }
};

/** An answer about the caller's own records, which no cache may keep: `cache-control: no-store`. */
export function noStore<T>(reply: FastifyReply, answer: T): T {
  reply.header('cache-control', 'no-store');
  return answer;
}

/** A file of the caller's own sent to be saved under its name, never kept by a cache nor sniffed as another type. */
export function sendDownload(reply: FastifyReply, file: { filename: string; type: string; body: Buffer }) {
  return reply
    .type(file.type)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .send(file.body);
}
