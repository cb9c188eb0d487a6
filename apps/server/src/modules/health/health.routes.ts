import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The version reported by the health check. */
export const APP_VERSION = '0.1.0';

/** `GET /api/health`: `{status:"ok", db:"ok", version}`, or 503 when the database does not answer. */
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
          200: z.object({ status: z.literal('ok'), db: z.literal('ok'), version: z.string() }),
          503: z.object({ status: z.literal('error'), db: z.literal('error'), version: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, db: 'ok' as const, version: APP_VERSION };
      } catch {
        return reply.status(503).send({ status: 'error' as const, db: 'error' as const, version: APP_VERSION });
      }
    },
  );
}
