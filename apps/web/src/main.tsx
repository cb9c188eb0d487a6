import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNotifications } from '@mantine/notifications';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { startFirstScreen } from './app/first-screen.ts';
import { AppRoutes } from './app/router.tsx';
import { createAppTheme, cssVariablesResolver } from './app/theme.ts';
import { TestPaymentsBand } from './components/test-payments-band.tsx';
import { initI18n } from './i18n/index.ts';
import { AuthProvider } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';

const Notifications = lazy(() => import('./components/notifications-container.tsx'));

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
const queryClient = createQueryClient();
// The member's first screen's code and data start now, beside the language and the session (decision 0150).
startFirstScreen(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

/** Mounts the app. */
function render(container: HTMLElement, i18n: Awaited<ReturnType<typeof initI18n>>) {
  // Modal and drawer close buttons and input clear buttons named for screen readers (issue 17).
  const theme = createAppTheme({
    closeLabel: i18n.t('common.close'),
    closeDialogLabel: i18n.t('common.closeDialog'),
    clearLabel: i18n.t('common.clear'),
  });
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <DeferredNotifications />
          <AuthProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <TestPaymentsBand />
          </AuthProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

// The browser's chosen language (its catalogue and font) loads before the first screen shows.
void initI18n().then((i18n) => render(root, i18n));
