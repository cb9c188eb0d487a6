import { createHmac, timingSafeEqual } from 'node:crypto';

import { sql } from 'drizzle-orm';
import { z } from 'zod';

import { ErrorCode } from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { lockDataVersions } from '../../db/data-versions.ts';
import { runInParish } from '../../db/parish-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  HOME_PARISH_ID,
  parishInProgress,
  parishOfCredential,
  parishWhatsAppConfig,
} from '../settings/parish-credentials.ts';

/**
 * Checks `X-Hub-Signature-256: sha256=<hex>` against HMAC-SHA256 of the raw request bytes with
 * the App Secret (`docs/domain.md`, §10 "WhatsApp webhooks" and "WA-06"), in constant time.
 * @returns false when the secret, the header or the body is missing, or the digest differs.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | undefined,
  header: string | string[] | undefined,
  appSecret: string | undefined,
): boolean {
  if (!appSecret || !rawBody || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The query of Meta's webhook verification handshake. */
export const webhookHandshakeSchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/**
 * Meta's webhook verification handshake (`GET /api/whatsapp/webhook`): the challenge to echo
 * when the mode is `subscribe` and the token is the request's parish's verify token (its own,
 * decision 0130; for the home parish without one, WHATSAPP_VERIFY_TOKEN).
 * @returns `hub.challenge`, to answer as plain text
 * @throws AppError 403 'Webhook verification failed' otherwise, or when no verify token is set
 */
export async function answerWebhookHandshake(
  ctx: ServiceContext,
  query: z.infer<typeof webhookHandshakeSchema>,
): Promise<string> {
  // The handshake carries no data: the parish is the request's (its host), with its own verify token.
  const { verifyToken } = await parishWhatsAppConfig(ctx, parishInProgress());
  const challenge = query['hub.challenge'];
  if (
    !verifyToken ||
    query['hub.mode'] !== 'subscribe' ||
    query['hub.verify_token'] !== verifyToken ||
    challenge === undefined
  ) {
    throw new AppError(ErrorCode.FORBIDDEN, 'Webhook verification failed');
  }
  return challenge;
}

/** One status of the `messages` webhook field (`docs/domain.md`, §10 "WhatsApp webhooks"). */
const statusSchema = z.object({
  id: z.string().min(1).max(300),
  status: z.string().max(40),
  timestamp: z.string().max(40).optional(),
  recipient_id: z.string().max(40).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }))
    .optional(),
});

/**
 * The webhook envelope (`docs/domain.md`, §10 "WhatsApp webhooks"), loosely: only
 * `entry[].changes[].value.statuses[]` is read; inbound messages and unknown fields are accepted
 * and ignored.
 */
/** A member's message to the business number (only text replies matter here: STOP and START). */
const incomingMessageSchema = z.looseObject({
  from: z.string().max(40),
  id: z.string().max(300),
  type: z.string().max(40).optional(),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
});

export const webhookBodySchema = z
  .object({
    object: z.string().optional(),
    entry: z
      .array(
        z.looseObject({
          changes: z
            .array(
              z.looseObject({
                field: z.string().optional(),
                value: z
                  .looseObject({
                    statuses: z.array(statusSchema).optional(),
                    messages: z.array(incomingMessageSchema).optional(),
                  })
                  .optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
  })
  .loose();

/** A parsed webhook body. */
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/**
 * The parish a WhatsApp webhook belongs to (issue 28 item 4, decision 0130), from Meta's own
 * `entry[].changes[].value.metadata.phone_number_id`, never from anything the caller chooses (query,
 * header, host): the parish whose phone number id it is (`parish_credentials`), else the home parish
 * when it is WHATSAPP_PHONE_NUMBER_ID or the body names no number (Meta's test calls). The
 * signature is then checked with THAT parish's app secret.
 * @param body the parsed JSON, neither verified nor validated yet; only the phone number ids are read from it
 * @returns the parish id, or null when the body names numbers of more than one parish, or a number
 *   no parish has (the webhook is then refused)
 */
export async function whatsAppWebhookParish(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  body: unknown,
): Promise<number | null> {
  // Read before the body's validation (the signature comes first): any JSON may arrive here.
  const numbers = new Set<string>();
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const field = (value: unknown, name: string): unknown =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
  for (const entry of list(field(body, 'entry'))) {
    for (const change of list(field(entry, 'changes'))) {
      const id = field(field(field(change, 'value'), 'metadata'), 'phone_number_id');
      if (typeof id === 'string' && id.length <= 100) numbers.add(id);
    }
  }
  if (numbers.size === 0) return HOME_PARISH_ID;
  const parishes = new Set<number | null>();
  for (const number of numbers) {
    const parishId = await parishOfCredential(ctx.db, 'whatsappPhoneNumberId', number);
    parishes.add(parishId ?? (number === ctx.config.whatsapp.phoneNumberId ? HOME_PARISH_ID : null));
  }
  const [only] = [...parishes];
  return parishes.size === 1 && only !== undefined ? only : null;
}

/**
 * The parish of a WhatsApp webhook whose signature verifies (decision 0130): the parish found by
 * {@link whatsAppWebhookParish}, when `X-Hub-Signature-256` is the HMAC of the raw body with THAT
 * parish's app secret ({@link verifyWebhookSignature}).
 * @returns the parish id, or null when no parish is found or the signature does not verify (401)
 */
export async function verifiedWebhookParish(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  input: { body: unknown; rawBody: Buffer | undefined; signature: string | string[] | undefined },
): Promise<number | null> {
  const parishId = await whatsAppWebhookParish(ctx, input.body);
  if (parishId === null) return null;
  // Read in that parish: its row-level policy shows only its own credentials.
  const { appSecret } = await runInParish(parishId, () => parishWhatsAppConfig(ctx, parishId));
  return verifyWebhookSignature(input.rawBody, input.signature, appSecret) ? parishId : null;
}

/** Rank of each delivery state: a status only ever moves a delivery forward (statuses arrive out of order). */
const RANK: Record<string, number> = { queued: 0, sending: 0, unknown: 0, sent: 1, failed: 1.5, delivered: 2, read: 3 };

/**
 * Applies the statuses of a verified webhook (`docs/domain.md`, §10 "WhatsApp webhooks" and
 * "WA-06") to `message_deliveries`: found by the message id, or by our delivery id echoed in
 * `biz_opaque_callback_data` (which also settles a row left `unknown` by a timeout). Each (message
 * id, status) is handled once, deduplicated in `gateway_events` (provider `whatsapp`), and a status
 * never moves a delivery backwards: `delivered` after `read` and `failed` after `delivered` change
 * nothing.
 * @returns how many deliveries changed.
 */
export async function applyWebhookStatuses(ctx: ServiceContext, body: WebhookBody): Promise<number> {
  const { db } = ctx;
  let changed = 0;
  const statuses = (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => change.value?.statuses ?? []),
  );
  for (const status of statuses) {
    if (!['sent', 'delivered', 'read', 'failed'].includes(status.status)) continue;
    const eventId = `${status.id}:${status.status}`;
    const updated = await db.transaction(async (tx) => {
      const inserted = (await tx.execute(
        sql`INSERT INTO gateway_events (provider, event_id, payload)
            VALUES ('whatsapp', ${eventId}, ${JSON.stringify(status)}::jsonb)
            ON CONFLICT DO NOTHING RETURNING event_id`,
      )) as unknown as { rows: unknown[] };
      if (inserted.rows.length === 0) return 0;
      const error = status.errors?.[0];
      const deliveryId = status.biz_opaque_callback_data;
      const byId = deliveryId && /^[0-9a-f-]{36}$/i.test(deliveryId) ? deliveryId : null;
      const allowedFrom = Object.entries(RANK)
        .filter(([, rank]) => rank < (RANK[status.status] ?? 0))
        .map(([name]) => name);
      const result = (await tx.execute(
        sql`UPDATE message_deliveries
               SET status = ${status.status},
                   message_id = coalesce(message_id, ${status.id}),
                   error_code = CASE WHEN ${status.status} = 'failed' THEN ${error?.code !== undefined ? String(error.code) : null} ELSE error_code END,
                   error_message = CASE WHEN ${status.status} = 'failed'
                                        THEN ${error ? (error.message ?? error.title ?? null) : null} ELSE error_message END,
                   sent_at = CASE WHEN ${status.status} = 'failed' THEN sent_at ELSE coalesce(sent_at, now()) END,
                   updated_at = now()
             WHERE (message_id = ${status.id} OR (${byId}::uuid IS NOT NULL AND id = ${byId}::uuid))
               AND status IN (SELECT unnest(${`{${allowedFrom.join(',')}}`}::text[]))
         RETURNING id`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length;
    });
    changed += updated;
  }
  return changed;
}

/** Replies that opt a member out of, or back into, WhatsApp messages (trimmed, any case). */
const OPT_OUT_WORDS = new Set(['stop', 'unsubscribe']);
const OPT_IN_WORDS = new Set(['start']);

/**
 * Applies members' STOP and START replies from a verified webhook (`docs/domain.md`, §9 "Opting
 * out"): the active member whose mobile is the sender's number (digits, country code first) is
 * opted out (STOP, UNSUBSCRIBE) or back in (START), audited `member.whatsapp_opt_out` via
 * `webhook` in the same transaction. A STOP is also the withdrawal of the member's consent
 * (decision 0138): its time is recorded as `whatsapp_consent_withdrawn_at` (the clock's, UTC), which
 * staff see beside the consent; START leaves the consent record as it was. Each message id is handled once (`gateway_events`). Other
 * messages are ignored.
 * @returns how many members changed.
 */
export async function applyWebhookReplies(ctx: ServiceContext, body: WebhookBody): Promise<number> {
  let changed = 0;
  const messages = (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) => change.value?.messages ?? []),
  );
  for (const message of messages) {
    const word = message.text?.body.trim().toLowerCase() ?? '';
    const optOut = OPT_OUT_WORDS.has(word) ? true : OPT_IN_WORDS.has(word) ? false : null;
    if (optOut === null) continue;
    changed += await ctx.db.transaction(async (tx) => {
      const inserted = (await tx.execute(
        sql`INSERT INTO gateway_events (provider, event_id, payload)
            VALUES ('whatsapp', ${`message:${message.id}`}, ${JSON.stringify({ from: message.from, word })}::jsonb)
            ON CONFLICT DO NOTHING RETURNING event_id`,
      )) as unknown as { rows: unknown[] };
      if (inserted.rows.length === 0) return 0;
      // The opt-out is on the member list: its version row first (`db/data-versions.ts`).
      await lockDataVersions(tx, ['members']);
      const updated = (await tx.execute(
        sql`UPDATE members SET whatsapp_opt_out = ${optOut}, updated_at = now(),
                whatsapp_consent_withdrawn_at = CASE WHEN ${optOut}::boolean THEN ${ctx.clock.now().toISOString()}::timestamptz
                                                     ELSE whatsapp_consent_withdrawn_at END
             WHERE is_active AND mobile = ${message.from.replace(/\D/g, '')} AND whatsapp_opt_out <> ${optOut}
         RETURNING id`,
      )) as unknown as { rows: { id: string }[] };
      for (const row of updated.rows) {
        await recordAudit(tx, ctx.audit, {
          action: 'member.whatsapp_opt_out',
          entityType: 'member',
          entityId: row.id,
          before: { optOut: !optOut },
          after: { optOut, via: 'webhook' },
        });
      }
      return updated.rows.length;
    });
  }
  return changed;
}
