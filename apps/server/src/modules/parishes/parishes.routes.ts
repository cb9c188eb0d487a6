import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { ErrorCode, MSG } from '@parish/shared';

import { errorAnswers } from '../../lib/route-options.ts';
import { MAX_HOST_LENGTH, normalizeHost, tlsAllowed } from './parish-hosts.ts';
import { TLS_ASK_PATH } from './request-parish.ts';

/** The ask's query: Caddy's `domain` (a bare host name); longer than a DNS name is a 400. */
const tlsAskQuerySchema = z.object({
  domain: z
    .string()
    .min(1)
    .max(MAX_HOST_LENGTH + 1),
});

/**
 * `GET /api/tls/ask?domain=<host>` (public): Caddy's on-demand TLS ask (`docs/deploy.md`, "One
 * server for a diocese"; decision 0125). Caddy gets a certificate for a host only when this answers
 * 2xx: 200 `{ host }` for a registered parish host (or, while none is registered and there is one
 * parish, the host of PUBLIC_URL); 404 `NOT_FOUND` for any other name, an odd one included; 400
 * `VALIDATION_FAILED` without `domain` or with one over 254 characters. Answers whatever the request's
 * own host (the parish hook lets it through) and under the app's general rate limit.
 */
export async function parishesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    TLS_ASK_PATH,
    {
      config: { roles: 'public' },
      schema: {
        tags: ['parishes'],
        summary:
          "Caddy's on-demand TLS ask: 200 when the domain is a parish's registered host (a certificate may be got for it), else 404.",
        querystring: tlsAskQuerySchema,
        response: { 200: z.object({ host: z.string() }), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const { domain } = request.query;
      const host = normalizeHost(domain);
      if (
        host !== null &&
        (host === request.ctx.config.dioceseHost ||
          (await tlsAllowed(request.ctx.db, host, request.ctx.config.publicUrl)))
      )
        return { host };
      return reply.status(404).send({ success: false, error: MSG.notFound, code: ErrorCode.NOT_FOUND });
    },
  );
}
