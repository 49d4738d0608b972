import { paymentEndpoints as api, IDEMPOTENCY_HEADER } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { noStore, serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { PaymentsService } from './payment.service';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Paying an order (spec §4 payment page): `POST /api/order/pay` and `GET /api/order/payment`. */
export const paymentRoutes = (payments: PaymentsService): FastifyPluginAsync =>
  async function paymentApi(app) {
    const signedIn = signedInRoute('payment', [400, 404, 422, 503]);

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

    serve(app, api.state, signedIn, async (req, reply) =>
      noStore(reply, payments.state(userOf(req.auth), req.query.orderId, req.query.attemptId)),
    );
  };
