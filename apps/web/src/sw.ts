/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isTripRequest, SAVED_AT_HEADER, TRIPS_CACHE } from './shared/offline/trips-cache';

/**
 * The site's service worker, registered for a signed-in traveller once the page is idle (shared/offline).
 * It keeps the shell of the trips and order pages (precached at install) and the traveller's trips as last
 * read, so tickets open without a connection. Pages always come from the network while there is one.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

/** A copy to keep, stamped with when it was saved; only a whole answer (200) is kept. */
async function stamped(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
}

// A page: the network's, the shell kept at install when there is no network. Registered before the shell's
// own route, so the site's page is never answered from the cache while the network answers.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/forestage\//, /^\/healthz/] },
  ),
);

registerRoute(
  ({ request, url }) => isTripRequest(request.method, url, self.location.origin),
  new NetworkFirst({
    cacheName: TRIPS_CACHE,
    plugins: [{ cacheWillUpdate: ({ response }) => stamped(response) }],
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
