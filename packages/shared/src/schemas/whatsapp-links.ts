import { z } from 'zod';

import { LANGUAGES } from '../languages.ts';
import { rupeesOutputSchema } from '../money-schemas.ts';

import { idSchema } from './common.ts';
import { oneWardQuerySchema } from './wards.ts';

/**
 * Texts of WhatsApp without the Cloud API and of the payment links that open without a password
 * (`docs/domain.md`, §9 "Payment links without a password", "WhatsApp without the Cloud API",
 * "Opting out" and "Scheduled reminders"). The product's own: the specification does not word them.
 */
export const PAY_LINK_MSG = {
  /** A tampered, revoked or unknown link: the web app sends the member to sign in instead. */
  invalid: 'This payment link is not valid. Please sign in to pay.',
  /** An authentic link past its expiry. */
  expired: 'This payment link has expired. Please sign in to pay.',
  /** The admin switched payment links off for the parish. */
  off: 'Payment links are switched off for this parish. Please sign in to pay.',
  /** A WhatsApp message asked for a member who opted out. */
  optedOut: 'This member has opted out of WhatsApp messages.',
  /** A walk-through round when nobody has pending dues (or everyone opted out). */
  nobodyToRemind: 'No active member with pending dues can be reminded on WhatsApp.',
} as const;

/** Days a payment link stays valid unless PAY_LINK_DAYS says otherwise (`docs/domain.md`, §9 "Payment links without a password"). */
export const DEFAULT_PAY_LINK_DAYS = 14;

/** Path parameters of a payment link: the member's mobile (as in the link) and the signed token. */
export const payLinkParamsSchema = z.object({
  mobile: z.string().regex(/^\d{10,15}$/),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/),
});

/** One pending due on the pay-only view: no member data beside the first name, no history. */
export const payViewItemSchema = z.strictObject({
  _id: idSchema,
  headName: z.string(),
  /** arrear | current due | miscellaneous */
  type: z.string(),
  /** Rupees. */
  amount: rupeesOutputSchema,
  /** YYYY-MM-DD, or null. */
  dueDate: z.string().nullable(),
  /**
   * The head takes a variable amount: the member may pay more than `amount`, never less
   * (`docs/domain.md`, §5 "Variable-amount payment").
   */
  variableAmount: z.boolean(),
});

/**
 * `GET /api/pay/:mobile/:token`: the pay-only view. Strict: the first name and the pending dues,
 * nothing else (no mobile, address, history or receipts).
 */
export const payViewSchema = z.strictObject({
  firstName: z.string(),
  items: z.array(payViewItemSchema),
  /** Rupees, the sum of the pending dues. */
  total: rupeesOutputSchema,
  /** True while an arrear is pending: current dues wait (`docs/domain.md`, §4 "Arrears first"). */
  arrearsBlocking: z.boolean(),
  /**
   * The member's saved language (`docs/domain.md`, "Member languages"), or null when they never
   * chose one: the page opens in it when the parish offers it (decision 0140).
   */
  language: z.enum(LANGUAGES).nullable(),
});

/** The pay-only view. */
export type PayView = z.infer<typeof payViewSchema>;

/** Path parameters of a payment link's transaction: the link, and our transaction id. */
export const payLinkTxnParamsSchema = payLinkParamsSchema.extend({ txnId: z.string().min(1).max(100) });

/** One receipt of a payment made through a link: its number and its signed receipt-link token. */
export const payLinkReceiptSchema = z.strictObject({
  receiptNumber: z.string(),
  /** The token of `GET /api/receipt-links/:token` (and `/pdf`): the receipt without sign-in. */
  token: z.string(),
});

/**
 * `GET /api/pay/:mobile/:token/transactions/:txnId` (decision 0140): the outcome of a payment made
 * through the link, only for the link's member. `status` success | pending | failed; `message` the
 * gateway's or the product's words (English; the page translates the known ones); `amount` in
 * rupees; `receipts` only once paid (one per receipt the transaction's dues are on).
 */
export const payLinkOutcomeSchema = z.strictObject({
  txnId: z.string(),
  status: z.enum(['success', 'pending', 'failed']),
  message: z.string(),
  /** Rupees. */
  amount: rupeesOutputSchema,
  receipts: z.array(payLinkReceiptSchema),
});

/** The outcome of a payment made through a link. */
export type PayLinkOutcome = z.infer<typeof payLinkOutcomeSchema>;

/** A ready WhatsApp click-to-chat message for one member. */
export const waMeLinkSchema = z.object({
  /** `https://wa.me/<91XXXXXXXXXX>?text=<message>`. */
  url: z.string(),
  message: z.string(),
  /** The member's payment link inside the message. */
  payLink: z.string(),
});

/** A click-to-chat message. */
export type WaMeLink = z.infer<typeof waMeLinkSchema>;

/** The parish's WhatsApp settings (`GET|PUT /api/admin/whatsapp-settings`). */
export const whatsAppSettingsSchema = z.object({
  payLinksEnabled: z.boolean(),
  /** Day of month 1-28 of the scheduled reminders, or null for none. */
  reminderDay: z.number().int().min(1).max(28).nullable(),
  /** 'HH:MM' (parish time) of the scheduled reminders, or null. */
  reminderTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM')
    .nullable(),
});

/** WhatsApp settings. */
export type WhatsAppSettings = z.infer<typeof whatsAppSettingsSchema>;

/** `PUT /api/admin/members/:id/whatsapp-opt-out` body. */
export const optOutBodySchema = z.strictObject({ optOut: z.boolean() });

/** How a member's consent to WhatsApp messages was recorded (decision 0138). */
export const CONSENT_METHODS = ['portal', 'counter', 'sign_in_code', 'import'] as const;

/**
 * A member's consent to WhatsApp messages the parish starts (DPDP Act notice and consent, Meta's
 * opt-in; decision 0138): when and how they last agreed (nulls: not recorded), and when they
 * withdrew it (null: not withdrawn). Times are ISO 8601 UTC, shown in `timeZone`.
 */
export const whatsAppConsentSchema = z.object({
  givenAt: z.string().nullable(),
  method: z.enum(CONSENT_METHODS).nullable(),
  withdrawnAt: z.string().nullable(),
  /**
   * The parish's time zone (IANA, e.g. `Asia/Kolkata`) the screens show these times in, not the
   * browser's (decision 0144); absent from servers before it.
   */
  timeZone: z.string().optional(),
});

/** A member's WhatsApp consent record. */
export type WhatsAppConsent = z.infer<typeof whatsAppConsentSchema>;

/** `PUT /api/customer/whatsapp-consent` body: the member gives (true) or withdraws (false) consent. */
export const consentBodySchema = z.object({ given: z.boolean() });

/**
 * `GET /api/admin/members/:id/whatsapp-opt-out`: a member's WhatsApp opt-out and its latest
 * change, as the audit trail recorded it (`docs/domain.md`, §9 "Opting out").
 */
export const optOutStatusSchema = z.object({
  optOut: z.boolean(),
  /** ISO 8601 UTC of the latest change, or null when it was never changed. */
  changedAt: z.string().nullable(),
  /** Who changed it last: the member's STOP or START reply on WhatsApp (`webhook`) or an admin; null when never. */
  via: z.enum(['admin', 'webhook']).nullable(),
  /** The admin's name when `via` is `admin`, else null. */
  by: z.string().nullable(),
  /** The member's consent record (decision 0138); absent from servers before it. */
  consent: whatsAppConsentSchema.optional(),
});

/** A member's WhatsApp opt-out and its latest change. */
export type OptOutStatus = z.infer<typeof optOutStatusSchema>;

/**
 * `GET /api/admin/reminders/opted-out`: the active members with pending dues who opted out of
 * WhatsApp (no reminder path sends to them), by name; the first 100 and the total.
 */
export const optedOutMembersSchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ memberId: idSchema, name: z.string(), parishNumber: z.string() })),
});

/** Opted-out members with pending dues. */
export type OptedOutMembers = z.infer<typeof optedOutMembersSchema>;

/** One member of a walk-through round. */
export const roundItemSchema = z.object({
  deliveryId: idSchema,
  memberId: idSchema,
  name: z.string(),
  parishNumber: z.string(),
  sent: z.boolean(),
  url: z.string(),
});

/** A walk-through round (`GET /api/admin/reminders/rounds/current`); null when none was started. */
export const reminderRoundSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  total: z.number().int(),
  sent: z.number().int(),
  items: z.array(roundItemSchema),
});

/** A walk-through round. */
export type ReminderRound = z.infer<typeof reminderRoundSchema>;

/**
 * `POST /api/admin/reminders/rounds` query: `?wardId=`, a ward of the parish to remind only its
 * members (issue 28 item 7, "reminders filter by ward"); absent for the whole parish.
 */
export const startRoundSchema = oneWardQuerySchema;

/** The query of a round start. */
export type StartRound = z.infer<typeof startRoundSchema>;

/** The current round, or null. */
export const currentRoundSchema = z.object({ round: reminderRoundSchema.nullable() });

/** Path of a round item. */
export const roundItemParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });
