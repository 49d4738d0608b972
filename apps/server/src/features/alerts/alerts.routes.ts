import { alertEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, serve } from '../../lib/serve';
import { requireUser, signedInRoute, userOf } from '../../plugins/auth';
import type { AlertsService } from './alerts.service';

/** The signed-in traveller's price alerts: list, track a search, pause and delete. */
export const alertRoutes = (alerts: AlertsService): FastifyPluginAsync =>
  async function alertApi(app) {
    const signedIn = signedInRoute('price-alerts');

    serve(app, api.list, signedIn, async (req, reply) => noStore(reply, alerts.list(userOf(req.auth))));
    serve(app, api.create, signedIn, async (req) => alerts.create(userOf(req.auth), req.body));
    serve(app, api.pause, signedIn, async (req) => alerts.pause(userOf(req.auth), req.body.id, req.body.paused));
    serve(app, api.remove, signedIn, async (req) => {
      await alerts.remove(userOf(req.auth), req.body.id);
      return { ok: true as const };
    });
  };

/**
 * Outside production, for development and browser tests (`POST /alerts-sim/check`): every active alert of
 * the signed-in traveller is searched now, by the job runner, instead of at its next turn. Not our API.
 */
export const alertCheckRoutes = (alerts: AlertsService): FastifyPluginAsync =>
  async function alertChecks(app) {
    app.post('/alerts-sim/check', { preHandler: requireUser }, async (req) => ({
      queued: await alerts.sweep(userOf(req.auth)),
    }));
  };
