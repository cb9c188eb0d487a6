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
  sendAllRemindersResultSchema,
  sendRemindersBodySchema,
  sendRemindersResultSchema,
  successSchema,
  whatsAppStatusSchema,
  whatsAppTestBodySchema,
  whatsAppTestResultSchema,
} from '@parish/shared';

import { AppError } from '../../lib/app-error.ts';
import type { AppEvent } from '../../lib/events.ts';
import { ReminderJobRunner } from './job-runner.ts';
import {
  listDeliveries,
  queueNotification,
  sendSelectedReminders,
  sendTestMessage,
  startSendAll,
  whatsAppStatus,
} from './reminders.service.ts';
import { applyWebhookStatuses, verifyWebhookSignature, webhookBodySchema } from './webhook.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** Largest webhook body read for signature checking (Meta batches up to 1,000 statuses, well below). */
const WEBHOOK_BODY_LIMIT = 1_048_576;

/** The raw bytes of each webhook request, kept for the signature check only (C.5: never re-serialise). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

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
 * WhatsApp reminders and notifications (issue 7; spec sections 2 "Admin Send Reminders", 7
 * "Admin" and "WhatsApp (server)"; `api-contract.md`; `gateways-and-messaging.md` C):
 * - `POST /api/admin/send-reminders` and `POST /api/whatsapp/send-reminders` (admin): immediate
 *   send to 1-20 members → `{results: {successful, failed, details[]}, jobId}`;
 * - `POST /api/admin/send-all-reminders` and `POST /api/whatsapp/send-bulk-reminders` (admin): a
 *   background job to every active member with a pending payment → 202 `{jobId, total}`;
 * - `GET /api/whatsapp/status`, `POST /api/whatsapp/test` and
 *   `GET /api/admin/reminders/deliveries` (admin);
 * - `GET|POST /api/whatsapp/webhook` (public, for Meta): handshake and signed delivery statuses.
 * Every send route answers 503 'WhatsApp is not configured...' without credentials.
 * The background runner starts when the app is ready (unless WHATSAPP_WORKER=false) and stops
 * when it closes; with WHATSAPP_NOTIFY_ON_ASSIGN / _ON_PAYMENT it listens to `head.updated` and
 * `payment.updated` events.
 */
export async function remindersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { roles: ['admin'] as const };
  const settings = app.config.whatsapp;
  const runner = settings.configured ? new ReminderJobRunner(app.db, app.config, app.events, app.log) : null;
  const pending = new Set<Promise<unknown>>();
  let unsubscribe: (() => void) | null = null;

  function track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => app.log.error({ err: error }, 'whatsapp notification failed'));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  }

  function onEvent(event: AppEvent): void {
    if (!runner || runner.stopped) return;
    const data = event.data ?? {};
    if (event.type === 'head.updated' && settings.notifyOnAssign) {
      const ids = Array.isArray(data.assignedMemberIds) ? data.assignedMemberIds.map(String) : [];
      const headId = typeof data.paymentHeadId === 'string' ? data.paymentHeadId : undefined;
      if (ids.length > 0 && headId) track(queueNotification(app, runner, 'assignment', ids, headId));
    }
    if (
      event.type === 'payment.updated' &&
      settings.notifyOnPayment &&
      event.memberId &&
      data.status === 'paid' &&
      (data.via === 'worldline' || data.via === 'razorpay')
    ) {
      track(queueNotification(app, runner, 'success', [event.memberId]));
    }
  }

  app.addHook('onReady', async () => {
    if (!runner) return;
    if (settings.notifyOnAssign || settings.notifyOnPayment) unsubscribe = app.events.subscribe(onEvent);
    if (settings.worker) runner.start();
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    await Promise.allSettled([...pending]);
    await runner?.stop();
  });

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
      async (request) => sendSelectedReminders(app, runner, request, request.body.memberIds),
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
            'Starts a background job sending the payment reminder to every active member with a pending payment; progress as reminders.progress events.',
          response: { 202: sendAllRemindersResultSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(202).send(await startSendAll(app, runner, request)),
    );
  }
  r.get(
    '/api/whatsapp/status',
    {
      config: admin,
      schema: {
        tags: ['reminders'],
        summary: 'Whether WhatsApp is configured, the masked phone number id, API version and notification flags.',
        response: { 200: whatsAppStatusSchema, ...errors },
      },
    },
    async () => whatsAppStatus(app.config),
  );
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
    async (request) => sendTestMessage(app, runner, request, request.body.to),
  );
  r.get(
    '/api/admin/reminders/deliveries',
    {
      config: admin,
      schema: {
        tags: ['reminders'],
        summary: 'The Delivery Status panel: a reminder job (default the latest), its counts and per-member states.',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveriesResultSchema, ...errors },
      },
    },
    async (request) => listDeliveries(app.db, request.query.jobId, request.query.limit),
  );

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
        querystring: z.object({
          'hub.mode': z.string().max(50).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
        response: { 200: z.string(), 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { verifyToken } = settings;
      const query = request.query;
      if (
        !verifyToken ||
        query['hub.mode'] !== 'subscribe' ||
        query['hub.verify_token'] !== verifyToken ||
        query['hub.challenge'] === undefined
      ) {
        throw new AppError(ErrorCode.FORBIDDEN, 'Webhook verification failed');
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
    },
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
        const signature = request.headers['x-hub-signature-256'];
        if (!verifyWebhookSignature(rawBodies.get(request), signature, settings.appSecret)) {
          throw new AppError(ErrorCode.UNAUTHORIZED, REMINDER_MSG.badSignature);
        }
      },
    },
    async (request) => {
      await applyWebhookStatuses(app.db, request.body);
      return { success: true as const };
    },
  );
}
