import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';

/** The back-office dashboard; the screen itself lives in features/dashboard. */
export function Dashboard({ role }: { role: 'admin' | 'cashier' }) {
  return <DashboardPage role={role} />;
}
