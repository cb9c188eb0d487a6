import { PaymentCallbackPage } from '../../features/portal/callback/payment-callback-page.tsx';
import { RazorpayCallbackPage } from '../../features/portal/callback/razorpay-callback-page.tsx';

/**
 * Gateway return pages (`docs/domain.md`, §2 "Route table"): `/payment-callback` and
 * `/payment/callback/worldline` verify a Worldline return; `/payment/callback/razorpay` reports
 * success at once and redirects after 2 s.
 */
export default function PaymentCallback({ gateway }: { gateway: 'worldline' | 'razorpay' }) {
  return gateway === 'razorpay' ? <RazorpayCallbackPage /> : <PaymentCallbackPage />;
}
