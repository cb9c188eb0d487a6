import { z } from 'zod';

import { rupeesOutputSchema } from '../money.ts';
import { calendarDate } from './collections.ts';
import { STATEMENT_DATE_FORMATS, STATEMENT_MAX_BYTES } from './bank.ts';

/*
 * Gateway settlements (issue 30 item 5, decision 0151; `docs/domain.md`, "Gateway settlements"):
 * what Razorpay and Worldline paid into the parish's bank for its online payments, each payment's
 * gross, fee, GST on the fee and net, the settlement's UTR and date, and the payments not settled
 * after 3 working days. Amounts on the wire are rupees; days are parish calendar days `YYYY-MM-DD`.
 */

/** Texts of gateway settlements. */
export const SETTLEMENT_MSG = {
  /** 400: the range is the wrong way round. */
  rangeOrder: 'The “to” date must be on or after the “from” date',
  /** 400: the range is longer than a year. */
  rangeTooLong: 'Choose at most 366 days at a time',
  /** 400 (Worldline import): a row's cell does not read ({{row}} from 1, {{column}} the field). */
  badCell: 'Row {{row}}: “{{value}}” in the {{column}} column does not read',
  /** 400 (Worldline import): gross − fee − GST differs from the net on a row. */
  netDiffers: 'Row {{row}}: gross less fee and GST is not the net amount',
  /** 400 (Worldline import): nothing left after the skipped rows. */
  noRows: 'No settlement rows were found: check the header rows to skip and the footer rows',
  /** 400 (Worldline import): the file could not be read. */
  unreadableFile: 'The file could not be read: upload the report as the portal exports it, CSV or Excel (.xlsx)',
  /** 400 (Worldline import): one transaction listed twice with different figures, or in two settlements. */
  duplicateRow: 'Row {{row}}: this transaction is already in the report',
  /** 400 (holidays): one day listed twice. */
  duplicateHoliday: 'Each day may be on the holiday list only once',
  /** 503: Razorpay could not be reached. */
  gatewayUnavailable: 'Razorpay could not be reached; try again in a few minutes',
} as const;

/** `GET /api/accounts/settlements` query: a range of parish calendar days (inclusive, at most 366). */
export const settlementsQuerySchema = z
  .object({ from: calendarDate, to: calendarDate })
  .superRefine((value, issues) => {
    if (value.to < value.from) issues.addIssue({ code: 'custom', path: ['to'], message: SETTLEMENT_MSG.rangeOrder });
    const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
    if (days > 365) issues.addIssue({ code: 'custom', path: ['to'], message: SETTLEMENT_MSG.rangeTooLong });
  });
/** The settlements list's query. */
export type SettlementsQuery = z.infer<typeof settlementsQuerySchema>;

/**
 * One online payment (a successful checkout) with its settlement: gross (what the member paid),
 * the gateway's fee without GST, the GST on the fee and the net paid to the bank, in rupees (null
 * while not settled); the settlement's UTR and parish day; `unsettled` when no settlement carried
 * it after `dueBy`, the 3rd working day after the day it was paid (decision 0151).
 */
export const settledPaymentSchema = z.object({
  transactionId: z.string(),
  gateway: z.enum(['razorpay', 'worldline']),
  /** The gateway's payment id (Razorpay `pay_…`, Worldline's transaction id), when known. */
  gatewayPaymentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  memberName: z.string(),
  parishNumber: z.string(),
  /** The parish day the member paid. */
  paidOn: z.string(),
  gross: rupeesOutputSchema,
  fee: rupeesOutputSchema.nullable(),
  tax: rupeesOutputSchema.nullable(),
  net: rupeesOutputSchema.nullable(),
  settlementId: z.string().nullable(),
  settlementUtr: z.string().nullable(),
  /** The parish day of the settlement. */
  settledOn: z.string().nullable(),
  /** The last working day the settlement was expected by. */
  dueBy: z.string(),
  unsettled: z.boolean(),
  /** A sandbox or test-mode checkout: no real money (decision 0114). */
  isTest: z.boolean(),
});
/** One online payment with its settlement. */
export type SettledPayment = z.infer<typeof settledPaymentSchema>;

/** `GET /api/accounts/settlements` answer: the payments of the range, oldest first, and totals of the settled ones. */
export const settlementListSchema = z.object({
  payments: z.array(settledPaymentSchema),
  totals: z.object({
    gross: rupeesOutputSchema,
    fee: rupeesOutputSchema,
    tax: rupeesOutputSchema,
    net: rupeesOutputSchema,
    unsettled: z.number().int(),
  }),
  /** When settlements were last recorded (UTC ISO), null when never. */
  lastRecordedAt: z.string().nullable(),
});
/** The settlements list. */
export type SettlementList = z.infer<typeof settlementListSchema>;

/** `POST /api/accounts/settlements/fetch` and the Worldline import's answer. */
export const settlementFetchResultSchema = z.object({
  /** Settlements new to the parish. */
  settlements: z.number().int(),
  /** Payments (and refunds, adjustments) new to the parish. */
  items: z.number().int(),
  /** Bank statement lines matched with a settlement right after. */
  matched: z.number().int(),
});
/** What a fetch or an import recorded. */
export type SettlementFetchResult = z.infer<typeof settlementFetchResultSchema>;

const column = z.int().min(1).max(50);

/**
 * The column mapping of a Worldline settlement report (decision 0151): Worldline does not publish
 * the merchant portal's layout, so the parish says where each field is, columns from 1 (like a bank
 * statement's mapping, decision 0149): our transaction id (the merchant transaction id we sent),
 * gross, fee, GST on the fee, net, settlement date and its format, the settlement UTR; `skipRows`
 * rows before the first (titles, the header), `footerRows` after the last (totals).
 */
export const worldlineMappingSchema = z.strictObject({
  txnIdColumn: column,
  grossColumn: column,
  feeColumn: column,
  taxColumn: column,
  netColumn: column,
  dateColumn: column,
  dateFormat: z.enum(STATEMENT_DATE_FORMATS),
  utrColumn: column,
  skipRows: z.int().min(0).max(100),
  footerRows: z.int().min(0).max(100),
});
/** A Worldline report's column mapping. */
export type WorldlineMapping = z.infer<typeof worldlineMappingSchema>;

/** The mapping the Worldline import starts from (the made-up sample's layout, decision 0151). */
export const DEFAULT_WORLDLINE_MAPPING: WorldlineMapping = {
  txnIdColumn: 2,
  grossColumn: 4,
  feeColumn: 5,
  taxColumn: 6,
  netColumn: 7,
  dateColumn: 8,
  dateFormat: 'DD-MM-YYYY',
  utrColumn: 9,
  skipRows: 1,
  footerRows: 0,
};

/** `POST /api/accounts/settlements/worldline` body: the report as exported (base64) and its mapping. */
export const worldlineImportSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  content: z.base64().max(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4),
  mapping: worldlineMappingSchema.default(DEFAULT_WORLDLINE_MAPPING),
});
/** A Worldline import. */
export type WorldlineImport = z.infer<typeof worldlineImportSchema>;

/** One day of the parish's holiday list. */
export const holidaySchema = z.object({ day: calendarDate, name: z.string().trim().min(1).max(100) });
/** `GET|PUT /api/settings/holidays`: the whole list, by day. */
export const holidayListSchema = z
  .object({ holidays: z.array(holidaySchema).max(400) })
  .superRefine((value, issues) => {
    const days = value.holidays.map((holiday) => holiday.day);
    if (new Set(days).size !== days.length) {
      issues.addIssue({ code: 'custom', path: ['holidays'], message: SETTLEMENT_MSG.duplicateHoliday });
    }
  });
/** The parish's holiday list. */
export type HolidayList = z.infer<typeof holidayListSchema>;
