import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers and compression for every response (load shedding is the API's alone: `load-shedding.ts`). The CSP allows only our own origin for
 * scripts, connections and fonts; styles allow inline because Ant Design injects its CSS-in-JS at run time.
 * Images may also come from a configured map tile server.
 */
export async function registerSecurity(
  app: FastifyInstance,
  /** Origins images may also come from: a commercial map's tiles. */
  imageOrigins: readonly string[] = [],
  /** The card processor's browser library: where its script loads from, and the origins it calls and frames. */
  cardOrigins: readonly string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...cardOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...cardOrigins],
        frameSrc: ["'self'", ...cardOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same answer as frame-ancestors 'none', for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    // Sent over HTTPS only (plugins/headers.ts).
    hsts: false,
  });
  // Answers up to 64 kB (a page of results, a place search's 12–18 kB) are compressed in one call: on a few
  // cores a compression stream per answer cost about 0.6 ms of CPU more than compressing it (about 0.35 ms).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 65_536,
    encodings: ['br', 'gzip', 'deflate'],
  });
}

/** The origin of a tile URL template (`https://webrd01.is.autonavi.com/appmaptile?x={x}…` → its scheme and host). */
export function tileOrigin(template: string): string {
  return new URL(template.replace(/\{[xyz]\}/g, '0')).origin;
}

/** Stripe.js and what it reaches when Stripe is the card processor (its script, API and 3-D Secure frames). */
export function stripeOrigins(config: {
  PAYMENT_PROCESSOR?: string | undefined;
  STRIPE_JS_URL: string;
  STRIPE_API_BASE: string;
}): string[] {
  if (config.PAYMENT_PROCESSOR !== 'stripe') return [];
  const own = [new URL(config.STRIPE_JS_URL).origin, new URL(config.STRIPE_API_BASE).origin];
  return [...new Set([...own, 'https://js.stripe.com', 'https://hooks.stripe.com'])];
}
