import type { authContracts, ContractOutput, ContractPath, SessionUser } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { onSessionExpired, requestJson } from './api-client.ts';
import { clearSession, readToken, readUser, writeSession } from './storage.ts';

/** The session as components see it. */
export interface AuthState {
  /** 'loading' while a stored token is being verified. */
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** Stores a new session after sign-in. */
  signIn(token: string, user: SessionUser): void;
  /** Ends the session on the server and clears storage and caches. */
  signOut(): Promise<void>;
  /** Replaces the stored user (after a password change, say). */
  setUser(user: SessionUser): void;
}

const AuthContext = createContext<AuthState | null>(null);

/*
 * The session's own calls stay on the plain client, typed by the shared contracts' types only:
 * this module is in the first chunk every visitor loads (the landing page and the sign-in screens).
 */
const VERIFY_PATH: ContractPath<typeof authContracts.verify> = '/api/auth/verify';
const LOGOUT_PATH: ContractPath<typeof authContracts.logout> = '/api/auth/logout';

/**
 * Holds the session (`docs/domain.md`, §6 "Sessions"): the token in local storage is verified on load and cleared when
 * it fails; a failed refresh anywhere ends the session.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'loading' | 'ready'>(() => (readToken() ? 'loading' : 'ready'));
  const [user, setUserState] = useState<SessionUser | null>(() => (readToken() ? readUser() : null));

  useEffect(() => {
    if (!readToken()) return;
    let cancelled = false;
    requestJson<ContractOutput<typeof authContracts.verify>>(VERIFY_PATH)
      .then(({ user: verified }) => {
        if (cancelled) return;
        writeSession(readToken() ?? '', verified);
        setUserState(verified);
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setUserState(null);
      })
      .finally(() => {
        if (!cancelled) setStatus('ready');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        setUserState(null);
        queryClient.clear();
        window.location.assign('/');
      }),
    [queryClient],
  );

  const signIn = useCallback((token: string, signedIn: SessionUser) => {
    writeSession(token, signedIn);
    setUserState(signedIn);
    setStatus('ready');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await requestJson<ContractOutput<typeof authContracts.logout>>(LOGOUT_PATH, {
        method: 'POST',
        retryOnUnauthorized: false,
      });
    } catch {
      // Signing out locally matters more than telling the server.
    }
    clearSession();
    sessionStorage.clear();
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
    queryClient.clear();
    setUserState(null);
    window.location.assign('/');
  }, [queryClient]);

  const setUser = useCallback((next: SessionUser) => {
    localStorage.setItem('user', JSON.stringify(next));
    setUserState(next);
  }, []);

  const value = useMemo(() => ({ status, user, signIn, signOut, setUser }), [status, user, signIn, signOut, setUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session. Must be used inside {@link AuthProvider}. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
