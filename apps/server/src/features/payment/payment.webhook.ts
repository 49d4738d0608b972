import { AppError } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayEvent, PaymentGateway } from './gateway/gateway';
import { WebhookSignatureInvalid } from './gateway/gateway';
import { SIGNATURE_HEADER } from './gateway/webhook-signature';

/** The path the card processor posts its webhooks to. */
export const WEBHOOK_PATH = '/api/payment/webhook';

/**
 * The card processor's webhooks: the signature is checked against the exact bytes received, then the
 * event is handed on. Handling is idempotent and reads the processor's current state, so an event
 * delivered twice, late, or before the browser comes back changes nothing it should not.
 */
export const webhookRoutes = (
  gateway: PaymentGateway,
  handle: (event: GatewayEvent) => Promise<void>,
): FastifyPluginAsync =>
  async function paymentWebhooks(app) {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post(WEBHOOK_PATH, { bodyLimit: 64 * 1024, schema: { hide: true } }, async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const header = req.headers[gateway.signatureHeader ?? SIGNATURE_HEADER];
      let event: GatewayEvent | null;
      try {
        event = gateway.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (e) {
        if (e instanceof WebhookSignatureInvalid) throw new AppError('FORBIDDEN', { params: { reason: e.message } });
        throw e;
      }
      if (event) await handle(event);
      return { received: true };
    });
  };
