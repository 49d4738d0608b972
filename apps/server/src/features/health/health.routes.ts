import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

/** Liveness and readiness for load balancers: 200 when the database answers, 503 when it does not. */
export const healthRoutes = (db: Db): FastifyPluginAsyncZod =>
  async function health(app) {
    app.get(
      '/healthz',
      { schema: { tags: ['ops'], response: { 200: healthSchema, 503: healthSchema } } },
      async (_req, reply) => {
        const isUp = await sql`select 1`
          .execute(db)
          .then(() => true)
          .catch(() => false);
        reply.header('cache-control', 'no-store');
        return reply.code(isUp ? 200 : 503).send({ status: isUp ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' });
      },
    );
  };
