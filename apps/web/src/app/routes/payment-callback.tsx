import { Navigate, useLocation } from 'react-router';

import { PaymentCallbackPage } from '../../features/portal/callback/payment-callback-page.tsx';
import { payLinkDoneTarget, readCallbackParams } from '../../features/portal/callback/callback-params.ts';
import { RazorpayCallbackPage } from '../../features/portal/callback/razorpay-callback-page.tsx';
import { readPaymentContext } from '../../features/portal/worldline-checkout.ts';

/**
 * Gateway return pages (`docs/domain.md`, §2 "Route table"): `/payment-callback` and
 * `/payment/callback/worldline` verify a Worldline return; `/payment/callback/razorpay` reports
 * success at once and redirects after 2 s. A return of a payment a payment link started goes to
 * that link's confirmation page instead (`payLinkDoneTarget`, decision 0140).
 */
export default function PaymentCallback({ gateway }: { gateway: 'worldline' | 'razorpay' }) {
  const location = useLocation();
  const { txnId } = readCallbackParams(location.search, location.hash);
  const linkTarget = payLinkDoneTarget(readPaymentContext(), txnId);
  if (linkTarget) return <Navigate to={linkTarget} replace />;
  return gateway === 'razorpay' ? <RazorpayCallbackPage /> : <PaymentCallbackPage />;
}
