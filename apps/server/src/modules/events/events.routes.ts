import type { ServerResponse } from 'node:http';

import { errorBodySchema, eventTicketSchema, subscribeQuerySchema } from '@parish/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { actorOf } from '../../plugins/auth.ts';
import { eventFor, sseFrame } from './event-routing.ts';
import { issueTicket, redeemTicket } from './event-tickets.ts';
import { startPgRelay } from './pg-relay.ts';

/** Comment line sent on an idle stream so proxies and browsers keep it open (issue 6: every 20 s). */
export const HEARTBEAT_MS = 20_000;

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * Live updates (`api-contract.md`, "Other"; issue 6):
 * - `POST /api/events/ticket` (admin, cashier, customer) exchanges the bearer token for a 30-second
 *   single-use ticket, so the access token never appears in a URL;
 * - `GET /api/subscribe?ticket=…` redeems it and streams server-sent events (`text/event-stream`):
 *   `event: <type>` + `data: {"type","memberId"?,"data"?}` for each change the caller may see
 *   (see `eventFor`), and a `: heartbeat` comment every 20 s. Streams end cleanly when the app closes.
 * - On PostgreSQL, events reach every server process through LISTEN/NOTIFY (`startPgRelay`).
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<ServerResponse>();

  if (app.database.kind === 'postgres' && app.database.pool) {
    const pool = app.database.pool;
    app.addHook('onReady', async () => startPgRelay(app, pool));
  }
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
    async (request) => issueTicket(app.db, actorOf(request), app.clock.now()),
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
      const subject = await redeemTicket(app.db, request.query.ticket, app.clock.now());
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write(': connected\n\n');
      open.add(res);
      const unsubscribe = app.events.subscribe((event) => {
        const visible = eventFor(subject, event);
        if (visible) res.write(sseFrame(visible));
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      res.on('close', stop);
      request.raw.on('close', stop);
    },
  );
}
