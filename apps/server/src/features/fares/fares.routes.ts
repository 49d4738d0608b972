import { fareCalendarEndpoints as api, apiErrorSchema } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import type { FaresService } from './fares.service';

/** The month of fares of a route and the round-trip grid around two dates. */
export const fareRoutes = (fares: FaresService): FastifyPluginAsync =>
  async function fareRoutesPlugin(app) {
    const options = { tags: ['search'], responses: { 400: apiErrorSchema } };
    serve(app, api.month, options, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return fares.month(req.query);
    });
    serve(app, api.grid, options, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return fares.grid(req.query);
    });
  };
