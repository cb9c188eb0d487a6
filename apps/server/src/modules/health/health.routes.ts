import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { checkHealth } from './health.service.ts';

/** Kept here for `app.ts` and the tests, which import the version from the routes file. */

const paymentModesSchema = z.object({
  worldline: z.enum(['live', 'sandbox', 'off']),
  razorpay: z.enum(['live', 'sandbox', 'off']),
});

/**
 * `GET /api/health`: `{status:"ok", db:"ok", version, payments}`, or 503 when the database does not
 * answer; `payments` is each gateway's mode (`docs/domain.md`, §10 "Payment mode").
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
          200: z.object({
            status: z.literal('ok'),
            db: z.literal('ok'),
            version: z.string(),
            payments: paymentModesSchema,
          }),
          503: z.object({
            status: z.literal('error'),
            db: z.literal('error'),
            version: z.string(),
            payments: paymentModesSchema,
          }),
        },
      },
    },
    async (request, reply) => {
      const health = await checkHealth(request.ctx);
      return health.status === 'ok' ? health : reply.status(503).send(health);
    },
  );
}
