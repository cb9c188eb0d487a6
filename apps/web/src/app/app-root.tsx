import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, StrictMode, Suspense, useState, type ReactNode } from 'react';

import { TestPaymentsBand } from '../components/test-payments-band.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { AppRoutes } from './router.tsx';
import { createAppTheme, cssVariablesResolver } from './theme.ts';

const Notifications = lazy(() => import('../components/notifications-container.tsx'));

/**
 * The notifications' container (and its transitions, about 9 KB) loads with the first
 * notification: until then the store of @mantine/notifications holds it, and the container shows
 * it when it mounts (issue 18: a member's sign-in screen never needs it).
 */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

/**
 * The whole app as main.tsx mounts it: the theme (its close and clear buttons named in the
 * language `i18n` is in), the query client, the session, the routes and the test-payments band.
 * The build's prerender of the member sign-in (decision 0159, `prerender/member-login-page.tsx`)
 * renders this same tree, so the browser can hydrate the markup it sent: only the router differs
 * (the browser's, or a static one on the server), and a router draws no markup of its own.
 * @param router wraps the routes: `BrowserRouter` in the browser, `StaticRouter` in the prerender
 */
export function AppRoot({
  i18n,
  queryClient,
  router,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  router: (routes: ReactNode) => ReactNode;
}) {
  // Modal and drawer close buttons and input clear buttons named for screen readers (issue 17).
  const theme = createAppTheme({
    closeLabel: i18n.t('common.close'),
    closeDialogLabel: i18n.t('common.closeDialog'),
    clearLabel: i18n.t('common.clear'),
  });
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <DeferredNotifications />
          <AuthProvider>
            {router(<AppRoutes />)}
            <TestPaymentsBand />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
