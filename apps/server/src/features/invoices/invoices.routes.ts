import { invoiceEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, sendDownload, serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { InvoicesService } from './invoices.service';

/** The signed-in user's invoices of their own orders, their PDFs, and saved titles. */
export const invoiceRoutes = (invoices: InvoicesService): FastifyPluginAsync =>
  async function invoicesApi(app) {
    const signedIn = signedInRoute('invoices');

    serve(app, api.ofOrder, signedIn, async (req, reply) =>
      noStore(reply, invoices.ofOrder(userOf(req.auth), req.query.orderId)),
    );
    serve(app, api.request, signedIn, async (req) => invoices.request(userOf(req.auth), req.body));
    serve(app, api.file, signedIn, async (req, reply) =>
      sendDownload(reply, await invoices.file(userOf(req.auth), req.query.id, req.query.copy)),
    );
    serve(app, api.titles, signedIn, async (req) => invoices.titles.list(userOf(req.auth)));
    serve(app, api.saveTitle, signedIn, async (req) => invoices.titles.save(userOf(req.auth), req.body));
    serve(app, api.removeTitle, signedIn, async (req) => {
      await invoices.titles.remove(userOf(req.auth), req.body.id);
      return { ok: true as const };
    });
  };
