import { AppError } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { DUFFEL_SIGNATURE_HEADER, isGenuineDuffelEvent } from '../../../../lib/duffel/signature';
import type { SellerChange, SellerFlight } from '../../schedule-changes';

/** Where Duffel posts its webhook events (the URL the operator registers with Duffel). */
export const DUFFEL_WEBHOOK_PATH = '/api/duffel/webhook';

const code = z.object({ iata_code: z.string().min(1) });
const flight = z
  .object({ origin: code, destination: code, departing_at: z.string(), arriving_at: z.string() })
  .transform(
    (s): SellerFlight => ({
      from: s.origin.iata_code,
      to: s.destination.iata_code,
      departingAt: s.departing_at,
      arrivingAt: s.arriving_at,
    }),
  );
const change = z.object({
  id: z.string().min(1),
  order_id: z.string().optional(),
  created_at: z.string().optional(),
  added: z.array(z.object({ segments: z.array(flight) })),
});
/** The event: its object is the change itself, or the order carrying its changes (the last one new). */
const changeEvent = z.object({
  type: z.literal('order.airline_initiated_change_detected'),
  created_at: z.string().optional(),
  data: z.object({
    object: z.union([
      change.extend({ order_id: z.string() }),
      z.object({ id: z.string(), airline_initiated_changes: z.array(change).min(1) }),
    ]),
  }),
});

/** An airline-initiated change as Duffel sends it: the order, and its slices the change added. */
export type AirlineChange = SellerChange & { orderId: string };

/** The airline-initiated change in an `order.airline_initiated_change_detected` event, or undefined. */
export function airlineChangeOf(event: unknown): AirlineChange | undefined {
  const parsed = changeEvent.safeParse(event);
  if (!parsed.success) return undefined;
  const { object } = parsed.data.data;
  const found = 'airline_initiated_changes' in object ? object.airline_initiated_changes.at(-1) : object;
  const orderId = 'airline_initiated_changes' in object ? object.id : object.order_id;
  if (!found) return undefined;
  const detectedAt = found.created_at ?? parsed.data.created_at;
  return {
    id: found.id,
    orderId: found.order_id ?? orderId,
    flights: found.added.flatMap((s) => s.segments),
    ...(detectedAt && !Number.isNaN(Date.parse(detectedAt)) ? { detectedAt } : {}),
  };
}

/**
 * Duffel's webhook: the `X-Duffel-Signature` is checked against the exact bytes received with the
 * webhook's secret (a forged or unsigned event is refused, and every event is refused while no secret is
 * configured), then an airline-initiated schedule change is handed on. Other events are acknowledged.
 */
export const duffelWebhookRoutes = (
  secret: string | undefined,
  handle: (change: AirlineChange) => Promise<void>,
): FastifyPluginAsync =>
  async function duffelWebhooks(app) {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post(DUFFEL_WEBHOOK_PATH, { bodyLimit: 256 * 1024, schema: { hide: true } }, async (req) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const header = req.headers[DUFFEL_SIGNATURE_HEADER];
      if (!secret || !isGenuineDuffelEvent(Array.isArray(header) ? header[0] : header, raw, secret)) {
        throw new AppError('FORBIDDEN', { params: { reason: 'signature' } });
      }
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        throw new AppError('VALIDATION_FAILED');
      }
      const change = airlineChangeOf(event);
      if (change) await handle(change);
      return { received: true };
    });
  };
