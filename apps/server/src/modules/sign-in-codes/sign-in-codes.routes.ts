import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  loginResponseSchema,
  memberCodeRequestSchema,
  memberCodeSentSchema,
  memberCodeVerifySchema,
} from '@parish/shared';

import { setRefreshCookie } from '../../lib/refresh-cookie.ts';
import { sendSignInCode, verifySignInCode } from './sign-in-codes.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/**
 * Sign-in with a code on WhatsApp and forgot password (issue 29 item 1, decision 0138;
 * `docs/domain.md`, "Sign-in with a code on WhatsApp"). Always registered; without the parish's
 * WhatsApp Cloud API both answer 409 `NOT_CONFIGURED`.
 */
export async function signInCodesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  r.post(
    '/api/auth/customer/code',
    {
      config: { roles: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Sends a 6-digit sign-in code (valid 5 minutes, 5 tries) on WhatsApp to the member of a mobile or parish ' +
          'number. The same answer whether or not the member exists; 409 NOT_CONFIGURED without WhatsApp.',
        body: memberCodeRequestSchema,
        response: { 200: memberCodeSentSchema, ...errors },
      },
    },
    async (request) => sendSignInCode(request.ctx, { identifier: request.body.identifier, ip: request.ip }),
  );

  r.post(
    '/api/auth/customer/code/verify',
    {
      config: { roles: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Member sign-in with the code from WhatsApp, answering like the password sign-in (sets the refresh ' +
          'cookie); with newPassword the code also sets a new password (forgot password).',
        body: memberCodeVerifySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const signIn = await verifySignInCode(request.ctx, { ...request.body, ip: request.ip });
      setRefreshCookie(app, reply, signIn.refreshToken);
      return { token: signIn.token, user: signIn.user };
    },
  );
}
