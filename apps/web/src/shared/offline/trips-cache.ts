/**
 * What the service worker keeps for reading without a connection, shared by the worker and the page: the
 * signed-in traveller's trips (the list of orders, an order, its tickets), and nothing else of the API.
 * Payments, the wallet, searches, refunds and changes always go to the network.
 */

/** The one cache of the traveller's trips; the page empties it on sign-out and when another account signs in. */
export const TRIPS_CACHE = 'junction-trips';

/** Set by the worker on a copy it keeps: when it was saved (ms since the epoch). The network's answer has none. */
export const SAVED_AT_HEADER = 'x-junction-saved-at';

/**
 * The GET endpoints of a trip, read network first, the saved copy when the network fails:
 * `GET /api/orders`, `GET /api/order` and `GET /api/order/fulfilment` (the tickets, seats, gates and
 * e-ticket codes).
 */
export const TRIP_PATHS: readonly string[] = ['/api/orders', '/api/order', '/api/order/fulfilment'];

/** Whether a request is one of the traveller's trips that may be kept and answered offline. */
export function isTripRequest(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && TRIP_PATHS.includes(url.pathname);
}

/** When a copy was saved, from its header: a time, or null for the network's own answer (or a header not ours). */
export function savedAtHeader(headers: Pick<Headers, 'get'>): number | null {
  const value = headers.get(SAVED_AT_HEADER);
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
