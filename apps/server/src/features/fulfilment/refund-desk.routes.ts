import { refundDeskEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireAgent } from '../../plugins/auth';
import type { DeskAgents } from './ports';
import type { RefundsService } from './refunds.service';

/**
 * The agents' desk of refunds whose money the processor refused, for customer-service agents only (7001 for
 * anyone else): the refunds owed, and recording one paid back another way.
 */
export const refundDeskRoutes = (refunds: RefundsService, agents: DeskAgents): FastifyPluginAsync =>
  async function refundDeskApi(app) {
    const opts = { tags: ['service'], preHandler: requireAgent(agents) };
    serve(app, api.owed, opts, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await refunds.owed() };
    });
    serve(app, api.paidBack, opts, async (req) => {
      await refunds.paidBack(req.body.id, req.auth?.userId ?? '');
      return { ok: true as const };
    });
  };
