import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { router } from './app/router.tsx';
import { createAppTheme, cssVariablesResolver } from './app/theme.ts';
import { initI18n } from './i18n/index.ts';
import { AuthProvider } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';

const i18n = initI18n();
const theme = createAppTheme({ closeLabel: i18n.t('common.close'), clearLabel: i18n.t('common.clear') });
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
