import { z } from 'zod';

import { rupeesOutputSchema } from '../money-schemas.ts';

import { HEAD_TYPES } from '../head-types.ts';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES } from './payments.ts';
import { TRANSACTION_STATUSES, transactionSchema } from './portal.ts';

/**
 * Dashboard, reports, audit trail, online transactions and export (`docs/domain.md`, "§2 Screens",
 * "§3 Data", "§7 API", §2 "Page sizes and timings" and §7 "Shapes the specification leaves open";
 * `docs/ARCHITECTURE.md`, "Live updates"; issue 6).
 *
 * Units everywhere in this file: money in rupees (JSON numbers, at most 2 decimals; stored as
 * paise), rates in percent with one decimal, calendar days `YYYY-MM-DD` in the parish time zone
 * (`PARISH_TIMEZONE`), instants ISO 8601 UTC.
 *
 * "Collected" always means the paid amount (paidAmount, else the assigned amount) of paid
 * payments (`docs/domain.md`, §3 "Derived figures"). "Pending" / "outstanding" means the assigned
 * amount of payments that are not paid (status pending or failed: a failed online attempt is still
 * owed).
 */

/**
 * Server answers of this capability that are not in the product's own words (`docs/domain.md`, §5
 * "Error and outcome messages").
 */
export const REPORT_MSG = {
  /** `docs/domain.md`, §5 "Error and outcome messages": report generation fallback. */
  reportFailed: 'Failed to generate report',
  /** 400: `from` after `to`. */
  badRange: 'The start date must not be after the end date',
  /** 400: a day range longer than the daily report covers. */
  rangeTooLong: 'The date range can be at most 366 days',
  /** 400: a sort field the report does not have. */
  badSort: 'This report cannot be sorted by that column',
  /** 401: a stream ticket that is unknown, used or expired. */
  badTicket: 'The live-update ticket is invalid or has expired',
} as const;

/** A count and an amount (rupees). */
export const countAmountSchema = z.object({
  count: z.number().int(),
  amount: rupeesOutputSchema,
});
/** A count and an amount (rupees). */
export type CountAmount = z.infer<typeof countAmountSchema>;

/**
 * The three display groups of head types (`docs/domain.md`, §3 "Payment heads": anything not arrear
 * or miscellaneous is 'Current Due').
 */
export const DUE_GROUPS = ['arrears', 'current', 'misc'] as const;
/** One of {@link DUE_GROUPS}. */
export type DueGroup = (typeof DUE_GROUPS)[number];

/** Dashboard figures of one due group: what is still owed and what has been paid. */
export const dueGroupFiguresSchema = z.object({
  /** Sum of assigned amounts of unpaid payments, rupees. */
  pendingAmount: rupeesOutputSchema,
  /** Number of unpaid payments. */
  pendingCount: z.number().int(),
  /** Sum of paid amounts, rupees. */
  paidAmount: rupeesOutputSchema,
  /** Number of paid payments. */
  paidCount: z.number().int(),
});

/**
 * The Collection Methods (YTD) card buckets (`docs/domain.md`, §2 "Back-office shell"):
 * - `online`: paid through a card gateway other than by card or UPI (worldline, razorpay);
 * - `upi`: payment method UPI (at the office or online);
 * - `direct`: manual gateway, cash or cheque (or no method recorded);
 * - `card`: payment method card.
 */
export const METHOD_BUCKETS = ['online', 'upi', 'direct', 'card'] as const;
/** One of {@link METHOD_BUCKETS}. */
export type MethodBucket = (typeof METHOD_BUCKETS)[number];

/** A payment method with its count and amount (rupees); `method` is the stored paymentMethod or 'unknown'. */
export const methodTotalSchema = z.object({
  method: z.string(),
  count: z.number().int(),
  amount: rupeesOutputSchema,
});

/**
 * `GET /api/admin/dashboard` answer (admin, cashier). The dashboard response (`docs/domain.md`, §7
 * "Responses named by the specification") plus what the cards of `docs/domain.md`, §2 "Back-office
 * shell" need. Computed from the summary tables (never a scan of all payments).
 * - `scope`: `all` for an admin; `own` for a cashier, whose `periods.today/week/month` and
 *   `amounts.todaysCollection` count only their own manual collections (`docs/domain.md`, §2 "Back-office shell").
 * - `periods`: collected in the parish time zone: `ytd` from 1 January, `today`, `week` from
 *   Sunday, `month` from the 1st.
 * - `collections.byMethod`: all-time paid collections per stored payment method;
 *   `collections.methodsYtd`: the Collection Methods (YTD) card.
 * - `metrics.collectionRate`: paid count / total payments × 100, one decimal (`docs/domain.md`, §3
 *   "Derived figures"); 0 when there are no payments.
 */
export const dashboardSchema = z.object({
  members: z.object({ total: z.number().int(), active: z.number().int() }),
  paymentHeads: z.object({ total: z.number().int(), active: z.number().int() }),
  payments: z.object({
    total: z.number().int(),
    paid: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    /** Dues waived by a concession: neither paid nor pending (`docs/domain.md`, §4 "Concessions"). */
    waived: z.number().int().optional(),
  }),
  amounts: z.object({
    totalCollected: rupeesOutputSchema,
    totalPending: rupeesOutputSchema,
    todaysCollection: rupeesOutputSchema,
    /** What concessions forgave (lowered and waived dues), rupees. */
    totalConcessions: rupeesOutputSchema.optional(),
  }),
  /**
   * Payments paid by sandbox (test) checkouts, all time: count and amount in rupees. No real money:
   * outside every collected figure above (`docs/domain.md`, §10 "Payment mode"); shown as its own line.
   */
  testPayments: countAmountSchema.optional(),
  metrics: z.object({ collectionRate: z.number() }),
  collections: z.object({
    byMethod: z.array(methodTotalSchema),
    methodsYtd: z.object({
      online: countAmountSchema,
      upi: countAmountSchema,
      direct: countAmountSchema,
      card: countAmountSchema,
    }),
  }),
  byType: z.object({
    arrears: dueGroupFiguresSchema,
    current: dueGroupFiguresSchema,
    misc: dueGroupFiguresSchema,
  }),
  periods: z.object({
    ytd: countAmountSchema,
    today: countAmountSchema,
    week: countAmountSchema,
    month: countAmountSchema,
  }),
  scope: z.enum(['all', 'own']),
  /**
   * Present when the figures are one ward's (`?wardId=`, issue 28 item 7, decision 0136): the ward
   * id, or `none` for the members without a ward. Then members, payments, amounts, byType,
   * collections and periods count only that ward's members' payments; `paymentHeads` stays the
   * parish's.
   */
  wardId: z.string().optional(),
  /** The parish days the periods start on, and today. */
  calendar: z.object({
    timezone: z.string(),
    today: z.string(),
    weekStart: z.string(),
    monthStart: z.string(),
    yearStart: z.string(),
  }),
  generatedAt: z.string(),
});
/** The dashboard answer. */
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The report types of `POST /api/admin/reports` (`docs/domain.md`, §7 "Shapes the specification leaves open"). */
export const REPORT_TYPES = [
  'overview',
  'daily',
  'member',
  'head',
  'yearwise',
  'details',
  'direct',
  'member-due',
] as const;
/** One of {@link REPORT_TYPES}. */
export type ReportType = (typeof REPORT_TYPES)[number];

/** Default page size per report (`docs/domain.md`, §2 "Page sizes and timings": 25 each; year-wise 10). */
export const REPORT_PAGE_SIZE: Record<ReportType, number> = {
  overview: 25,
  daily: 25,
  member: 25,
  head: 25,
  yearwise: 10,
  details: 25,
  direct: 25,
  'member-due': 25,
};

/**
 * The sort fields each report accepts; the first is the default (with the default order in
 * {@link REPORT_DEFAULT_ORDER}). `docs/domain.md`, §2 "Reports and Analytics": member analysis by
 * name, head analysis by head name, year-wise newest first, details by member name; direct
 * collections newest first; member-wise due by total pending, largest first.
 */
export const REPORT_SORT_FIELDS = {
  overview: [],
  daily: ['date', 'amount', 'count'],
  member: ['name', 'paid', 'pending', 'rate'],
  head: ['name', 'collected', 'outstanding', 'rate'],
  yearwise: ['year'],
  details: ['member', 'amount', 'status', 'date'],
  direct: ['date', 'amount', 'member'],
  'member-due': ['pending', 'name'],
} as const satisfies Record<ReportType, readonly string[]>;

/** Default sort order per report. */
export const REPORT_DEFAULT_ORDER: Record<ReportType, 'asc' | 'desc'> = {
  overview: 'asc',
  daily: 'desc',
  member: 'asc',
  head: 'asc',
  yearwise: 'desc',
  details: 'asc',
  direct: 'desc',
  'member-due': 'desc',
};

/**
 * The Member-wise Due report's type filter (`dueType`): only members owing arrears, current dues
 * or miscellaneous, sorted and totalled by that type, so the dashboard card that links here shows
 * the same figure (`docs/domain.md`, §2 "Admin dashboard").
 */
export const DUE_TYPES = ['arrears', 'current', 'misc'] as const;
/** One of {@link DUE_TYPES}. */
export type DueType = (typeof DUE_TYPES)[number];

const isoDaySchema = z.iso.date({ error: 'Dates must be YYYY-MM-DD' });

/**
 * `POST /api/admin/reports` body (admin, cashier).
 * - `type`: one of {@link REPORT_TYPES}.
 * - `from`, `to`: parish calendar days, inclusive. Daily collections default to the last 30 days
 *   up to today and cover at most 366 days; direct collections filter by paid day; other reports
 *   ignore them.
 * - `search`: member name, mobile or parish number (member, details, direct, member-due); for
 *   direct collections it also matches the transaction id.
 * - `transactionId`: direct collections only, substring of the transaction id.
 * - `dueType`: member-due only, one of {@link DUE_TYPES}: members owing that type, sorted and
 *   totalled by it.
 * - `page` 1-based; `limit` default {@link REPORT_PAGE_SIZE}, at most 100.
 * - `sortBy` one of {@link REPORT_SORT_FIELDS} for the type (else 400), `sortOrder` asc|desc
 *   (default {@link REPORT_DEFAULT_ORDER}).
 */
export const reportRequestSchema = z.object({
  type: z.enum(REPORT_TYPES),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  search: z.string().trim().max(100).optional(),
  transactionId: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  sortBy: z.string().max(20).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  dueType: z.enum(DUE_TYPES).optional(),
});
/** The report request as sent. */
export type ReportRequestInput = z.input<typeof reportRequestSchema>;
/** The report request after defaults. */
export type ReportRequest = z.output<typeof reportRequestSchema>;

const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};

/**
 * Overview: the four cards (`docs/domain.md`, §2 "Reports and Analytics") plus the
 * collections-by-method chart (all time).
 */
export const overviewReportSchema = z.object({
  type: z.literal('overview'),
  todaysCollection: rupeesOutputSchema,
  /** Sum of assigned amounts of every payment, rupees. */
  totalReceivables: rupeesOutputSchema,
  totalCollected: rupeesOutputSchema,
  /** Assigned amounts of payments not yet paid, rupees. */
  totalOutstanding: rupeesOutputSchema,
  /** Paid count / total × 100, one decimal. */
  collectionRate: z.number(),
  payments: z.object({ total: z.number().int(), paid: z.number().int(), unpaid: z.number().int() }),
  byMethod: z.array(methodTotalSchema),
  /** What concessions forgave (lowered and waived dues), rupees (`docs/domain.md`, §4 "Concessions"). */
  totalConcessions: rupeesOutputSchema.optional(),
  /** Test payments (sandbox, no real money), all time, count and rupees: outside every total above. */
  testPayments: countAmountSchema.optional(),
});

/** One parish day of the daily collections report: count, amount and the split by payment method. */
export const dailyRowSchema = z.object({
  day: z.string(),
  count: z.number().int(),
  amount: rupeesOutputSchema,
  byMethod: z.array(methodTotalSchema),
});

/**
 * Daily collections over [from, to]: one row per day with collections (25 per page) and the
 * chart series with every day of the range (zero days included), oldest first.
 */
export const dailyReportSchema = z.object({
  type: z.literal('daily'),
  from: z.string(),
  to: z.string(),
  items: z.array(dailyRowSchema),
  ...pageFields,
  totals: countAmountSchema,
  /** Test payments (sandbox, no real money) of the range, count and rupees: not in `totals`, `items` or `series`. */
  testPayments: countAmountSchema.optional(),
  series: z.array(z.object({ day: z.string(), count: z.number().int(), amount: rupeesOutputSchema })),
  byMethod: z.array(methodTotalSchema),
});

/**
 * Member analysis row: amounts in rupees; `paymentRate` = paid amount / assigned amount × 100,
 * one decimal, capped at 100 (`docs/domain.md`, §3 "Derived figures").
 */
export const memberReportRowSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  parishNumber: z.string(),
  mobile: z.string(),
  amountPaid: rupeesOutputSchema,
  amountPending: rupeesOutputSchema,
  paymentRate: z.number(),
  paidCount: z.number().int(),
  pendingCount: z.number().int(),
});

/** Member analysis: members that have payments, searchable, 25 per page. Chart: none needed (the rate bar is per row). */
export const memberReportSchema = z.object({
  type: z.literal('member'),
  items: z.array(memberReportRowSchema),
  ...pageFields,
});

/** Payment head analysis row; `collectionRate` = paid count / payments of the head × 100, one decimal. */
export const headReportRowSchema = z.object({
  paymentHeadId: z.string(),
  name: z.string(),
  /** Base amount, rupees. */
  amount: rupeesOutputSchema,
  type: z.enum(HEAD_TYPES),
  year: z.number().int(),
  isActive: z.boolean(),
  collected: rupeesOutputSchema,
  outstanding: rupeesOutputSchema,
  collectionRate: z.number(),
  paidCount: z.number().int(),
  totalCount: z.number().int(),
});

/**
 * Payment head analysis: sorted by head name, 25 per page. `chart`: collected versus outstanding
 * of the ten heads with the largest receivable (collected + outstanding).
 */
export const headReportSchema = z.object({
  type: z.literal('head'),
  items: z.array(headReportRowSchema),
  ...pageFields,
  chart: z.array(
    z.object({
      paymentHeadId: z.string(),
      name: z.string(),
      collected: rupeesOutputSchema,
      outstanding: rupeesOutputSchema,
    }),
  ),
});

/** Collected and pending amounts (rupees) of one due group in a year. */
export const collectedPendingSchema = z.object({ collected: rupeesOutputSchema, pending: rupeesOutputSchema });

/** Year-wise summary row (the head's year). `collectionRate`: paid count / payments × 100, one decimal. */
export const yearRowSchema = z.object({
  year: z.number().int(),
  totalReceivable: rupeesOutputSchema,
  collected: rupeesOutputSchema,
  pending: rupeesOutputSchema,
  collectionRate: z.number(),
  arrears: collectedPendingSchema,
  current: collectedPendingSchema,
  misc: collectedPendingSchema,
});

/** Year-wise summary: newest first, 10 per page; `trend` has every year, oldest first. */
export const yearwiseReportSchema = z.object({
  type: z.literal('yearwise'),
  items: z.array(yearRowSchema),
  ...pageFields,
  trend: z.array(
    z.object({ year: z.number().int(), totalReceivable: rupeesOutputSchema, collected: rupeesOutputSchema }),
  ),
});

/** A payment in the details and direct-collections reports. `amount`: the paid amount if paid, else the assigned amount. */
export const paymentReportRowSchema = z.object({
  paymentId: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  parishNumber: z.string(),
  mobile: z.string(),
  paymentHeadId: z.string(),
  headName: z.string(),
  headType: z.enum(HEAD_TYPES),
  year: z.number().int(),
  amount: rupeesOutputSchema,
  assignedAmount: rupeesOutputSchema,
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  paymentGateway: z.enum(PAYMENT_GATEWAYS).nullable(),
  collectedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  receiptNumber: z.string().nullable(),
});
/** A payment row of the details and direct reports. */
export type PaymentReportRow = z.infer<typeof paymentReportRowSchema>;

/** Payment details: every payment sorted by member name, 25 per page. */
export const detailsReportSchema = z.object({
  type: z.literal('details'),
  items: z.array(paymentReportRowSchema),
  ...pageFields,
});

/**
 * Direct collections: paid payments with the manual gateway, newest first, 25 per page;
 * `totals` count and sum of every matching row (not only the page).
 */
export const directReportSchema = z.object({
  type: z.literal('direct'),
  items: z.array(paymentReportRowSchema),
  ...pageFields,
  totals: countAmountSchema,
});

/** Member-wise due row: pending amounts (rupees) by due group and in total. */
export const memberDueRowSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  parishNumber: z.string(),
  mobile: z.string(),
  arrears: rupeesOutputSchema,
  current: rupeesOutputSchema,
  misc: rupeesOutputSchema,
  totalPending: rupeesOutputSchema,
  pendingCount: z.number().int(),
});

/** Member-wise due: members who owe something, largest total first, 25 per page; `totals` over all of them. */
export const memberDueReportSchema = z.object({
  type: z.literal('member-due'),
  items: z.array(memberDueRowSchema),
  ...pageFields,
  totals: z.object({
    members: z.number().int(),
    arrears: rupeesOutputSchema,
    current: rupeesOutputSchema,
    misc: rupeesOutputSchema,
    totalPending: rupeesOutputSchema,
  }),
});

/** `POST /api/admin/reports` answer: one shape per `type`. */
export const reportResponseSchema = z.discriminatedUnion('type', [
  overviewReportSchema,
  dailyReportSchema,
  memberReportSchema,
  headReportSchema,
  yearwiseReportSchema,
  detailsReportSchema,
  directReportSchema,
  memberDueReportSchema,
]);
/** Any report answer. */
export type ReportResponse = z.infer<typeof reportResponseSchema>;
/** The report answer of one type. */
export type ReportOf<T extends ReportType> = Extract<ReportResponse, { type: T }>;

/**
 * `GET /api/admin/reports/export` query: the same filters as the report; answers `text/csv`
 * with every row of the report, e.g. `daily_collection_report_2026-11-22.csv`.
 */
export const reportExportQuerySchema = z.object({
  type: z.enum(REPORT_TYPES),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  search: z.string().trim().max(100).optional(),
  transactionId: z.string().trim().max(100).optional(),
  sortBy: z.string().max(20).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  dueType: z.enum(DUE_TYPES).optional(),
  /** `csv` (UTF-8 with BOM, the default) or `xlsx` (an Excel workbook). */
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
/** The report export query. */
export type ReportExportQuery = z.output<typeof reportExportQuerySchema>;

/**
 * The dated file name prefix of each report's CSV (`docs/domain.md`, §2 "File names":
 * `daily_collection_report` with date).
 */
export const REPORT_FILE_PREFIX: Record<ReportType, string> = {
  overview: 'overview_report',
  daily: 'daily_collection_report',
  member: 'member_analysis_report',
  head: 'payment_head_analysis_report',
  yearwise: 'yearwise_summary_report',
  details: 'payment_details_report',
  direct: 'direct_collections_report',
  'member-due': 'member_wise_due_report',
};

/**
 * `GET /api/admin/activities` query: `limit` default 50 (`docs/domain.md`, §2 "Page sizes and
 * timings"), at most 200; `before` an activity id for the next page.
 */
export const activitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
  ...activityFilterFields(),
});

/**
 * The Activity Log's filters (`GET /api/admin/activities` and its download): `actor` a staff
 * account's id or an actor type (`member`, `system`, `gateway`); `action` one audit action;
 * `memberId` the member the entry is about; `from`/`to` parish days (inclusive); `search` text
 * in the actor's, member's, head's or staff account's name, the parish number, receipt number or
 * entity id.
 */
function activityFilterFields() {
  return {
    actor: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    memberId: z.uuid({ error: 'Member not found' }).optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    search: z.string().trim().max(100).optional(),
  };
}

/** `GET /api/admin/activities/export` query: the Activity Log's filters and the file format. */
export const activitiesExportQuerySchema = z.object({
  ...activityFilterFields(),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
/** The activity log download's query, after defaults. */
export type ActivitiesExportQuery = z.output<typeof activitiesExportQuerySchema>;

/** Who or what an audit entry is about, resolved by joins (null where it names none). */
export const activitySubjectSchema = z.object({
  member: z.object({ _id: z.string(), name: z.string(), parishNumber: z.string() }).nullable(),
  head: z.object({ _id: z.string(), name: z.string(), year: z.number().int() }).nullable(),
  staff: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
/** Who or what an audit entry is about. */
export type ActivitySubject = z.infer<typeof activitySubjectSchema>;

/**
 * One audit-trail entry (newest first). `before`/`after` are the recorded states: for an action of
 * `AUDIT_ACTIONS` their shapes are `AuditPayloads` (`audit.ts`; money in rupees, where
 * `AUDIT_MONEY_PATHS` says), typed by `AuditRecord`. Records written before that vocabulary may
 * differ (amounts in paise under `…Paise` keys).
 */
export const activitySchema = z.object({
  _id: z.number().int(),
  occurredAt: z.string(),
  actorType: z.enum(['staff', 'member', 'system', 'gateway']),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** The acting staff account's role (`admin`, `cashier`), null for other actors. */
  actorRole: z.string().nullable(),
  subject: activitySubjectSchema,
});
/** An audit-trail entry. */
export type Activity = z.infer<typeof activitySchema>;

/** `GET /api/admin/activities` answer; `nextBefore` is the `before` of the next page, null at the end. */
export const activitiesSchema = z.object({
  items: z.array(activitySchema),
  nextBefore: z.number().int().nullable(),
});

/** `GET /api/transactions` query: page, limit (default 50 as the customer view uses, at most 100), status, paymentGateway. */
export const transactionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  paymentGateway: z.enum(PAYMENT_GATEWAYS).optional(),
});

/** An online transaction as staff see it: the portal's transaction (rupees) plus the member named. */
export const staffTransactionSchema = transactionSchema.extend({
  member: z.object({ _id: z.string(), name: z.string(), parishNumber: z.string() }).nullable(),
});
/** An online transaction as staff see it. */
export type StaffTransaction = z.infer<typeof staffTransactionSchema>;

/** `GET /api/transactions` answer. */
export const transactionListSchema = z.object({
  items: z.array(staffTransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** `GET /api/transactions/stats/summary` answer: counts and amounts (rupees) per status and per gateway. */
export const transactionStatsSchema = z.object({
  total: countAmountSchema,
  byStatus: z.object({ pending: countAmountSchema, success: countAmountSchema, failed: countAmountSchema }),
  byGateway: z.array(
    z.object({ paymentGateway: z.enum(PAYMENT_GATEWAYS), count: z.number().int(), amount: rupeesOutputSchema }),
  ),
});

/**
 * `GET /api/admin/export` query. `format` json (default) or csv; `type` all (members, heads and
 * payments). The CSV is one file of three sections (members, payment heads, payments), each
 * starting with its own header row whose first cell is `type`; every data row starts with its
 * section's type (`member`, `payment_head`, `payment`). Money in rupees.
 */
export const exportQuerySchema = z.object({
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
  type: z.enum(['all']).default('all'),
});

/** `POST /api/events/ticket` answer: a single-use ticket for `GET /api/subscribe?ticket=`, valid 30 s. */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresAt: z.string() });

/** `GET /api/subscribe` query. */
export const subscribeQuerySchema = z.object({ ticket: z.string().min(10).max(200) });

/** The event types on the stream; defined with the rest of the event vocabulary in `events.ts`. */
export { APP_EVENT_TYPES } from '../events.ts';
