import { AppError, railDeskEndpoints as api, type RailDeskRequest } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireAgent } from '../../plugins/auth';
import type { DeskRequest, RailAgentDesk } from './agent-desk';
import type { DeskAgents } from './ports';

/**
 * A waiting request as the agents' console shows it: its order, trains and travellers by name, a change's
 * old tickets, both rides by station name and time, and the fare difference.
 */
export function deskView(r: DeskRequest): RailDeskRequest {
  const trips = 'trips' in r.request ? r.request.trips : undefined;
  return {
    key: r.key,
    kind: r.kind,
    queuedAt: r.queuedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    orderNumber: r.request.orderNumber ?? null,
    trains: r.request.legs.map((l) => ({
      legIndex: l.index,
      number: l.number,
      departureTime: l.departureTime,
      seatClass: l.cabin,
    })),
    travellers: r.request.travellers.length,
    passengers: r.request.travellers.map((t) => ({ position: t.position, name: t.name })),
    change: trips
      ? { from: trips.from, to: trips.to, fareDifference: { amount: trips.fareDifferenceMinor, currency: 'CNY' } }
      : null,
    replaces: ('replaces' in r.request ? r.request.replaces : []).map((t) => ({
      ticketNumber: t.ticketNumber,
      travellerPosition: t.travellerPosition,
      number: t.train,
      departureTime: t.departureTime,
      seatClass: t.seatClass,
      coach: t.coach,
      seat: t.seat,
    })),
  };
}

/** The agents' desk of offline rail ticketing, for customer-service agents only (7001 for anyone else). */
export const railDeskRoutes = (desk: RailAgentDesk, agents: DeskAgents): FastifyPluginAsync =>
  async function railDeskApi(app) {
    const opts = { tags: ['service'], preHandler: requireAgent(agents) };
    serve(app, api.queue, opts, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: (await desk.queue()).map(deskView) };
    });
    serve(app, api.complete, opts, async (req) => {
      if (!(await desk.complete(req.body.key, req.body.tickets))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    });
    serve(app, api.refuse, opts, async (req) => {
      if (!(await desk.refuse(req.body.key, req.body.reason))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    });
  };
