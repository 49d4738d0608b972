import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser } from '../../testing/accounts';
import { json, renderApp, stubApi } from '../../testing/render-app';
import { currentUserQueryOptions } from '../api/session';
import { useAuth } from '../auth/auth-context';
import { localSession } from '../auth/session';
import { keepSavedTripsFor } from './saved-trips';
import { TRIPS_CACHE } from './trips-cache';

/** The browser's caches, as far as the page uses them: which were emptied. */
function stubCaches(): string[] {
  const deleted: string[] = [];
  vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
  return deleted;
}

/** Whether the traveller is signed in, how their profile check ended, and the sign-out button. */
function AccountProbe() {
  const { isSignedIn, signOut } = useAuth();
  const profile = useQuery({ ...currentUserQueryOptions(), enabled: false });
  return (
    <div>
      <p data-testid="signed-in">{String(isSignedIn)}</p>
      <p data-testid="profile">{profile.status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
const routes = [
  { path: '/', element: <AccountProbe /> },
  { path: '/login', element: <p>Sign in</p> },
];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("the traveller's trips kept for reading offline", () => {
  it('are emptied when another account signs in on the device, and kept for the same account', async () => {
    const deleted = stubCaches();
    await keepSavedTripsFor('u1');
    expect(deleted).toEqual([TRIPS_CACHE]);
    await keepSavedTripsFor('u1');
    expect(deleted).toEqual([TRIPS_CACHE]);
    await keepSavedTripsFor('u2');
    expect(deleted).toEqual([TRIPS_CACHE, TRIPS_CACHE]);
  });

  it('are emptied on sign-out', async () => {
    localSession.save(currentUser('Wei', { id: 'u1' }));
    stubApi({ 'GET /user': () => json(currentUser('Wei', { id: 'u1' })), 'POST /logout': () => json({}) });
    const deleted = stubCaches();
    renderApp(routes);
    await waitFor(() => expect(screen.getByTestId('profile').textContent).toBe('success'));
    expect(deleted).toEqual([TRIPS_CACHE]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(deleted).toEqual([TRIPS_CACHE, TRIPS_CACHE]));
    expect(localSession.hasUser()).toBe(false);
  });

  it('are emptied when the session is found lost', async () => {
    localSession.save(currentUser('Wei', { id: 'u1' }));
    stubApi({ 'GET /user': () => json({ errorCode: 1001, errorContent: 'Not signed in' }, 401) });
    const deleted = stubCaches();
    const router = renderApp(routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(deleted).toEqual([TRIPS_CACHE]);
    expect(localSession.hasUser()).toBe(false);
  });

  it('stay, with the traveller signed in, when the profile check cannot reach the network', async () => {
    localSession.save(currentUser('Wei', { id: 'u1' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const deleted = stubCaches();
    const router = renderApp(routes);
    await waitFor(() => expect(screen.getByTestId('profile').textContent).toBe('error'));
    expect(screen.getByTestId('signed-in').textContent).toBe('true');
    expect(localSession.hasUser()).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    expect(deleted).toEqual([]);
  });
});
