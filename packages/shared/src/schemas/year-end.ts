import { z } from 'zod';

import { MSG } from '../messages.ts';
import { paiseToRupees, parseRupeesToPaise, rupeesOutputSchema } from '../money.ts';
import { HEAD_YEAR_MAX, HEAD_YEAR_MESSAGE, HEAD_YEAR_MIN } from './payment-heads.ts';

/*
 * The admin's year-end tools (`docs/domain.md`, §4 "Year-end roll-over" and "Concessions"): moving
 * the unpaid current dues of a year to arrears, and lowering or waiving a member's pending due.
 * Money in rupees on the wire.
 */

const yearSchema = z.coerce
  .number({ error: HEAD_YEAR_MESSAGE })
  .int(HEAD_YEAR_MESSAGE)
  .min(HEAD_YEAR_MIN, HEAD_YEAR_MESSAGE)
  .max(HEAD_YEAR_MAX, HEAD_YEAR_MESSAGE);

/** `GET /api/payment-heads/rollover?year=` query: the year (2020-2030) whose current dues move. */
export const rolloverPreviewQuerySchema = z.object({ year: yearSchema });

/** One current-due head of the year in the roll-over preview: its unpaid payments and amount (rupees). */
export const rolloverHeadSchema = z.object({
  paymentHeadId: z.string(),
  name: z.string(),
  year: z.number().int(),
  /** Members with an unpaid (pending or failed) payment of the head. */
  members: z.number().int(),
  /** Sum of those payments' amounts, rupees. */
  unpaidAmount: rupeesOutputSchema,
  /** Members who paid the head (their payments move with it, still paid). */
  paidMembers: z.number().int(),
});

/**
 * The roll-over preview, and the answer of the move itself: the heads, the distinct members with an
 * unpaid payment of any of them, and the unpaid amount in rupees. The move answers the figures of
 * what it moved, computed in its own transaction, so a preview taken with nothing changed in
 * between equals it.
 */
export const rolloverSummarySchema = z.object({
  year: z.number().int(),
  heads: z.array(rolloverHeadSchema),
  members: z.number().int(),
  unpaidAmount: rupeesOutputSchema,
});

/** A roll-over preview or result. */
export type RolloverSummary = z.infer<typeof rolloverSummarySchema>;

/** 400 message when the roll-over names no head. */
export const ROLLOVER_NO_HEADS_MESSAGE = 'Choose at least one payment head to move';
/** 400 message when a chosen head is not a current due of the year (already moved, another year, another type). */
export const ROLLOVER_NOT_CURRENT_MESSAGE = 'Only current dues of the chosen year can be moved to arrears';

/** `POST /api/payment-heads/rollover` body: the year and the chosen current-due heads of it. */
export const rolloverInputSchema = z.object({
  year: yearSchema,
  paymentHeadIds: z.array(z.uuid()).min(1, ROLLOVER_NO_HEADS_MESSAGE).max(500),
});

/** The roll-over request after validation. */
export type RolloverInput = z.output<typeof rolloverInputSchema>;

/** Why an admin grants a concession (`docs/domain.md`, §4 "Concessions"). */
export const CONCESSION_REASONS = ['widow', 'hardship', 'deceased', 'other'] as const;
/** A concession's reason. */
export type ConcessionReason = (typeof CONCESSION_REASONS)[number];

/** 400 message when "other" comes without words. */
export const CONCESSION_NOTE_MESSAGE = 'Please describe the reason';
/** 400 message when a lowered amount is not below the due or not above 0. */
export const CONCESSION_AMOUNT_MESSAGE = 'The new amount must be more than ₹0 and less than the due';

/**
 * `POST /api/payments/{id}/concession` body: `waive` forgives the whole due; `lower` keeps it
 * pending at `amount` (rupees, above 0 and below the due). `note` is required for the reason
 * `other` (at most 500 characters).
 */
export const concessionInputSchema = z
  .object({
    kind: z.enum(['waive', 'lower']),
    amount: z
      .union([z.number(), z.string()], { error: MSG.invalidAmount })
      .nullish()
      .transform((value, ctx) => {
        if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
          return undefined;
        }
        const paise = parseRupeesToPaise(value);
        if (paise === null) {
          ctx.addIssue({ code: 'custom', message: MSG.invalidAmount });
          return z.NEVER;
        }
        return paiseToRupees(paise);
      })
      .meta({ description: 'For lower: the new amount in rupees' }),
    reason: z.enum(CONCESSION_REASONS, { error: 'Please choose a reason' }),
    note: z
      .string()
      .trim()
      .max(500, 'The reason must be at most 500 characters')
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.note) {
      ctx.addIssue({ code: 'custom', message: CONCESSION_NOTE_MESSAGE, path: ['note'] });
    }
    if (value.kind === 'lower' && (value.amount === undefined || value.amount <= 0)) {
      ctx.addIssue({ code: 'custom', message: CONCESSION_AMOUNT_MESSAGE, path: ['amount'] });
    }
  });

/** A concession request as sent. */
export type ConcessionInputRaw = z.input<typeof concessionInputSchema>;

/** A concession request after validation (amount in rupees). */
export type ConcessionInput = z.output<typeof concessionInputSchema>;

/**
 * The concession a payment carries (`Payment.concession`): what was forgiven in rupees, the
 * reason and words of the last one, who granted it and when (ISO 8601 UTC).
 */
export const paymentConcessionSchema = z.object({
  amount: rupeesOutputSchema,
  reason: z.enum(CONCESSION_REASONS),
  note: z.string().nullable(),
  grantedBy: z.string().nullable(),
  grantedAt: z.string().nullable(),
});

/** A payment's concession. */
export type PaymentConcession = z.infer<typeof paymentConcessionSchema>;
