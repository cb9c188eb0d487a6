import { CustomerPortal } from '../../../features/portal/customer-portal.tsx';

/**
 * `/customer/*`: the member portal (`docs/domain.md`, §2 "Customer dashboard"). The screen
 * lives in features/portal; this route only mounts it behind the customer guard (see router.tsx).
 */
export default function CustomerDashboard() {
  return <CustomerPortal />;
}
