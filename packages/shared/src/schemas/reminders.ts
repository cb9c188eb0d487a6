import { z } from 'zod';

import { MSG, PDF_MSG } from '../messages.ts';
import { idSchema } from './common.ts';
import { wardFilterQuerySchema } from './wards.ts';

/**
 * Texts of the WhatsApp reminders capability. `missingTemplateParams` and the
 * 'WhatsApp API Error: {status} - {body}' form are the product's own (`docs/domain.md`, §5
 * "Reminder selection" and §9 "Sending"); the others are this product's, for situations
 * `docs/domain.md` does not cover.
 */
export const REMINDER_MSG = {
  /** `docs/domain.md`, §5 "Reminder selection": a template without a member name or payment link. */
  missingTemplateParams: 'Missing required template parameter values.',
  /**
   * Answer of every send route while the parish has no WhatsApp credentials (503): its own, entered
   * on the Settings page, or the environment's for the home parish (decisions 0130 and 0134).
   */
  notConfigured:
    "WhatsApp is not configured. Enter the parish's WhatsApp phone number id and access token on the Parish Settings page, or set WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID on the server and restart it.",
  /** More members than one immediate send takes; the rest go through "Send to all" (a background job). */
  tooManySelected: 'Select at most 20 members at a time, or use Send to All.',
  /** A member whose mobile is not 10 to 15 digits (`docs/domain.md`, §5 "Phone numbers for WhatsApp"). */
  invalidRecipient: 'The member has no valid WhatsApp number.',
  /** The provider did not answer within the client timeout: it may or may not have sent. */
  timeout: 'WhatsApp did not answer in time; the message may or may not have been sent.',
  /** The webhook's X-Hub-Signature-256 is missing or wrong (`docs/domain.md`, §10 "WhatsApp webhooks"). */
  badSignature: 'Invalid webhook signature',
  /** No member has a pending payment, so "Send to all" has no one to send to. */
  nobodyPending: 'No active member has a pending payment.',
  /** A second "Send to All" while the first is still sending (`docs/domain.md`, "WA-05"). */
  alreadyRunning: 'Reminders to all members are already being sent. Please wait for them to finish.',
} as const;

/**
 * The provider's error text for a non-success answer (`docs/domain.md`, §9 "Sending"): 'WhatsApp
 * API Error: {status} - {body}'.
 */
export function whatsAppApiErrorText(status: number, body: string): string {
  return `WhatsApp API Error: ${status} - ${body}`;
}

/**
 * At most this many members per immediate send (`POST /api/admin/send-reminders`): with the
 * 1 s pause of `docs/domain.md`, §9 "Sending" they finish inside the web client's 30 s request timeout.
 */
export const MAX_IMMEDIATE_REMINDERS = 20;

/** Body of `POST /api/admin/send-reminders` and `POST /api/whatsapp/send-reminders`: 1 to 20 member ids. */
export const sendRemindersBodySchema = z.object({
  memberIds: z
    .array(idSchema, { error: MSG.remindersSelect })
    .min(1, MSG.remindersSelect)
    .max(MAX_IMMEDIATE_REMINDERS, REMINDER_MSG.tooManySelected),
});

/** The body of an immediate send. */
export type SendRemindersBody = z.infer<typeof sendRemindersBodySchema>;

/** The member a reminder result is about. */
export const reminderMemberSchema = z.object({
  id: idSchema,
  name: z.string(),
  mobile: z.string(),
  parishNumber: z.string(),
});

/**
 * The state of one message to one member (outbox `message_deliveries`): queued, sending, then
 * sent (accepted by WhatsApp), delivered / read (from the delivery webhook), failed, or unknown
 * (the outcome could not be known: a timeout or a crash mid-send; never resent automatically).
 */
export const deliveryStatusSchema = z.enum(['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'unknown']);

/** A delivery state. */
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** One member's result of an immediate send (`docs/domain.md`, §7 "Responses named by the specification"). */
export const reminderDetailSchema = z.object({
  member: reminderMemberSchema,
  success: z.boolean(),
  /** The provider's message id (wamid...) when accepted. */
  messageId: z.string().nullable(),
  /** Why it failed: the provider's 'WhatsApp API Error: {status} - {body}' or another reason. */
  error: z.string().nullable(),
  status: deliveryStatusSchema,
});

/**
 * Answer of an immediate send (`docs/domain.md`, §7 "Responses named by the specification"): counts
 * and per-member details, plus the id of the job that groups the deliveries (for the Delivery
 * Status panel).
 */
export const sendRemindersResultSchema = z.object({
  results: z.object({
    successful: z.number().int(),
    failed: z.number().int(),
    details: z.array(reminderDetailSchema),
  }),
  jobId: idSchema,
});

/** The answer of an immediate send. */
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;

/**
 * The query of "send to all" (`POST /api/admin/send-all-reminders`): `wardId` (decision 0136) and
 * `statementFy` (issue 29 item 8, decision 0143): attach the yearly statement of that financial
 * year (`2026-27`, or `current` for the current one in parish time; 1 April to 31 March) to the
 * round; absent, no statement. A year not written so is 400 (field `statementFy`).
 */
export const sendAllRemindersQuerySchema = wardFilterQuerySchema.extend({
  statementFy: z
    .string({ error: PDF_MSG.badFinancialYear })
    .regex(/^(current|20\d\d-\d\d)$/, { error: PDF_MSG.badFinancialYear })
    .optional(),
});

/** The query of "send to all", as parsed. */
export type SendAllRemindersQuery = z.output<typeof sendAllRemindersQuerySchema>;

/**
 * Answer of "send to all": the background job started and how many members it will message;
 * with the statement attached (decision 0143), its financial year and how many statements it sends.
 */
export const sendAllRemindersResultSchema = z.object({
  jobId: idSchema,
  total: z.number().int(),
  statementFy: z.string().optional(),
  statements: z.number().int().optional(),
});

/** The answer of "send to all". */
export type SendAllRemindersResult = z.infer<typeof sendAllRemindersResultSchema>;

/** `GET /api/whatsapp/status`: whether the server can send, never the credentials themselves. */
export const whatsAppStatusSchema = z.object({
  configured: z.boolean(),
  /** The phone number id with all but the last 4 characters masked. */
  phoneNumberId: z.string().optional(),
  apiVersion: z.string(),
  notifyOnAssign: z.boolean(),
  notifyOnPayment: z.boolean(),
  /** Whether the delivery webhook can verify signatures (WHATSAPP_APP_SECRET set). */
  webhookConfigured: z.boolean(),
});

/** The WhatsApp status answer. */
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

/** Body of `POST /api/whatsapp/test`: the number to send the `hello_world` template to (10 to 15 digits). */
export const whatsAppTestBodySchema = z.object({ to: z.string().trim().min(1).max(20) });

/** Answer of `POST /api/whatsapp/test`. */
export const whatsAppTestResultSchema = z.object({ success: z.literal(true), messageId: z.string() });

/** A background reminder job's state (`background_jobs`). */
export const reminderJobSchema = z.object({
  id: idSchema,
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  /** payment (reminder), assignment (new dues notice) or success (payment received). */
  kind: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** A reminder job. */
export type ReminderJob = z.infer<typeof reminderJobSchema>;

/** One member's delivery in the Delivery Status panel. */
export const deliverySchema = z.object({
  id: idSchema,
  jobId: idSchema.nullable(),
  member: reminderMemberSchema,
  kind: z.string(),
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  messageId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  updatedAt: z.string(),
});

/** A delivery row. */
export type Delivery = z.infer<typeof deliverySchema>;

/** Query of `GET /api/admin/reminders/deliveries`: one job (default the latest), up to `limit` rows. */
export const deliveriesQuerySchema = z.object({
  jobId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * Answer of `GET /api/admin/reminders/deliveries`: the job, its counts (successful = sent,
 * delivered or read) and its deliveries, member name order.
 */
export const deliveriesResultSchema = z.object({
  job: reminderJobSchema.nullable(),
  successful: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  unknown: z.number().int(),
  items: z.array(deliverySchema),
});

/** The Delivery Status panel's data. */
export type DeliveriesResult = z.infer<typeof deliveriesResultSchema>;

/** `data` of the `reminders.progress` event (`docs/ARCHITECTURE.md`, "Live updates"). */
export interface RemindersProgressData {
  jobId: string;
  done: number;
  total: number;
  sent: number;
  failed: number;
  unknown: number;
  status: ReminderJob['status'];
}
