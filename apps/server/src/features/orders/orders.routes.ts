import { orderEndpoints as api, IDEMPOTENCY_HEADER } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { OrdersService } from './orders.service';

/** Booking and orders (spec §7): the offer, creation, `GET /api/orders`, `GET /api/order`, `POST /api/order/cancel`. */
export const orderRoutes = (orders: OrdersService, changes?: FastifyPluginAsync): FastifyPluginAsync =>
  async function orderApi(app) {
    if (changes) await app.register(changes);
    const signedIn = signedInRoute('orders');

    serve(app, api.offer, signedIn, async (req, reply) =>
      noStore(reply, orders.offer(req.query.searchId, req.query.resultId, userOf(req.auth))),
    );

    serve(app, api.seatMaps, signedIn, async (req, reply) =>
      noStore(reply, orders.seatMaps(req.query.searchId, req.query.resultId)),
    );

    serve(app, api.studentFares, signedIn, async (req, reply) =>
      noStore(reply, orders.studentFares(userOf(req.auth), req.body)),
    );

    serve(app, api.create, signedIn, async (req) => {
      const key = req.headers[IDEMPOTENCY_HEADER];
      // The session's channel, fixed when it was created (spec §4: an app order is paid in the app).
      return orders.create(userOf(req.auth), req.body, Array.isArray(key) ? key[0] : key, req.auth?.channel ?? 'web');
    });

    serve(app, api.list, signedIn, async (req, reply) => noStore(reply, orders.list(userOf(req.auth), req.query)));

    serve(app, api.get, signedIn, async (req, reply) => noStore(reply, orders.get(userOf(req.auth), req.query.id)));

    serve(app, api.cancel, signedIn, async (req) => orders.cancel(userOf(req.auth), req.body.id));
  };
