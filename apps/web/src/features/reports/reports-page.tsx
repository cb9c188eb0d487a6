import { PendingScreen } from '../../app/routes/back-office/pending-screen.tsx';

/** Placeholder until this screen is built. */
export default function Page() {
  return <PendingScreen titleKey="pending.reports" />;
}
