import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ErrorCode,
  MSG,
  changePasswordSchema,
  errorBodySchema,
  loginResponseSchema,
  memberLoginSchema,
  ROLES,
  sessionUserSchema,
  staffLoginResponseSchema,
  staffLoginSchema,
} from '@parish/shared';

import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../context.ts';
import { COOKIE_PATH, refreshCookieName, setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { changePassword, refreshSession, sessionUserOf, signInMember, signInStaff, signOut } from './auth.service.ts';

export { REFRESH_COOKIE, refreshCookieName, setRefreshCookie } from '../../lib/refresh-cookie.ts';

/** Header the web client sends on cookie-authenticated calls; a cross-site form cannot (`docs/domain.md`, "CS-01"). */
export const CLIENT_HEADER = 'x-requested-with';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/** Refuses cookie-authenticated calls that a cross-site page could have made (`docs/domain.md`, "CS-01"). */
function assertSameSiteCall(app: FastifyInstance, request: FastifyRequest): void {
  const origin = request.headers.origin;
  const sameOrigin =
    !origin || origin === app.config.publicUrl || origin === `${request.protocol}://${request.headers.host ?? ''}`;
  if (!request.headers[CLIENT_HEADER] || !sameOrigin) {
    throw new AppError(ErrorCode.FORBIDDEN, MSG.forbidden);
  }
}

/** Sign-in, session and password routes (`docs/domain.md`, §7 "Routes" and §6 "Sessions"). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginRateLimit = { max: 30, timeWindow: '1 minute' };

  r.post(
    '/api/auth/admin/login',
    {
      config: { roles: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Staff sign-in (admin, cashier or ward leader). Sets the refresh cookie; for an account with two-step sign-in, ' +
          'answers {twoStepRequired, challenge} instead (no session) for POST /api/auth/admin/login/code.',
        body: staffLoginSchema,
        response: { 200: staffLoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signIn = await signInStaff(request.ctx, { ...request.body, ip: request.ip });
      if ('challenge' in signIn) return signIn;
      setRefreshCookie(app, reply, signIn.refreshToken);
      return { token: signIn.token, user: signIn.user };
    },
  );

  r.post(
    '/api/auth/customer/login',
    {
      config: { roles: 'public', rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Member sign-in by mobile (10 or 12 digits) or parish number. Sets the refresh cookie.',
        body: memberLoginSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signIn = await signInMember(request.ctx, { ...request.body, ip: request.ip });
      setRefreshCookie(app, reply, signIn.refreshToken);
      return { token: signIn.token, user: signIn.user };
    },
  );

  r.get(
    '/api/auth/verify',
    {
      config: { roles: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user of the bearer token.',
        response: { 200: z.object({ user: sessionUserSchema }), ...errors },
      },
    },
    async (request) => ({ user: sessionUserOf(actorOf(request.ctx)) }),
  );

  r.post(
    '/api/auth/refresh',
    {
      config: { roles: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'New access token from the refresh cookie; the cookie is rotated. Needs X-Requested-With.',
        response: { 200: z.object({ token: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      assertSameSiteCall(app, request);
      const session = await refreshSession(request.ctx, {
        refreshToken: request.cookies[refreshCookieName(app.config.publicUrl)],
      });
      setRefreshCookie(app, reply, session.refreshToken);
      return { token: session.token };
    },
  );

  r.post(
    '/api/auth/logout',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session: revokes the refresh cookie’s family and clears it. Needs X-Requested-With.',
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      assertSameSiteCall(app, request);
      await signOut(request.ctx, { refreshToken: request.cookies[refreshCookieName(app.config.publicUrl)] });
      reply.clearCookie(refreshCookieName(app.config.publicUrl), {
        path: COOKIE_PATH,
        secure: app.config.publicUrl.startsWith('https:'),
      });
      return { success: true as const };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { roles: ROLES, rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Changes the caller’s password; other sessions end, and a new token is returned.',
        body: changePasswordSchema,
        response: { 200: z.object({ success: z.literal(true), token: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const session = await changePassword(request.ctx, request.body);
      setRefreshCookie(app, reply, session.refreshToken);
      return { success: true as const, token: session.token };
    },
  );
}
