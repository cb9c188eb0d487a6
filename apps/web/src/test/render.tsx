import { MantineProvider } from '@mantine/core';
import { authContracts, type SessionUser } from '@parish/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { createAppTheme, cssVariablesResolver } from '../app/theme.ts';
import NotificationsContainer from '../components/notifications-container.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { writeSession } from '../lib/storage.ts';
import { on, server } from './msw.ts';

/** Where and as whom a screen is rendered by {@link renderScreen}. */
export interface ScreenOptions {
  /** The address the screen opens at, with its query (default `/`). */
  at?: string;
  /** The route pattern the screen is mounted on (default: the path of `at`). */
  path?: string;
  /** Signs this user in first: a token stored as after a sign-in, `/api/auth/verify` answering them. */
  signedIn?: SessionUser;
}

/** Any other address: a heading "Landed on {path}", so a test sees where a screen navigated. */
function Landed() {
  const { pathname } = useLocation();
  return <h1>{`Landed on ${pathname}`}</h1>;
}

/**
 * Renders `screen` with the providers main.tsx gives the app: the app's Mantine theme (transitions
 * and portals off, `env="test"`), a fresh query client of the app's settings, the notifications
 * container, the session (AuthProvider) and a router at `at`. The English catalogue is loaded by
 * dom-setup.ts.
 * @returns React Testing Library's result and a `user` (user-event) to type and click with.
 */
export function renderScreen(screen: ReactElement, { at = '/', path, signedIn }: ScreenOptions = {}) {
  if (signedIn) {
    writeSession('test-access-token', signedIn);
    server.use(on(authContracts.verify).reply(() => ({ user: signedIn })));
  }
  const theme = createAppTheme({
    closeLabel: i18n.t('common.close'),
    closeDialogLabel: i18n.t('common.closeDialog'),
    clearLabel: i18n.t('common.clear'),
  });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <NotificationsContainer />
        <AuthProvider>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              <Route path={path ?? at.split('?')[0]} element={screen} />
              <Route path="*" element={<Landed />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user };
}
