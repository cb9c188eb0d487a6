import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { checkHealth } from './health.service.ts';

/** Kept here for `app.ts` and the tests, which import the version from the routes file. */

/** `GET /api/health`: `{status:"ok", db:"ok", version, lastBackupAt}` (ISO UTC or null), or 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    {
      config: { roles: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check.',
        response: {
          200: z.object({
            status: z.literal('ok'),
            db: z.literal('ok'),
            version: z.string(),
            lastBackupAt: z.string().nullable(),
          }),
          503: z.object({ status: z.literal('error'), db: z.literal('error'), version: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(request.ctx);
      return health.status === 'ok' ? health : reply.status(503).send(health);
    },
  );
}
