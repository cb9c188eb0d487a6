import { Notifications } from '@mantine/notifications';

/** The notifications' container, a chunk of its own (main.tsx loads it with the first notification). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
