import { z } from 'zod';

import { HEAD_TYPES, headTypeInputSchema } from '../head-types.ts';
import { MSG, lineAboveLimitMessage } from '../messages.ts';
import { formatINR, paiseToRupees, parseRupeesToPaise, rupeesOutputSchema } from '../money.ts';
import { MAX_LINE_PAISE, lineAboveLimit } from '../payment-rules.ts';

/** The first and last year a payment head may carry (`docs/domain.md`, §5 "Account head form"). */
export const HEAD_YEAR_MIN = 2020;
/** The last year a payment head may carry (`docs/domain.md`, §5 "Account head form"). */
export const HEAD_YEAR_MAX = 2030;

/** Message for a year outside 2020-2030 (`docs/domain.md`, §5 "Account head form" gives the range, not a text). */
export const HEAD_YEAR_MESSAGE = `Year must be between ${HEAD_YEAR_MIN} and ${HEAD_YEAR_MAX}`;
/** Message for a due date that is not a real `YYYY-MM-DD` calendar date. */
export const HEAD_DUE_DATE_MESSAGE = 'Please enter a valid due date';
/**
 * 400 message when an edit tries to change a head's amount (`docs/domain.md`, §5 "Account head
 * form": it cannot be edited).
 */
export const HEAD_AMOUNT_IMMUTABLE_MESSAGE = 'The amount of a payment head cannot be changed after creation';
/**
 * 409 message when a head with paid payments is deleted (`docs/domain.md`, §3 "Payment heads" and
 * §7 "Shapes the specification leaves open").
 */
export const HEAD_HAS_PAID_MESSAGE = 'Cannot delete a payment head that has paid payments';
/**
 * 404 message for an unknown head or member (the Tagging Error text of `docs/domain.md`, §5 "Error
 * and outcome messages" for 404).
 */
export const HEAD_OR_MEMBER_NOT_FOUND_MESSAGE = 'Payment head or member not found.';

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * A head's base amount in a request: a rupee number (or numeric text, as a form sends it) above 0
 * with at most 2 decimals, at most ₹1,00,00,000 (decision 0105). Missing/blank gives 'Please fill all required fields (Name and Amount)',
 * anything else invalid 'Please enter a valid amount' (`docs/domain.md`, §5 "Account head form").
 * Output: rupees as a number (convert with `rupeesToPaise`).
 */
const headAmountSchema = z
  .union([z.number(), z.string()], { error: MSG.invalidAmount })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: MSG.headRequired });
      return z.NEVER;
    }
    const paise = parseRupeesToPaise(value);
    if (paise === null || paise <= 0) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidAmount });
      return z.NEVER;
    }
    // The one-crore bound of one line (docs/domain.md, §4 "Limits on one line", decision 0105).
    if (lineAboveLimit(paise, MAX_LINE_PAISE)) {
      ctx.addIssue({ code: 'custom', message: lineAboveLimitMessage(formatINR(MAX_LINE_PAISE)) });
      return z.NEVER;
    }
    return paiseToRupees(paise);
  })
  .meta({ description: 'Rupees, above 0, at most 2 decimals' });

/** A due date in a request: `YYYY-MM-DD`; blank or null means none (the server may default it). */
const dueDateInputSchema = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const trimmed = value?.trim();
    if (!trimmed) return null;
    if (!isCalendarDate(trimmed)) {
      ctx.addIssue({ code: 'custom', message: HEAD_DUE_DATE_MESSAGE });
      return z.NEVER;
    }
    return trimmed;
  })
  .meta({ description: 'YYYY-MM-DD; only for current due and miscellaneous heads' });

const headFields = {
  name: z
    .string({ error: MSG.headRequired })
    .trim()
    .min(1, MSG.headRequired)
    .max(200, 'Name must be at most 200 characters'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .nullish()
    .transform((value) => value ?? ''),
  type: headTypeInputSchema.optional().transform((value) => value ?? 'current due'),
  year: z.coerce
    .number({ error: HEAD_YEAR_MESSAGE })
    .int(HEAD_YEAR_MESSAGE)
    .min(HEAD_YEAR_MIN, HEAD_YEAR_MESSAGE)
    .max(HEAD_YEAR_MAX, HEAD_YEAR_MESSAGE)
    .optional(),
  dueDate: dueDateInputSchema,
  variable_amount: z.boolean().optional().default(false),
  isActive: z.boolean().optional().default(true),
  /**
   * The head's money is a donation under section 80G (decision 0148): receipts carry the trust's
   * 80G lines, and Form 10BD counts it. Create: false when absent; edit: kept when absent.
   */
  isDonation: z.boolean().optional(),
};

/**
 * `POST /api/payment-heads` body and one row of `POST /api/payment-heads/bulk` (`docs/domain.md`,
 * §5 "Account head form"). `name` and `amount` are required; `type` defaults to current due and
 * accepts legacy values; `year` defaults (on the server) to the current year in the parish time
 * zone; `dueDate` is dropped for an arrear and defaults to 31 March of the financial year for the
 * other types. Amount output is rupees.
 */
export const paymentHeadInputSchema = z.object({ ...headFields, amount: headAmountSchema });

/** A payment head as entered (before normalisation). */
export type PaymentHeadInputRaw = z.input<typeof paymentHeadInputSchema>;
/** A payment head after validation: rupees, canonical type, `dueDate` YYYY-MM-DD or null. */
export type PaymentHeadInput = z.output<typeof paymentHeadInputSchema>;

/**
 * `PUT /api/payment-heads/{id}` body: the same rules as create, except that `amount` may be left
 * out; when given it must equal the stored amount (400 {@link HEAD_AMOUNT_IMMUTABLE_MESSAGE}).
 * Changing the type to arrear clears the due date.
 */
export const paymentHeadUpdateSchema = z.object({
  ...headFields,
  amount: z
    .union([z.number(), z.string()], { error: MSG.invalidAmount })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
        return undefined;
      }
      const paise = parseRupeesToPaise(value);
      if (paise === null || paise <= 0) {
        ctx.addIssue({ code: 'custom', message: MSG.invalidAmount });
        return z.NEVER;
      }
      return paiseToRupees(paise);
    })
    .meta({ description: 'Optional; must equal the stored amount (rupees)' }),
});

/** A payment head edit after validation. */
export type PaymentHeadUpdate = z.output<typeof paymentHeadUpdateSchema>;

/**
 * A payment head as the API answers it (`docs/domain.md`, §7 "Entities on the wire"): amount in rupees,
 * canonical type, `dueDate` `YYYY-MM-DD` or null, `createdAt` ISO 8601 UTC.
 */
export const paymentHeadSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Rupees. */
  amount: rupeesOutputSchema,
  type: z.enum(HEAD_TYPES),
  year: z.number().int(),
  dueDate: z.string().nullable(),
  variable_amount: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** Present (true) only for a donation head (section 80G, decision 0148). */
  isDonation: z.literal(true).optional(),
});

/** A payment head in API answers. */
export type PaymentHead = z.infer<typeof paymentHeadSchema>;

/**
 * A head's assignment figures: counts of payments assigned, paid and pending; `collected` is the
 * rupee sum of paid payments (paidAmount, else amount); `outstanding` the rupee sum of pending ones.
 */
export const paymentHeadStatsSchema = z.object({
  assigned: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  collected: rupeesOutputSchema,
  outstanding: rupeesOutputSchema,
});

/** A head's figures. */
export type PaymentHeadStats = z.infer<typeof paymentHeadStatsSchema>;

/** A payment head with its figures: items of `GET /api/payment-heads` and `GET /api/payment-heads/{id}`. */
export const paymentHeadWithStatsSchema = paymentHeadSchema.extend({ stats: paymentHeadStatsSchema });

/** A payment head with its figures. */
export type PaymentHeadWithStats = z.infer<typeof paymentHeadWithStatsSchema>;

/** `GET /api/payment-heads` query: optional `search` (name or description, case-insensitive substring). */
export const paymentHeadListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

/** `GET /api/payment-heads` answer: every head (year ascending, then name), `{ items, total }`. */
export const paymentHeadListSchema = z.object({
  items: z.array(paymentHeadWithStatsSchema),
  total: z.number().int(),
});

/** The head list answer. */
export type PaymentHeadList = z.infer<typeof paymentHeadListSchema>;

/**
 * `POST /api/payment-heads/bulk` body: `{ paymentHeads[] }`, each row checked on its own with
 * {@link paymentHeadInputSchema} (at most 1,000 rows).
 */
export const paymentHeadBulkSchema = z.object({
  paymentHeads: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, MSG.csvNeedsRows)
    .max(1000, 'At most 1000 payment heads at a time'),
});

/** One rejected row of a bulk request: `row` is 1-based in the request's array. */
export const rowErrorSchema = z.object({ row: z.number().int(), message: z.string() });

/** A rejected row. */
export type RowError = z.infer<typeof rowErrorSchema>;

/**
 * `POST /api/payment-heads/bulk` answer: valid rows are created even when others fail;
 * `success` is true when no row failed.
 */
export const paymentHeadBulkResultSchema = z.object({
  success: z.boolean(),
  created: z.number().int(),
  errors: z.array(rowErrorSchema),
});

/** The bulk head answer. */
export type PaymentHeadBulkResult = z.infer<typeof paymentHeadBulkResultSchema>;
