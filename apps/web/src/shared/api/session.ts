import type { accountEndpoints } from '@junction/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callRoute, routeOf } from './api-client';

/** The header's session calls, on every page the first page too: called by route, without loading the schemas. */
const routes = {
  currentUser: routeOf<typeof accountEndpoints.currentUser>({ method: 'GET', path: '/user' }),
  logout: routeOf<typeof accountEndpoints.logout>({ method: 'POST', path: '/logout' }),
};

export const sessionKeys = { user: ['session', 'user'] as const };

/** `GET /user`: the signed-in traveller, or 401 when the session is gone. */
export const fetchCurrentUser = (signal?: AbortSignal) => callRoute(routes.currentUser, { signal });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.user,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
    // The unread count (spec §3) changes as notices arrive: the header asks again every minute.
    refetchInterval: 60_000,
    // The session check handles its own failure (spec §4): no global 401 dialog for it.
    meta: { silent: true },
  });

/** `POST /logout`; whatever it answers, the device forgets the user (spec §4). */
export const useLogout = () =>
  useMutation({
    mutationFn: () => callRoute(routes.logout, {}),
    meta: { silent: true },
  });
