import type { SessionUser } from '@parish/shared';

/** Local storage keys of the session (`docs/domain.md`, §3 "Browser-side state"). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
/**
 * Session storage key set by the staff sign-in and read once by the admin's landing, which is the
 * new parish checklist while it is open (decision 0132).
 */
export const JUST_SIGNED_IN_KEY = 'justSignedIn';
/** Session storage key of the mobile number from a payment reminder link. */
export const PAYMENT_LINK_MOBILE_KEY = 'paymentLinkMobile';

/** The stored access token, or null. */
export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The stored user, or null when absent or unreadable. */
export function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Stores the token (and the user when given). */
export function writeSession(token: string, user?: SessionUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Removes the token and user from local storage. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
