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
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
