import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';

import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { RedirectSignedIn, RequireRole } from '../components/require-role.tsx';

const Landing = lazy(() => import('./routes/landing.tsx'));
const StaffLogin = lazy(() => import('./routes/staff-login.tsx'));
const MemberLogin = lazy(() => import('./routes/member-login.tsx'));
const BackOffice = lazy(() => import('./routes/back-office/back-office.tsx'));
const CustomerDashboard = lazy(() => import('./routes/customer/customer-dashboard.tsx'));
const PaymentCallback = lazy(() => import('./routes/payment-callback.tsx'));

function Suspended({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>;
}

/**
 * The route table of specification section 2. Each area is its own lazily loaded chunk, so the
 * member portal does not download the back office.
 */
export const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <RedirectSignedIn roles={['admin', 'cashier', 'customer']}>
        <Suspended>
          <Landing />
        </Suspended>
      </RedirectSignedIn>
    ),
  },
  {
    path: '/admin/login',
    element: (
      <RedirectSignedIn roles={['admin', 'cashier']}>
        <Suspended>
          <StaffLogin />
        </Suspended>
      </RedirectSignedIn>
    ),
  },
  {
    path: '/customer/login',
    element: (
      <RedirectSignedIn roles={['customer']}>
        <Suspended>
          <MemberLogin />
        </Suspended>
      </RedirectSignedIn>
    ),
  },
  {
    path: '/admin/*',
    element: (
      <RequireRole role="admin" redirectTo="/admin/login">
        <Suspended>
          <BackOffice role="admin" />
        </Suspended>
      </RequireRole>
    ),
  },
  {
    path: '/cashier/*',
    element: (
      <RequireRole role="cashier" redirectTo="/admin/login">
        <Suspended>
          <BackOffice role="cashier" />
        </Suspended>
      </RequireRole>
    ),
  },
  {
    path: '/customer/*',
    element: (
      <RequireRole role="customer" redirectTo="/customer/login">
        <Suspended>
          <CustomerDashboard />
        </Suspended>
      </RequireRole>
    ),
  },
  {
    path: '/payment-callback',
    element: (
      <Suspended>
        <PaymentCallback gateway="worldline" />
      </Suspended>
    ),
  },
  {
    path: '/payment/callback/worldline',
    element: (
      <Suspended>
        <PaymentCallback gateway="worldline" />
      </Suspended>
    ),
  },
  {
    path: '/payment/callback/razorpay',
    element: (
      <Suspended>
        <PaymentCallback gateway="razorpay" />
      </Suspended>
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
