import { HOME_BY_ROLE, type Role } from '@parish/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { useAuth } from '../lib/auth.tsx';
import { FullScreenLoader } from './full-screen-loader.tsx';

/**
 * Route guard (`docs/domain.md`, §2 "Route table"): renders its children only for the given role, else
 * redirects to `redirectTo`. Shows the loading spinner while the session is verified.
 */
export function RequireRole({ role, redirectTo, children }: { role: Role; redirectTo: string; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <FullScreenLoader />;
  if (user?.role !== role) return <Navigate to={redirectTo} replace />;
  return children;
}

/**
 * For the login screens and the landing page: a signed-in user goes to their dashboard.
 * `staffOnly` limits the redirect to staff (the admin login redirects admin and cashier).
 */
export function RedirectSignedIn({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <FullScreenLoader />;
  if (user && roles.includes(user.role)) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;
  return children;
}
