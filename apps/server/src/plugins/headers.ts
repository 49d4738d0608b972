import type { FastifyInstance } from 'fastify';

/**
 * Browser features no page of ours uses are denied to every page and to anything it embeds: a script
 * that got in still cannot reach the camera, microphone, location, payment sheet or motion sensors.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/** Two years: the length browsers' preload lists ask for. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The Permissions-Policy on every answer, and HSTS only on answers that went out over HTTPS (directly or,
 * with TRUST_PROXY, through a proxy that says so): over plain HTTP browsers ignore it, and a server
 * reached at an address or a development host must not be pinned to HTTPS.
 */
export function registerHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * Once the server is closing, every answer it still sends closes its connection (`Connection: close`): a
 * keep-alive connection whose request was in flight when the close began (a pull waiting for news, a
 * payment) ends with its answer, instead of holding the close until the connection's idle timeout.
 */
export function registerClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
