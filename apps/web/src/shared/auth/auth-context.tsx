import type { CurrentUser } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../api/api-error';
import { currentUserQueryOptions, sessionKeys, useLogout } from '../api/session';
import { forgetSavedTrips, keepSavedTripsFor } from '../offline/saved-trips';
import { unauthorizedEvents } from './auth-events';
import { localSession } from './session';

export type LoginRequest = {
  /** Where to go after signing in. */
  redirect?: string;
  /** Open the redirect in a new tab. */
  blank?: boolean;
  /** Close the dialog and reload the page after signing in. */
  refresh?: boolean;
};

type AuthContextValue = {
  user: CurrentUser | null;
  isSignedIn: boolean;
  /** Stores a successful sign-in (spec §4) and puts the profile in the cache. */
  completeSignIn: (user: CurrentUser) => void;
  signOut: () => Promise<void>;
  loginRequest: LoginRequest | null;
  openLogin: (request?: LoginRequest) => void;
  closeLogin: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export type AuthProviderProps = { children: ReactNode; onSessionLost: () => void };

/**
 * The signed-in traveller. With a stored user, the profile is fetched on load; if that fails the stored
 * user is cleared and the traveller is sent to /login (spec §4).
 */
export function AuthProvider({ children, onSessionLost }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [hasStoredUser, setHasStoredUser] = useState(localSession.hasUser);
  const [loginRequest, setLoginRequest] = useState<LoginRequest | null>(null);
  const profile = useQuery({ ...currentUserQueryOptions(), enabled: hasStoredUser });

  // Without a connection the session is not known to be lost: the traveller stays signed in on the device,
  // reading the trips it saved.
  const lost = profile.isError && !(profile.error instanceof ApiError && profile.error.status === 0);
  useEffect(() => {
    if (lost && hasStoredUser) {
      void forgetSavedTrips();
      localSession.clear();
      setHasStoredUser(false);
      queryClient.removeQueries({ queryKey: sessionKeys.user });
      onSessionLost();
    }
  }, [lost, hasStoredUser, queryClient, onSessionLost]);

  useEffect(() => {
    if (!profile.data) return;
    localSession.save(profile.data);
    void keepSavedTripsFor(profile.data.info.id);
  }, [profile.data]);

  useEffect(() => unauthorizedEvents.subscribe(() => setLoginRequest({ refresh: true })), []);

  const completeSignIn = useCallback(
    (user: CurrentUser) => {
      if (!user.name) return; // Spec §4: a response without a name is not a sign-in.
      localSession.save(user);
      void keepSavedTripsFor(user.info.id);
      queryClient.setQueryData(sessionKeys.user, user);
      setHasStoredUser(true);
    },
    [queryClient],
  );

  const { mutateAsync: logout } = useLogout();
  const signOut = useCallback(async () => {
    await logout().catch(() => undefined);
    await forgetSavedTrips();
    localSession.clear();
    window.location.reload();
  }, [logout]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: hasStoredUser ? (profile.data ?? localSession.info()) : null,
      isSignedIn: hasStoredUser,
      completeSignIn,
      signOut,
      loginRequest,
      openLogin: (request = {}) => setLoginRequest(request),
      closeLogin: () => setLoginRequest(null),
    }),
    [hasStoredUser, profile.data, completeSignIn, signOut, loginRequest],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The signed-in traveller where a page may be drawn without the provider (e.g. a preview): null then. */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}
