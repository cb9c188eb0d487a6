import { ROLES, STAFF_ROLES, type Role } from '@parish/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';

import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { RedirectSignedIn, RequireRole } from '../components/require-role.tsx';
import { useAuth } from '../lib/auth.tsx';
import { loadStaffCatalogue } from '../i18n/index.ts';
import { loadCustomerDashboard, loadMemberLogin } from './first-screen.ts';

const Landing = lazy(() => import('./routes/landing.tsx'));
// The staff sign-in waits for the staff texts too (its two-step code step's are there).
const StaffLogin = lazy(() =>
  Promise.all([import('./routes/staff-login.tsx'), loadStaffCatalogue()]).then(([module]) => module),
);
const MemberLogin = lazy(loadMemberLogin);
// The back office waits for its English texts too (i18n/en-staff.ts), which no member downloads.
const BackOffice = lazy(() =>
  Promise.all([import('./routes/back-office/back-office.tsx'), loadStaffCatalogue()]).then(([module]) => module),
);
const CustomerDashboard = lazy(loadCustomerDashboard);
const PaymentCallback = lazy(() => import('./routes/payment-callback.tsx'));
const PayLink = lazy(() => import('../features/portal/pay-link-page.tsx'));
const ReceiptCheck = lazy(() => import('../features/portal/receipt-check-page.tsx'));
// The diocese area (decision 0131): its own session, and the staff texts (the diocese's are there).
const DioceseLogin = lazy(() =>
  Promise.all([import('../features/diocese/diocese-login.tsx'), loadStaffCatalogue()]).then(([module]) => module),
);
const DiocesePage = lazy(() =>
  Promise.all([import('../features/diocese/diocese-page.tsx'), loadStaffCatalogue()]).then(([module]) => module),
);
const OneTimePasswordChange = lazy(() => import('../features/portal/one-time-password-change.tsx'));

/**
 * A session signed in with a one-time password sees only the change-password screen until it
 * has chosen a password (`docs/domain.md`, "Password resets").
 */
function OneTimePasswordGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user?.passwordChangeRequired ? <OneTimePasswordChange /> : children;
}

function Suspended({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>;
}

/** A screen for signed-out visitors; signed-in users of `roles` go to their dashboard. */
function signedOutOnly(roles: readonly Role[], screen: ReactNode) {
  return (
    <RedirectSignedIn roles={roles}>
      <Suspended>{screen}</Suspended>
    </RedirectSignedIn>
  );
}

/** A screen for one role; anyone else goes to `redirectTo`. */
function roleOnly(role: Role, redirectTo: string, screen: ReactNode) {
  return (
    <RequireRole role={role} redirectTo={redirectTo}>
      <Suspended>
        <OneTimePasswordGate>{screen}</OneTimePasswordGate>
      </Suspended>
    </RequireRole>
  );
}

/**
 * The route table of `docs/domain.md`, §2 "Route table". Each area is its own lazily loaded chunk, so the
 * member portal does not download the back office. Declarative routes under a `BrowserRouter`
 * (main.tsx), not a data router: the app uses no loaders or actions, and the data router costs a
 * member's phone about 15 KB more (issue 18).
 */
const routes: RouteObject[] = [
  { path: '/', element: signedOutOnly(ROLES, <Landing />) },
  { path: '/admin/login', element: signedOutOnly(STAFF_ROLES, <StaffLogin />) },
  { path: '/customer/login', element: signedOutOnly(['customer'], <MemberLogin />) },
  { path: '/admin/*', element: roleOnly('admin', '/admin/login', <BackOffice role="admin" />) },
  { path: '/cashier/*', element: roleOnly('cashier', '/admin/login', <BackOffice role="cashier" />) },
  // A ward leader's screens (issue 28 item 7, decision 0129): their ward's members and their account.
  { path: '/ward/*', element: roleOnly('ward_leader', '/admin/login', <BackOffice role="ward_leader" />) },
  // An accountant's screens (issue 30 item 6, decision 0145): the reports and the accounts' exports.
  { path: '/accounts/*', element: roleOnly('accountant', '/admin/login', <BackOffice role="accountant" />) },
  { path: '/customer/*', element: roleOnly('customer', '/customer/login', <CustomerDashboard />) },
  ...['/payment-callback', '/payment/callback/worldline'].map((path) => ({
    path,
    element: (
      <Suspended>
        <PaymentCallback gateway="worldline" />
      </Suspended>
    ),
  })),
  {
    path: '/payment/callback/razorpay',
    element: (
      <Suspended>
        <PaymentCallback gateway="razorpay" />
      </Suspended>
    ),
  },
  // A payment link and, at /done, where a payment made through it lands (decision 0140).
  {
    path: '/pay/:mobile/:token/:step?',
    element: (
      <Suspended>
        <PayLink />
      </Suspended>
    ),
  },
  // A receipt's check link (issue 29 item 7, decision 0137): public, anyone holding the receipt.
  {
    path: '/r/:token',
    element: (
      <Suspended>
        <ReceiptCheck />
      </Suspended>
    ),
  },
  {
    path: '/diocese/login',
    element: (
      <Suspended>
        <DioceseLogin />
      </Suspended>
    ),
  },
  {
    path: '/diocese',
    element: (
      <Suspended>
        <DiocesePage />
      </Suspended>
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The app's screens by URL (inside main.tsx's `BrowserRouter`). */
export function AppRoutes() {
  return useRoutes(routes);
}
