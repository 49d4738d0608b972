import { AppError, refundDeskEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { DeskAgents } from './ports';
import type { RefundsService } from './refunds.service';

/**
 * The agents' desk of refunds whose money the processor refused, for customer-service agents only (7001 for
 * anyone else): the refunds owed, and recording one paid back another way.
 */
export const refundDeskRoutes = (refunds: RefundsService, agents: DeskAgents): FastifyPluginAsync =>
  async function refundDeskApi(app) {
    const agentOnly = async (req: FastifyRequest) => {
      await requireUser(req);
      if (!(await agents.isAgent(req.auth?.userId ?? ''))) throw new AppError('CHAT_NOT_AGENT');
    };
    const opts = { tags: ['service'], preHandler: agentOnly };
    serve(app, api.owed, opts, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await refunds.owed() };
    });
    serve(app, api.paidBack, opts, async (req) => {
      await refunds.paidBack(req.body.id, req.auth?.userId ?? '');
      return { ok: true as const };
    });
  };
