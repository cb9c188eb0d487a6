import type { ServerResponse } from 'node:http';

import { errorBodySchema, eventTicketSchema, subscribeQuerySchema } from '@parish/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { openEventStream } from './event-stream.ts';
import { issueTicket, redeemTicket } from './event-tickets.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Live updates (`docs/domain.md`, "§7 API"; `docs/ARCHITECTURE.md`, "Live updates"):
 * - `POST /api/events/ticket` (admin, cashier, customer) exchanges the bearer token for a 30-second
 *   single-use ticket, so the access token never appears in a URL;
 * - `GET /api/subscribe?ticket=…` redeems it and streams server-sent events (`text/event-stream`,
 *   see `openEventStream`) of each change the caller may see. Streams end cleanly when the app closes.
 * Between server processes on PostgreSQL, events travel by the event relay worker
 * (`src/workers/event-relay.ts`), not by this module.
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();

  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

  r.post(
    '/api/events/ticket',
    {
      config: { roles: ['admin', 'cashier', 'customer'] },
      schema: {
        tags: ['events'],
        summary: 'A single-use ticket (valid 30 s) for GET /api/subscribe, issued to the signed-in caller.',
        response: { 200: eventTicketSchema, ...errors },
      },
    },
    async (request) => issueTicket(request.ctx),
  );

  r.get(
    '/api/subscribe',
    {
      // Public at the router: the single-use ticket in the query is the credential.
      config: { roles: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events (text/event-stream) of payment.updated, member.updated, head.updated, import.progress and reminders.progress for the ticket holder; 401 for an unknown, used or expired ticket.',
        querystring: subscribeQuerySchema,
        produces: ['text/event-stream'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const subject = await redeemTicket(request.ctx, { ticket: request.query.ticket });
      reply.hijack();
      const response = reply.raw;
      const stopStream = openEventStream(request.ctx, { subject, response });
      open.add(response);
      const stop = () => {
        stopStream();
        open.delete(response);
      };
      response.on('close', stop);
      request.raw.on('close', stop);
    },
  );
}
