import { fulfilmentEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, sendDownload, serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { FulfilmentService } from './fulfilment.service';
import type { ItineraryService } from './itinerary/itinerary.service';
import type { ProtectionService } from './protection/protection.service';

/** After payment: an order's tickets, expected ticketing time and refunds. */
export const fulfilmentRoutes = (
  fulfilment: FulfilmentService,
  itinerary: ItineraryService,
  protection: ProtectionService,
): FastifyPluginAsync =>
  async function fulfilmentApi(app) {
    const signedIn = signedInRoute('fulfilment');

    serve(app, api.order, signedIn, async (req, reply) =>
      noStore(reply, fulfilment.orderFulfilment(userOf(req.auth), req.query.id)),
    );
    serve(app, api.refundQuote, signedIn, async (req, reply) =>
      noStore(reply, fulfilment.refunds.quote(userOf(req.auth), req.query)),
    );
    serve(app, api.requestRefund, signedIn, async (req) => ({
      refunds: await fulfilment.refunds.request(userOf(req.auth), req.body),
    }));
    serve(app, api.withdrawRefund, signedIn, async (req) => fulfilment.refunds.withdraw(userOf(req.auth), req.body.id));
    serve(app, api.refund, signedIn, async (req, reply) =>
      noStore(reply, fulfilment.refunds.refundOf(userOf(req.auth), req.query.id)),
    );
    serve(app, api.protection, signedIn, async (req, reply) =>
      noStore(reply, protection.cases(userOf(req.auth), req.query.id)),
    );
    serve(app, api.chooseProtection, signedIn, async (req) => protection.choose(userOf(req.auth), req.body));
    serve(app, api.itineraryPdf, signedIn, async (req, reply) =>
      sendDownload(reply, await itinerary.pdf(userOf(req.auth), req.query.id, req.language)),
    );
    serve(app, api.itineraryIcs, signedIn, async (req, reply) =>
      sendDownload(reply, await itinerary.ics(userOf(req.auth), req.query.id, req.language)),
    );
  };
