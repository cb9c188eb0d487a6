import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The longest a refresh family (one sign-in) lasts: 30 days (`modules/auth/refresh-tokens.ts`);
 * the refresh cookie lives as long. Here, below the modules, so that every module's routes can set
 * the cookie (decision 0138 moved the cookie helpers out of `auth.routes.ts`).
 */
export const REFRESH_FAMILY_MS = 30 * 24 * 60 * 60 * 1000;

/** Name of the httpOnly refresh cookie; scoped to the auth routes. */
export const REFRESH_COOKIE = 'parish_refresh';

/**
 * The refresh cookie's name under a public URL: `__Secure-parish_refresh` on https (the browser
 * then accepts it only with `Secure` from a secure origin; `__Host-` would need `Path=/`, and the
 * cookie is scoped to `/api/auth`), `parish_refresh` on plain http (a parish LAN).
 */
export function refreshCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE;
}
/** The refresh cookie's path: the auth routes only. */
export const COOKIE_PATH = '/api/auth';

/**
 * Sets the httpOnly refresh cookie of a new or renewed session (SameSite strict, `Secure` on an
 * https public URL, path `/api/auth`, lifetime of the refresh family).
 */
export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(refreshCookieName(app.config.publicUrl), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https:'),
    path: COOKIE_PATH,
    maxAge: Math.floor(REFRESH_FAMILY_MS / 1000),
  });
}
