import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Paths that belong to the API: they never fall back to the web app. */
export const API_PREFIXES = ['/api/', '/forestage/', '/healthz'] as const;
export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` never cached, and every GET
 * that is neither an API path nor a file answered with `index.html` so the SPA router takes over.
 * The build writes each text file compressed beside it (`x.js.br`, `x.js.gz`): those are sent as they are to a
 * browser that accepts them, so no file is compressed again on each request.
 * Returns false when there is no build to serve.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The wildcard file route would answer `/` as a directory; the home page is the app.
  app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  return true;
}

/** The SPA entry, never cached so a new release is picked up at once. */
export function sendIndex(reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache');
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}
