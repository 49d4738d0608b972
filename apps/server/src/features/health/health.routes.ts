import { healthEndpoint } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { serve } from '../../lib/serve';

/** Liveness and readiness for load balancers: 200 when the database answers, 503 when it does not. */
export const healthRoutes = (db: Db): FastifyPluginAsync =>
  async function health(app) {
    serve(app, healthEndpoint, { tags: ['ops'], responses: { 503: healthEndpoint.response } }, async (_req, reply) => {
      const isUp = await sql`select 1`
        .execute(db)
        .then(() => true)
        .catch(() => false);
      reply.header('cache-control', 'no-store');
      return reply.code(isUp ? 200 : 503).send({ status: isUp ? 'ok' : 'degraded', database: isUp ? 'up' : 'down' });
    });
  };
