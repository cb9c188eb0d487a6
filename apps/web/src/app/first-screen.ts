import type { QueryClient } from '@tanstack/react-query';

import { prefetchPortal } from '../features/portal/api.ts';
import { readToken, readUser } from '../lib/storage.ts';

/** `load` run at most once: every caller gets the first call's promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= load());
}

/** The member sign-in's code (router.tsx's lazy screen and {@link startFirstScreen} share the load). */
export const loadMemberLogin = once(() => import('./routes/member-login.tsx'));
/** The member portal's code (router.tsx's lazy screen and {@link startFirstScreen} share the load). */
export const loadCustomerDashboard = once(() => import('./routes/customer/customer-dashboard.tsx'));

/**
 * Starts what the member's first screen needs as soon as the app's entry runs, before the language
 * is set up and the session verified (decision 0150; issue 31): on a phone 150 ms from the server
 * every step that waits for the one before costs a round trip. At `/customer/login` the sign-in's
 * code; at another `/customer/` address with a member's session stored, the dashboard's code and
 * its three calls (`prefetchPortal`), side by side. The screens take the same loads when they
 * render; anything else waits for the router as before. A session that turns out expired only
 * makes the prefetched calls fail as the dashboard's own would (the sign-in screen follows).
 * @param pathname the address's path (default the browser's)
 */
export function startFirstScreen(queryClient: QueryClient, pathname = window.location.pathname): void {
  if (pathname === '/customer/login') {
    void loadMemberLogin();
  } else if (pathname.startsWith('/customer/') && readToken() && readUser()?.role === 'customer') {
    void loadCustomerDashboard();
    prefetchPortal(queryClient);
  }
}
