import { paymentEndpoints as api, apiErrorSchema, IDEMPOTENCY_HEADER } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { PaymentsService } from './payment.service';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Paying an order (spec §4 payment page): `POST /api/order/pay` and `GET /api/order/payment`. */
export const paymentRoutes = (payments: PaymentsService): FastifyPluginAsync =>
  async function paymentApi(app) {
    const signedIn = {
      tags: ['payment'],
      preHandler: requireUser,
      responses: { 400: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema },
    };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.pay, signedIn, async (req) =>
      payments.pay(
        userOf(req.auth),
        req.body,
        header(req.headers[IDEMPOTENCY_HEADER]),
        // The session's channel, fixed when it was created; a header on this request changes nothing.
        req.auth?.channel ?? 'web',
        // The traveller's own address (behind the configured proxies), which WeChat Pay's H5 payment requires.
        req.ip,
      ),
    );

    serve(app, api.methods, { tags: ['payment'] }, async () => payments.methods());

    serve(app, api.state, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return payments.state(userOf(req.auth), req.query.orderId, req.query.attemptId);
    });
  };
