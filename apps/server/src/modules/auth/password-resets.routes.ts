import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorBodySchema, idParamsSchema, passwordResetResultSchema, resetMemberPasswordSchema } from '@parish/shared';

import { resetMemberPassword, resetStaffPassword } from './password-resets.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Admin password resets of members and staff (`docs/domain.md`, "Password resets"). Admin only. */
export async function passwordResetsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/members/:id/reset-password',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['members'],
        summary:
          "Resets a member's password: back to the initial one ({to:'initial'}), or to a one-time password shown " +
          "once in the answer ({to:'one-time'}) whose session may only change it. Ends the member's sessions; audited.",
        params: idParamsSchema,
        body: resetMemberPasswordSchema,
        response: { 200: passwordResetResultSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await resetMemberPassword(request.ctx, { memberId: request.params.id, to: request.body.to })),
    }),
  );
  r.post(
    '/api/admin/users/:id/reset-password',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['staff'],
        summary:
          "Resets a staff member's password to a one-time password, shown once in the answer; the account's sessions " +
          'end and its next session may only change the password. Audited.',
        params: idParamsSchema,
        response: { 200: passwordResetResultSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await resetStaffPassword(request.ctx, { userId: request.params.id })),
    }),
  );
}
