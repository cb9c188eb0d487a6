import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  idParamsSchema,
  loginResponseSchema,
  STAFF_ROLES,
  successSchema,
  twoStepCodeSchema,
  twoStepEnabledSchema,
  twoStepSetupSchema,
  twoStepSignInSchema,
  twoStepStatusSchema,
} from '@parish/shared';

import { setRefreshCookie } from './auth.routes.ts';
import { signInStaffWithCode } from './auth.service.ts';
import { disableTwoStep, enableTwoStep, resetTwoStep, startTwoStepSetup, twoStepStatus } from './two-step.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const STAFF = STAFF_ROLES;
/** Code guesses: the sign-in routes' rate (the database throttle counts them too). */
const codeRateLimit = { max: 30, timeWindow: '1 minute' };

/**
 * Two-step sign-in for staff (`docs/domain.md`, "Two-step sign-in for staff";
 * `docs/decisions/0051-staff-two-step-sign-in-with-totp.md`): the sign-in's second step, the
 * caller's own setup, and an admin's reset of another account's second factor.
 */
export async function twoStepRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/admin/login/code',
    {
      config: { roles: 'public', rateLimit: codeRateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Second step of a staff sign-in: the challenge and a 6-digit authenticator code or a recovery code. ' +
          'Sets the refresh cookie. Wrong codes count as failed sign-ins.',
        body: twoStepSignInSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signIn = await signInStaffWithCode(request.ctx, { ...request.body, ip: request.ip });
      setRefreshCookie(app, reply, signIn.refreshToken);
      return { token: signIn.token, user: signIn.user };
    },
  );

  r.get(
    '/api/auth/two-step',
    {
      config: { roles: STAFF },
      schema: {
        tags: ['auth'],
        summary: "The caller's two-step sign-in: enabled, required of them (STAFF_MFA), recovery codes left.",
        response: { 200: twoStepStatusSchema, ...errors },
      },
    },
    async (request) => twoStepStatus(request.ctx),
  );
  r.post(
    '/api/auth/two-step/setup',
    {
      config: { roles: STAFF, rateLimit: codeRateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Starts a setup: a new secret as an otpauth:// URI, an SVG QR code (data URL) and the base32 key. ' +
          'Not active until confirmed with a code; 409 when already on.',
        response: { 200: twoStepSetupSchema, ...errors },
      },
    },
    async (request) => startTwoStepSetup(request.ctx),
  );
  r.post(
    '/api/auth/two-step/enable',
    {
      config: { roles: STAFF, rateLimit: codeRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Confirms the setup with a current code; answers ten recovery codes, shown this once. Audited.',
        body: twoStepCodeSchema,
        response: { 200: twoStepEnabledSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await enableTwoStep(request.ctx, request.body)) }),
  );
  r.post(
    '/api/auth/two-step/disable',
    {
      config: { roles: STAFF, rateLimit: codeRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Turns two-step sign-in off with a current code or a recovery code. Audited.',
        body: twoStepCodeSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await disableTwoStep(request.ctx, request.body);
      return { success: true as const };
    },
  );
  r.post(
    '/api/admin/users/:id/reset-two-step',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['staff'],
        summary:
          "Removes a staff member's second factor (a lost phone): they sign in with the password and may set it " +
          'up again. Audited; 409 when the account has none.',
        params: idParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await resetTwoStep(request.ctx, { userId: request.params.id });
      return { success: true as const };
    },
  );
}
