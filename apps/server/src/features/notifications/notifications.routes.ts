import { notificationEndpoints as api, apiErrorSchema } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

/** Spec §7 `GET /notifications`, and marking notices read. */
export const notificationRoutes = (notices: NotificationsService): FastifyPluginAsync =>
  async function notificationApi(app) {
    const signedIn = {
      tags: ['notifications'],
      preHandler: requireUser,
      responses: { 400: apiErrorSchema, 404: apiErrorSchema },
    };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.list, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return notices.list(userOf(req.auth), req.query);
    });
    serve(app, api.read, signedIn, async (req) => notices.read(userOf(req.auth), req.body.id));
    serve(app, api.readAll, signedIn, async (req) => notices.readAll(userOf(req.auth)));
  };
