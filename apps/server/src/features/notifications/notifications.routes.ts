import { notificationEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

/** Spec §7 `GET /notifications`, and marking notices read. */
export const notificationRoutes = (notices: NotificationsService): FastifyPluginAsync =>
  async function notificationApi(app) {
    const signedIn = signedInRoute('notifications', [400, 404]);

    serve(app, api.list, signedIn, async (req, reply) => noStore(reply, notices.list(userOf(req.auth), req.query)));
    serve(app, api.read, signedIn, async (req) => notices.read(userOf(req.auth), req.body.id));
    serve(app, api.readAll, signedIn, async (req) => notices.readAll(userOf(req.auth)));
  };
