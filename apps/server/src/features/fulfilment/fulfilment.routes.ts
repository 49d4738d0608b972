import { fulfilmentEndpoints as api, apiErrorSchema } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { FulfilmentService } from './fulfilment.service';

/** After payment: an order's tickets, expected ticketing time and refunds. */
export const fulfilmentRoutes = (fulfilment: FulfilmentService): FastifyPluginAsync =>
  async function fulfilmentApi(app) {
    const signedIn = {
      tags: ['fulfilment'],
      preHandler: requireUser,
      responses: { 400: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
    };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.order, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return fulfilment.orderFulfilment(userOf(req.auth), req.query.id);
    });
  };
