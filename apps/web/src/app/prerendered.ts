import { readToken } from '../lib/storage.ts';

/**
 * The attribute of `#root` naming the screen the server sent drawn (decision 0159): the build's
 * prerender of the member sign-in sets it to {@link PRERENDERED_MEMBER_LOGIN}.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** {@link PRERENDERED_ATTRIBUTE}'s value on the member sign-in's page (`dist/member-login.html`). */
export const PRERENDERED_MEMBER_LOGIN = 'member-login';

/**
 * Hands the screen over to the app once React has hydrated it (decision 0159): the prerendered
 * page holds `#root` `inert` (drawn, but neither focusable nor clickable), since what a member
 * typed before hydration would stay on the screen yet not in React's state (React keeps an input's
 * value when it hydrates, and does not report it), and Login would then say the number is
 * missing. Removes `inert` and {@link PRERENDERED_ATTRIBUTE}; does nothing on a page drawn afresh.
 * Called from the sign-in's effect, which runs once its part of the page is hydrated.
 */
export function releasePrerender(): void {
  const root = document.getElementById('root');
  root?.removeAttribute('inert');
  root?.removeAttribute(PRERENDERED_ATTRIBUTE);
}

/**
 * Whether the app can hydrate the screen the server sent drawn (decision 0159) rather than draw
 * afresh: only the member sign-in as the build drew it, that is at `/customer/login` with no query
 * (a payment link's `mobile`, `code` or `type` change the screen; the server sends the drawn page
 * only without a query), in English (the prerender's language; a browser that chose another draws
 * it in that one), and with no session stored (a signed-in visitor is shown the spinner, then
 * their dashboard). Anything else would not match the markup, and React would throw it away with
 * an error in the console: drawing afresh is the same result without the error.
 * @param prerendered the value of {@link PRERENDERED_ATTRIBUTE} on `#root`
 * @param language the app's language now (`i18n.language`)
 * @param location the browser's address (default `window.location`)
 */
export function takesOverPrerender(
  prerendered: string,
  language: string,
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): boolean {
  let signedIn: boolean;
  try {
    signedIn = readToken() !== null;
  } catch {
    signedIn = false;
  }
  return (
    prerendered === PRERENDERED_MEMBER_LOGIN &&
    location.pathname === '/customer/login' &&
    location.search === '' &&
    language === 'en' &&
    !signedIn
  );
}
