import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { AppRoot } from './app/app-root.tsx';
import { startFirstScreen } from './app/first-screen.ts';
import { PRERENDERED_ATTRIBUTE, takesOverPrerender } from './app/prerendered.ts';
import { initI18n } from './i18n/index.ts';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
// The member's first screen's code and data start now, beside the language and the session (decision 0150).
startFirstScreen(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

/**
 * Mounts the app. Over the member sign-in the server sent drawn (decision 0159) it hydrates that
 * markup when it is the one the app would draw now (`takesOverPrerender`); otherwise it draws
 * afresh, replacing whatever the page holds (the boot spinner, or a prerender that does not fit).
 */
function render(container: HTMLElement, i18n: Awaited<ReturnType<typeof initI18n>>) {
  const app = (
    <AppRoot i18n={i18n} queryClient={queryClient} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
  );
  const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (prerendered && takesOverPrerender(prerendered, i18n.language)) {
    hydrateRoot(container, app);
    return;
  }
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  container.removeAttribute('inert');
  createRoot(container).render(app);
}

// The browser's chosen language (its catalogue and font) loads before the first screen shows.
void initI18n().then((i18n) => render(root, i18n));
