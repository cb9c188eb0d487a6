import { z } from 'zod';

import { rupeesOutputSchema } from '../money-schemas.ts';

import { MSG } from '../messages.ts';
import { paymentHeadSchema, rowErrorSchema } from './payment-heads.ts';
import { paymentConcessionSchema } from './year-end.ts';

/**
 * A payment's status (`docs/domain.md`, §4 "Payment status"); `waived`: forgiven whole by a
 * concession (§4 "Concessions"), not outstanding.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'waived'] as const;
/** A payment's status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Who settled a payment: a card gateway, or manual (direct collection by staff). */
export const PAYMENT_GATEWAYS = ['worldline', 'razorpay', 'manual'] as const;

/** The member of a payment, populated: `{ _id, name, parishNumber, mobile }`. */
export const paymentMemberRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  parishNumber: z.string(),
  mobile: z.string(),
});

/**
 * A payment (an assignment of a head to a member) as the API answers it (`docs/domain.md`, §7
 * "Entities on the wire"): the member and the head populated; `amount` and `paidAmount` in rupees
 * (`paidAmount` null until paid); instants ISO 8601 UTC; `dueDate` `YYYY-MM-DD` or null.
 */
export const paymentSchema = z.object({
  _id: z.string(),
  memberId: paymentMemberRefSchema,
  paymentHeadId: paymentHeadSchema,
  /** Assigned amount, rupees. */
  amount: rupeesOutputSchema,
  /** Paid amount, rupees; null while not paid. */
  paidAmount: rupeesOutputSchema.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  year: z.number().int(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  dueDate: z.string().nullable(),
  transactionId: z.string().nullable(),
  pgTransactionId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentGateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  collectionMode: z.string().nullable(),
  collectedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  /** The receipt number (`2026-27/000001`) of the receipt holding it while paid, null otherwise (`docs/domain.md`, §7). */
  receiptNumber: z.string().nullable(),
  /** The id of that receipt (for `GET /api/receipts/{id}` and its print), null otherwise. */
  receiptId: z.string().nullable().default(null),
  /** The concession granted on this due (lowered or waived), null or absent without one. */
  concession: paymentConcessionSchema.nullable().optional(),
});

/** A payment in API answers. */
export type Payment = z.infer<typeof paymentSchema>;

/** The fields `GET /api/payments` may be sorted by. */
export const PAYMENT_SORT_FIELDS = ['member', 'amount', 'status', 'date'] as const;

/**
 * `GET /api/payments` query: page (1-based), limit (default 10, at most 100), optional filters
 * `status`, `memberId`, `paymentHeadId`, `search` (member name, mobile or parish number,
 * case-insensitive substring), `sortBy` (member name | assigned amount | status | date = paid
 * date, else created; default date) and `sortOrder` (default desc).
 */
export const paymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(PAYMENT_STATUSES).optional(),
  memberId: z.uuid().optional(),
  paymentHeadId: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  sortBy: z.enum(PAYMENT_SORT_FIELDS).default('date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

/** The payment list query after defaults. */
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

/** `GET /api/payments` answer: `{ items, total, page, limit }`. */
export const paymentListSchema = z.object({
  items: z.array(paymentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** The payment list answer. */
export type PaymentList = z.infer<typeof paymentListSchema>;

/** A head id in a tagging request: missing, blank or not an id gives 'Invalid payment head selected'. */
const tagHeadIdSchema = z
  .string({ error: MSG.invalidHead })
  .trim()
  .pipe(z.uuid({ error: MSG.invalidHead }));

/**
 * `POST /api/payments/assign` body (`docs/domain.md`, §4 "Saving tags" and §5 "Tagging").
 * - `paymentHeadId` required ('Invalid payment head selected').
 * - `assignments` at least one ('Please select at least one member to tag payments'); `amount`
 *   is a custom rupee amount used only when it is a number of 0 or more with at most 2 decimals
 *   (numeric text too); anything else means the head's base amount.
 * - `replacePending: true` first revokes the head's pending payments of members not selected.
 */
export const assignPaymentsSchema = z.object({
  paymentHeadId: tagHeadIdSchema,
  assignments: z
    .array(
      z.object({
        memberId: z.string(),
        amount: z.unknown().optional().meta({
          description: 'Custom rupees (number >= 0, at most 2 decimals); anything else means the head amount',
        }),
      }),
      { error: MSG.tagSelectAtLeastOne },
    )
    .min(1, MSG.tagSelectAtLeastOne)
    .max(50_000),
  replacePending: z.boolean().optional().default(false),
});

/** The assign body as sent. */
export type AssignPaymentsInput = z.input<typeof assignPaymentsSchema>;

/** A member left out of a tagging request, and why ('already paid', 'member not found'). */
export const skippedMemberSchema = z.object({ memberId: z.string(), reason: z.string() });

/**
 * `POST /api/payments/assign` answer: `assigned` counts payments created or given a new amount;
 * `revoked` counts pending payments removed by `replacePending`; `skipped` lists members not tagged.
 */
export const assignPaymentsResultSchema = z.object({
  success: z.literal(true),
  assigned: z.number().int(),
  revoked: z.number().int(),
  /**
   * Members tagged with an amount of 0: no due created, their pending due of the head removed
   * (`docs/domain.md`, §5 "Tagging", decision 0109). Counted here, not in `assigned`.
   */
  noDue: z.number().int(),
  skipped: z.array(skippedMemberSchema),
});

/** The assign answer. */
export type AssignPaymentsResult = z.infer<typeof assignPaymentsResultSchema>;

/**
 * `POST /api/payments/revoke` body (`docs/domain.md`, §4 "Cancel tags"): the head and the members whose
 * pending payments of it go. Paid payments stay.
 */
export const revokePaymentsSchema = z.object({
  paymentHeadId: tagHeadIdSchema,
  memberIds: z.array(z.string(), { error: MSG.tagSelectAtLeastOne }).min(1, MSG.tagSelectAtLeastOne).max(50_000),
});

/** The revoke body as sent. */
export type RevokePaymentsInput = z.input<typeof revokePaymentsSchema>;

/** `POST /api/payments/revoke` answer: how many pending payments were removed. */
export const revokePaymentsResultSchema = z.object({
  success: z.literal(true),
  revoked: z.number().int(),
});

/** The revoke answer. */
export type RevokePaymentsResult = z.infer<typeof revokePaymentsResultSchema>;

/**
 * `POST /api/payments/upload-csv` body: the parsed CSV (header row first) as a list of lists.
 * Cells may be text, numbers or null (null and numbers are read as text).
 */
export const uploadCsvSchema = z.object({
  csvData: z.array(
    z.array(
      z
        .union([z.string(), z.number(), z.null()])
        .transform((value) => (value === null ? '' : String(value)))
        .pipe(z.string()),
    ),
    { error: MSG.csvNeedsRows },
  ),
  /**
   * Re-upload: when true, a pending payment (no concession, no online checkout in flight) whose
   * amount differs from its cell takes the cell's amount; paid payments never change. Default false.
   */
  updatePendingAmounts: z.boolean().optional().default(false),
  /**
   * Mismatched rows the admin ticked in the dry run (1-based data row numbers, decision 0110): a
   * row whose name or phone differs from the member holding its parish number is applied only when
   * listed here. Default none. The dry run ignores it.
   */
  accept: z.array(z.number().int().positive()).max(100_000).optional().default([]),
});

/** The upload body as sent. */
export type UploadCsvInput = z.input<typeof uploadCsvSchema>;

/**
 * `POST /api/payments/upload-csv` answer (`docs/domain.md`, §7 "Responses named by the specification"). `row` is the
 * 1-based data row (the header is row 0). Per row: the parish number, whether the member was
 * created, and how many payments were assigned. `whatsappSent` is empty (no messages are sent by
 * an upload).
 */
export const uploadCsvResultSchema = z.object({
  status: z.literal('success'),
  totalRows: z.number().int(),
  success: z.array(
    z.object({
      row: z.number().int(),
      parishNumber: z.string(),
      membersCreated: z.number().int().optional(),
      payments: z.number().int(),
    }),
  ),
  errors: z.array(rowErrorSchema),
  membersCreated: z.number().int(),
  paymentHeadsCreated: z.number().int(),
  whatsappSent: z.array(z.unknown()),
  /** Payments newly assigned by this upload. */
  paymentsAssigned: z.number().int(),
  /** Pending payments whose amount this upload changed (only with `updatePendingAmounts`). */
  paymentsChanged: z.number().int(),
  /** Payments already assigned that this upload left as they were (paid ones always). */
  paymentsUnchanged: z.number().int(),
  /** Of the unchanged: pending ones whose amount differs from the file (not updated without `updatePendingAmounts`). */
  pendingAmountsDiffer: z.number().int(),
});

/** The upload answer. */
export type UploadCsvResult = z.infer<typeof uploadCsvResultSchema>;

/** A field of an upload row that differs from the member holding its parish number. */
export const uploadMismatchFieldSchema = z.object({
  /** `name` or `phone` (the mobile). */
  field: z.enum(['name', 'phone']),
  /** The value in the file, as written. */
  csvValue: z.string(),
  /** The member's current value (the mobile normalised, 12 digits). */
  memberValue: z.string(),
  /** True when the file's phone is not a valid mobile at all. */
  invalid: z.boolean(),
});

/** A mismatched field. */
export type UploadMismatchField = z.infer<typeof uploadMismatchFieldSchema>;

/**
 * A row of an upload whose parish number belongs to an existing member while its name or phone
 * differs from that member, or its phone is not valid (decision 0110): applied only when ticked.
 */
export const uploadMismatchSchema = z.object({
  row: z.number().int(),
  parishNumber: z.string(),
  /** The name of the member holding the parish number. */
  memberName: z.string(),
  fields: z.array(uploadMismatchFieldSchema).min(1),
});

/** A mismatched row. */
export type UploadMismatch = z.infer<typeof uploadMismatchSchema>;

/**
 * `POST /api/payments/upload-csv/preview` answer: the dry run of the account-head CSV (decision
 * 0110), nothing written. `toCreate` rows create a member, `toApply` rows match the member holding
 * their parish number, `mismatches` are applied only when ticked, `errors` are never applied.
 * `headsToCreate` names the head columns that no existing head matches. Rows are 1-based data rows.
 */
export const uploadCsvPreviewSchema = z.object({
  totalRows: z.number().int(),
  toCreate: z.array(z.object({ row: z.number().int(), parishNumber: z.string(), name: z.string() })),
  toApply: z.array(z.object({ row: z.number().int(), parishNumber: z.string(), name: z.string() })),
  mismatches: z.array(uploadMismatchSchema),
  errors: z.array(rowErrorSchema),
  headsToCreate: z.array(z.string()),
});

/** The dry-run answer. */
export type UploadCsvPreview = z.infer<typeof uploadCsvPreviewSchema>;

/** The file name of the account-head CSV template (`docs/domain.md`, §2 "File names"). */
export const PAYMENT_CSV_TEMPLATE_FILE = 'bulk_member_payment_template.csv';
