import { railEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { RailService } from './rail.service';

/** The national rail account of the signed-in user (spec §1, §5, §6). */
export const railRoutes = (rail: RailService): FastifyPluginAsync =>
  async function railApi(app) {
    const signedIn = { tags: ['rail'], preHandler: requireUser };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.ticketing, { tags: ['rail'] }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return rail.ticketingInfo(req.auth?.userId ?? null);
    });
    serve(app, api.account, signedIn, async (req) => rail.status(userOf(req.auth)));
    serve(app, api.code, signedIn, async (req) => rail.requestCode(req.body));
    serve(app, api.login, signedIn, async (req) => rail.login(userOf(req.auth), req.body));
    serve(app, api.logout, signedIn, async (req) => {
      await rail.logout(userOf(req.auth));
      return { ok: true as const };
    });
    serve(app, api.passengers, signedIn, async (req) => rail.passengers(userOf(req.auth)));
    serve(app, api.importPassengers, signedIn, async (req) => rail.importPassengers(userOf(req.auth), req.body.ids));
  };
