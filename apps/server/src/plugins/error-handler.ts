import { AppError, ERRORS, type ErrorName } from '@junction/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** HTTP statuses that Fastify or its plugins raise, mapped to our catalogue. */
const BY_STATUS: Record<number, ErrorName> = {
  400: 'VALIDATION_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  419: 'SYSTEM_BUSY',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * One place turns every failure into the error shape of docs/architecture.md §3. Routes have no try/catch.
 * Client mistakes never become a 500 and nothing internal (stack, SQL) reaches the response.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // An error is about one request: no cache, shared or private, may keep it (a route may have set a
  // public cache header before it failed).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    return payload;
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const retryAfter = err.extra.params?.retryAfter;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.code(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath || '/',
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send({
        errorCode: ERRORS.VALIDATION_FAILED.errorCode,
        errorContent: `${err.validationContext ?? 'request'} is not valid`,
        params: { issues },
      });
    }
    const status = err.statusCode ?? 500;
    const name = status < 500 ? (BY_STATUS[status] ?? 'VALIDATION_FAILED') : BY_STATUS[status];
    if (name && status < 500) {
      return reply.code(status).send({ errorCode: ERRORS[name].errorCode, errorContent: ERRORS[name].message });
    }
    req.log.error({ err }, 'unhandled error');
    const fallback = name ?? 'INTERNAL';
    return reply
      .code(ERRORS[fallback].http)
      .send({ errorCode: ERRORS[fallback].errorCode, errorContent: ERRORS[fallback].message });
  });
}
