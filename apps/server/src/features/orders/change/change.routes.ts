import { changeEndpoints as api, apiErrorSchema } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../../lib/serve';
import { requireUser } from '../../../plugins/auth';
import type { ChangeService } from './change.service';

/** Changing a ticket (改签): the tickets that may change, the quote of a new one, the confirmation. */
export const changeRoutes = (changes: ChangeService): FastifyPluginAsync =>
  async function changeApi(app) {
    const signedIn = {
      tags: ['orders'],
      preHandler: requireUser,
      responses: { 400: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
    };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.options, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return changes.options(userOf(req.auth), req.query.id);
    });
    serve(app, api.quote, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return changes.quote(userOf(req.auth), req.query);
    });
    serve(app, api.confirm, signedIn, async (req) => changes.confirm(userOf(req.auth), req.body));
  };
