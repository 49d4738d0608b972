import { passengerEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { PassengersService } from './passengers.service';

/** Saved travellers (spec §7): `GET /api/passengers`, `POST /api/passenger`, `POST /api/passenger/remove`. */
export const passengerRoutes = (passengers: PassengersService): FastifyPluginAsync =>
  async function passengerApi(app) {
    const signedIn = { tags: ['passengers'], preHandler: requireUser };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.list, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return passengers.list(userOf(req.auth), req.query);
    });

    serve(app, api.save, signedIn, async (req) => passengers.save(userOf(req.auth), req.body));

    serve(app, api.remove, signedIn, async (req) => {
      await passengers.remove(userOf(req.auth), req.body.id);
      return { ok: true as const };
    });
  };
