import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { ErrorCode, healthErrorSchema, healthOkSchema, MSG } from '@parish/shared';

import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler.ts';

import { checkHealth } from './health.service.ts';

/** Kept here for `app.ts` and the tests, which import the version from the routes file. */

/**
 * `GET /api/health`: `{status:"ok", db:"ok", version, payments, lastBackupAt}`, or 503 with
 * `Retry-After` when the database does not answer: `{success:false, error, code:"UNAVAILABLE",
 * status:"error", db:"error", version, payments}`; `payments` is each gateway's mode (`docs/domain.md`, §10 "Payment
 * mode") for the parish served at the request's host (decision 0134), the environment's elsewhere; `lastBackupAt` the latest backup's time, ISO UTC or null (`docs/deploy.md`, "Backups").
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { roles: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: "Liveness and database check, with each payment gateway's mode (live, sandbox or off).",
        response: {
          200: healthOkSchema,
          503: healthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(request.ctx, request.host);
      if (health.status === 'ok') return health;
      // An outage like any other (issue 27 item 21): the error contract's fields and Retry-After.
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({
        success: false,
        error: `${MSG.genericError} (request ${request.id})`,
        code: ErrorCode.UNAVAILABLE,
        ...health,
      });
    },
  );
}
