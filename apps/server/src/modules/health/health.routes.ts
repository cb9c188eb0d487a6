import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { healthErrorSchema, healthOkSchema } from '@parish/shared';

import { checkHealth } from './health.service.ts';

/** Kept here for `app.ts` and the tests, which import the version from the routes file. */

/**
 * `GET /api/health`: `{status:"ok", db:"ok", version, payments, lastBackupAt}`, or 503 when the
 * database does not answer; `payments` is each gateway's mode (`docs/domain.md`, §10 "Payment
 * mode"); `lastBackupAt` the latest backup's time, ISO UTC or null (`docs/deploy.md`, "Backups").
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
      const health = await checkHealth(request.ctx);
      return health.status === 'ok' ? health : reply.status(503).send(health);
    },
  );
}
