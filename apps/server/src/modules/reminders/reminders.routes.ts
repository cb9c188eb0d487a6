import { Readable } from 'node:stream';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ErrorCode,
  REMINDER_MSG,
  deliveriesQuerySchema,
  deliveriesResultSchema,
  errorBodySchema,
  sendAllRemindersQuerySchema,
  sendAllRemindersResultSchema,
  sendRemindersBodySchema,
  sendRemindersResultSchema,
  successSchema,
  whatsAppStatusSchema,
  whatsAppTestBodySchema,
  whatsAppTestResultSchema,
} from '@parish/shared';

import { runInParish } from '../../db/parish-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorAnswers, jsonRoute } from '../../lib/route-options.ts';
import { drainLane } from './job-runner.ts';
import {
  listDeliveries,
  sendSelectedReminders,
  sendTestMessage,
  startSendAll,
  whatsAppStatus,
} from './reminders.service.ts';
import {
  answerWebhookHandshake,
  applyWebhookReplies,
  applyWebhookStatuses,
  verifiedWebhookParish,
  webhookBodySchema,
  webhookHandshakeSchema,
} from './webhook.ts';

const admin = { roles: ['admin'] as const };
const errors = errorAnswers(400, 401, 403, 404, 409, 503);

/** Largest webhook body read for signature checking (Meta batches up to 1,000 statuses, well below). */
const WEBHOOK_BODY_LIMIT = 1_048_576;

/**
 * The raw bytes of each webhook request, kept for the signature check only (`docs/domain.md`, §10
 * "WhatsApp webhooks": never re-serialise).
 */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
/** The parish each verified WhatsApp webhook belongs to (found from Meta's phone_number_id). */
const webhookParishes = new WeakMap<FastifyRequest, number>();

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > WEBHOOK_BODY_LIMIT) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * WhatsApp reminders (`docs/domain.md`, "§2 Screens": Admin Send Reminders, and "§7 API":
 * Admin and WhatsApp (server)):
 * - `POST /api/admin/send-reminders` and `POST /api/whatsapp/send-reminders` (admin): immediate
 *   send to 1-20 members → `{results: {successful, failed, details[]}, jobId}`;
 * - `POST /api/admin/send-all-reminders` and `POST /api/whatsapp/send-bulk-reminders` (admin): a
 *   background job to every active member with a pending payment (`?wardId=`: of one ward,
 *   decision 0136; `?statementFy=`: with the yearly statement, decision 0143) → 202 `{jobId, total}`;
 * - `GET /api/whatsapp/status`, `POST /api/whatsapp/test` and
 *   `GET /api/admin/reminders/deliveries` (admin);
 * - `GET|POST /api/whatsapp/webhook` (public, for Meta): handshake and signed delivery statuses.
 * Every send route answers 503 'WhatsApp is not configured...' without credentials. Queued jobs
 * and notifications are sent by the sender worker (`src/workers/`), not by these routes; when the
 * app closes, immediate sends in progress stop (the unsent rest stays queued for the worker).
 */
export async function remindersRoutes(app: FastifyInstance): Promise<void> {
  const closing = new AbortController();
  app.addHook('onClose', async () => {
    closing.abort();
    await drainLane(app.deps);
  });
  sendRoutes(app, closing.signal);
  statusRoutes(app);
  webhookRoutes(app);
}

/** The send routes; `signal` aborts immediate sends when the app closes. */
function sendRoutes(app: FastifyInstance, signal: AbortSignal): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/admin/send-reminders', '/api/whatsapp/send-reminders']) {
    r.post(
      url,
      {
        config: admin,
        schema: {
          tags: ['reminders'],
          summary:
            'Sends the payment reminder template to the selected members now (1-20), one by one 1 s apart; per-member results.',
          body: sendRemindersBodySchema,
          response: { 200: sendRemindersResultSchema, ...errors },
        },
      },
      async (request) => sendSelectedReminders(request.ctx, { memberIds: request.body.memberIds, signal }),
    );
  }
  for (const url of ['/api/admin/send-all-reminders', '/api/whatsapp/send-bulk-reminders']) {
    r.post(
      url,
      {
        config: admin,
        schema: {
          tags: ['reminders'],
          summary:
            'Starts a background job sending the payment reminder to every active member with a pending payment; with wardId, only that ward’s members, or none for those without a ward (decision 0136); ' +
            'with statementFy (2026-27, or current in parish time), each of them also gets that financial year’s statement as a WhatsApp document (decision 0143); progress as reminders.progress events.',
          querystring: sendAllRemindersQuerySchema,
          response: { 202: sendAllRemindersResultSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(202).send(await startSendAll(request.ctx, request.query)),
    );
  }
  r.post(
    '/api/whatsapp/test',
    {
      config: admin,
      schema: {
        tags: ['reminders'],
        summary: "Sends Meta's hello_world template to a number (10 to 15 digits).",
        body: whatsAppTestBodySchema,
        response: { 200: whatsAppTestResultSchema, ...errors },
      },
    },
    async (request) => sendTestMessage(request.ctx, { to: request.body.to }),
  );
}

/** The status and Delivery Status panel routes. */
function statusRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = (summary: string) => ({ tag: 'reminders', summary });
  r.get(
    '/api/whatsapp/status',
    jsonRoute(
      admin,
      doc('Whether WhatsApp is configured, the masked phone number id, API version and notification flags.'),
      {},
      whatsAppStatusSchema,
      errors,
    ),
    async (request) => whatsAppStatus(request.ctx),
  );
  r.get(
    '/api/admin/reminders/deliveries',
    jsonRoute(
      admin,
      doc('The Delivery Status panel: a reminder job (default the latest), its counts and per-member states.'),
      { querystring: deliveriesQuerySchema },
      deliveriesResultSchema,
      errors,
    ),
    async (request) => listDeliveries(request.ctx, { jobId: request.query.jobId, limit: request.query.limit }),
  );
}

/** Meta's webhook: the verification handshake and the signed delivery statuses. */
function webhookRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/whatsapp/webhook',
    {
      config: { roles: 'public' },
      // Meta only ever GETs; a HEAD twin could not tell a refused handshake from a guard's 403.
      exposeHeadRoute: false,
      schema: {
        tags: ['reminders'],
        summary:
          "Meta's webhook verification handshake: answers hub.challenge as plain text when hub.verify_token matches WHATSAPP_VERIFY_TOKEN.",
        querystring: webhookHandshakeSchema,
        response: { 200: z.string(), 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await answerWebhookHandshake(request.ctx, request.query)),
  );
  r.post(
    '/api/whatsapp/webhook',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['reminders'],
        summary:
          'Delivery statuses from WhatsApp (sent, delivered, read, failed); X-Hub-Signature-256 checked over the raw body (401 when it does not match).',
        body: webhookBodySchema,
        response: { 200: successSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
      preParsing: async (request, _reply, payload) => {
        const raw = await readAll(payload);
        rawBodies.set(request, raw);
        return Readable.from([raw]);
      },
      preValidation: async (request) => {
        // The parish from Meta's phone_number_id in the body; the signature with that parish's app
        // secret (decision 0130).
        const parishId = await verifiedWebhookParish(request.ctx, {
          body: request.body,
          rawBody: rawBodies.get(request),
          signature: request.headers['x-hub-signature-256'],
        });
        if (parishId === null) throw new AppError(ErrorCode.UNAUTHORIZED, REMINDER_MSG.badSignature);
        webhookParishes.set(request, parishId);
      },
    },
    async (request) =>
      runInParish(webhookParishes.get(request) ?? null, async () => {
        await applyWebhookStatuses(request.ctx, request.body);
        await applyWebhookReplies(request.ctx, request.body);
        return { success: true as const };
      }),
  );
}
