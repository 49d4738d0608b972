import { changeEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, serve } from '../../../lib/serve';
import { signedInRoute, userOf } from '../../../plugins/auth';
import type { ChangeService } from './change.service';

/** Changing a ticket (改签): the tickets that may change, the quote of a new one, the confirmation. */
export const changeRoutes = (changes: ChangeService): FastifyPluginAsync =>
  async function changeApi(app) {
    const signedIn = signedInRoute('orders');

    serve(app, api.options, signedIn, async (req, reply) =>
      noStore(reply, changes.options(userOf(req.auth), req.query.id)),
    );
    serve(app, api.quote, signedIn, async (req, reply) => noStore(reply, changes.quote(userOf(req.auth), req.query)));
    serve(app, api.classes, signedIn, async (req, reply) =>
      noStore(reply, changes.classQuotes(userOf(req.auth), req.query)),
    );
    serve(app, api.confirm, signedIn, async (req) => changes.confirm(userOf(req.auth), req.body));
  };
