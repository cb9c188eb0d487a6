import '@testing-library/jest-dom/vitest';

import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { initI18n, loadStaffCatalogue } from '../i18n/index.ts';
import { server } from './msw.ts';

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): the suite shares two cores with
// the server's PGlite tests, and a dialog's first render can take longer than a second there.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Set-up of the `web-dom` project (vitest.config.ts), run before each render test file in jsdom:
 * what jsdom lacks and Mantine needs (Mantine's Vitest guide: `matchMedia`, `ResizeObserver`,
 * `scrollIntoView`; and `document.fonts`, which an autosized Textarea listens to), the English catalogue with the staff texts, and the MSW server (msw.ts),
 * which refuses any call a test did not answer. After each test the screen is unmounted, the
 * notifications shown are dropped, so are the handlers a test added, and the browser storage is
 * emptied.
 */

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList,
});

class NoResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await initI18n();
  await loadStaffCatalogue();
});

afterEach(() => {
  cleanup();
  notifications.clean();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});

afterAll(() => {
  server.close();
});
