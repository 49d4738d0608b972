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
    serve(app, api.refundQuote, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return fulfilment.quote(userOf(req.auth), req.query.orderId, req.query.subOrderId);
    });
    serve(app, api.requestRefund, signedIn, async (req) => fulfilment.requestRefund(userOf(req.auth), req.body));
    serve(app, api.withdrawRefund, signedIn, async (req) => fulfilment.withdrawRefund(userOf(req.auth), req.body.id));
    serve(app, api.refund, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return fulfilment.refundOf(userOf(req.auth), req.query.id);
    });
  };
