import type { searchEndpoints } from '@junction/domain';
import { callRoute, routeOf } from '../../../shared/api/api-client';
import { startEarly, takeEarly } from '../../../shared/api/early-calls';

const linkRoute = routeOf<typeof searchEndpoints.link>({ method: 'GET', path: '/api/v2/link' });
const keyOf = (routes: string) => `search-link:${routes}`;

/**
 * Asks for the criteria of a short route link (`/search/{routes}`) as the results route starts loading, so that
 * they are there when the page's code has arrived. Only the route is named here: the answer is checked against
 * the contract when the page takes it (`takeLinkEarly`).
 */
export function startLinkEarly(routes: string): void {
  startEarly(keyOf(routes), () => callRoute(linkRoute, { query: { routes } }));
}

/** The answer `startLinkEarly` asked for, unchecked, once. */
export const takeLinkEarly = (routes: string): Promise<unknown> | undefined => takeEarly(keyOf(routes));
