import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * A control of a simulated outside system, for development and browser tests (never mounted in
 * production, not part of our API): a POST whose body must match `body`, else it answers 400 with
 * error code 1000 and `invalid`; what `handle` returns is the answer.
 */
export function simControl<T extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  body: T,
  invalid: string,
  handle: (input: z.infer<T>, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.post(path, async (req, reply) => {
    const parsed = body.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ errorCode: 1000, errorContent: invalid });
    return handle(parsed.data, req, reply);
  });
}
