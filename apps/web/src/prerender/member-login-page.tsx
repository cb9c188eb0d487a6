import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';

import { AppRoot } from '../app/app-root.tsx';
import { loadMemberLogin } from '../app/first-screen.ts';
import { initI18n } from '../i18n/index.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** A `Storage` holding nothing, for the render in Node (no session, no saved language). */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * The member sign-in's markup as the app draws it at `/customer/login` for a first visit: English,
 * no session, no payment link, the parish's settings not yet read (decision 0159; issue 31 item 1).
 * Run by the web build in Node (`prerender-plugin.ts`) after the browser's bundle is written; the
 * result goes into `#root` of `dist/member-login.html`, which the server sends for
 * `/customer/login`, and main.tsx hydrates it (`app/prerendered.ts` says when). The tree is main.tsx's
 * own (`AppRoot`), with a static router, so React finds the same markup when it hydrates.
 * @returns the HTML of `#root`'s content (no document around it, no script)
 */
export async function prerenderMemberLogin(): Promise<string> {
  const scope = globalThis as { localStorage?: Storage; sessionStorage?: Storage };
  scope.localStorage ??= emptyStorage();
  scope.sessionStorage ??= emptyStorage();
  const i18n = await initI18n();
  await loadMemberLogin();
  const { prelude } = await prerender(
    <AppRoot
      i18n={i18n}
      queryClient={createQueryClient()}
      router={(routes) => <StaticRouter location="/customer/login">{routes}</StaticRouter>}
    />,
  );
  return new Response(prelude).text();
}
