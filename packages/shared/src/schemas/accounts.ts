import { z } from 'zod';

import { parseFinancialYear } from '../dates.ts';
import { rupeesOutputSchema } from '../money-schemas.ts';
import { calendarDate } from './collections.ts';

/*
 * The parish's books outside the product (issue 30 items 1 and 2; decision 0146; `docs/domain.md`,
 * "Accounts export"): the ledger each payment head and each way money arrives is booked to, and the
 * export of the receipts as Tally Prime vouchers or a double-entry journal CSV.
 */

/** Tally's predefined groups the ledger masters go under (Tally Prime, "Groups"; decision 0146). */
export const TALLY_GROUPS = {
  income: 'Indirect Incomes',
  cash: 'Cash-in-Hand',
  bank: 'Bank Accounts',
  clearing: 'Current Assets',
  fees: 'Indirect Expenses',
  taxes: 'Duties & Taxes',
} as const;

/** The messages of the ledger mapping and the accounts export. */
export const ACCOUNTS_MSG = {
  ledgerRequired: 'Enter a ledger name',
  ledgerTooLong: 'A ledger name may have at most 100 characters',
  ledgerControl: 'A ledger name may not contain control characters',
  unknownHead: 'That payment head is not one of this parish’s heads; reload the page',
  duplicateHead: 'Each payment head may be mapped only once',
  rangeOrder: 'The “to” date must be on or after the “from” date',
  rangeTooLong: 'Choose at most 366 days at a time',
  financialYear: 'Choose a financial year, e.g. 2026-27',
  yearNotBegun: 'That financial year has not begun yet',
} as const;

/** A Tally ledger or group name: 1 to 100 characters (Tally's limit), trimmed, no control characters. */
export const ledgerNameSchema = z
  .string()
  .trim()
  .min(1, ACCOUNTS_MSG.ledgerRequired)
  .max(100, ACCOUNTS_MSG.ledgerTooLong)
  // eslint-disable-next-line no-control-regex -- the rule itself: control characters are refused
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), ACCOUNTS_MSG.ledgerControl);

/** One payment head's income ledger and the Tally group it sits under. */
export const headLedgerSchema = z.object({
  paymentHeadId: z.uuid(),
  ledger: ledgerNameSchema,
  parent: ledgerNameSchema,
});

/**
 * The ledger mapping a parish keeps (decision 0146): the stored document, every name a Tally ledger.
 * `heads` lists the heads mapped to a ledger other than the default (the head's own name under
 * Indirect Incomes); cash is one ledger, or one per cashier (`<ledger> - <cashier's name>`); UPI and
 * cheques go to a bank ledger each (the same one when the parish has one account); each gateway has a
 * clearing ledger (until its settlement reaches the bank); gateway fees and the GST on them have
 * their own ledgers (for the settlements' journal vouchers).
 */
const ledgerMappingFields = z.object({
  heads: z.array(headLedgerSchema).max(5000),
  cash: z.object({ ledger: ledgerNameSchema, perCashier: z.boolean() }),
  upiBank: ledgerNameSchema,
  chequeBank: ledgerNameSchema,
  razorpay: ledgerNameSchema,
  worldline: ledgerNameSchema,
  gatewayFees: ledgerNameSchema,
  gstOnFees: ledgerNameSchema,
});

/** The stored mapping document (see {@link ledgerMappingFields}); each head mapped once. */
export const ledgerMappingInputSchema = ledgerMappingFields.strict().superRefine((value, issues) => {
  const seen = new Set<string>();
  value.heads.forEach((head, index) => {
    if (seen.has(head.paymentHeadId)) {
      issues.addIssue({ code: 'custom', path: ['heads', index, 'paymentHeadId'], message: ACCOUNTS_MSG.duplicateHead });
    }
    seen.add(head.paymentHeadId);
  });
});

/** `PUT /api/accounts/ledger-mapping` body (admin): the whole mapping. */
export type LedgerMappingInput = z.infer<typeof ledgerMappingInputSchema>;

/** The mapping a parish that never set one uses (decision 0146). */
export const DEFAULT_LEDGER_MAPPING: Omit<LedgerMappingInput, 'heads'> = {
  cash: { ledger: 'Cash', perCashier: false },
  upiBank: 'Bank Account',
  chequeBank: 'Bank Account',
  razorpay: 'Razorpay Clearing',
  worldline: 'Worldline Clearing',
  gatewayFees: 'Payment Gateway Charges',
  gstOnFees: 'GST on Gateway Charges',
};

/**
 * `GET /api/accounts/ledger-mapping` answer: the mapping in force, with every payment head of the
 * parish (its name and year, its ledger and group: the default when not mapped, `mapped` false).
 */
export const ledgerMappingSchema = ledgerMappingFields.extend({
  heads: z.array(headLedgerSchema.extend({ name: z.string(), year: z.number().int(), mapped: z.boolean() })),
  updatedAt: z.string().nullable(),
});

/** The ledger mapping as Parish Settings shows it. */
export type LedgerMapping = z.infer<typeof ledgerMappingSchema>;

/** How the Tally export groups receipts: one voucher per receipt, or per day and way of paying. */
export const TALLY_MODES = ['receipt', 'day'] as const;

/**
 * `GET /api/accounts/tally.xml` and `GET /api/accounts/journal.csv` query: the range of parish
 * calendar days (inclusive, at most 366 days) and, for the XML, the grouping (default `receipt`).
 */
export const accountsExportQuerySchema = z
  .object({
    from: calendarDate,
    to: calendarDate,
    mode: z.enum(TALLY_MODES).default('receipt'),
  })
  .superRefine((value, issues) => {
    if (value.to < value.from) issues.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTS_MSG.rangeOrder });
    const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / 86_400_000;
    if (days > 365) issues.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTS_MSG.rangeTooLong });
  });

/** The accounts export's query. */
export type AccountsExportQuery = z.infer<typeof accountsExportQuerySchema>;

/** The files of the Receipts and Payments account: the figures as JSON, an A4 PDF or an Excel workbook. */
export const RECEIPTS_PAYMENTS_FORMATS = ['json', 'pdf', 'xlsx'] as const;

/**
 * `GET /api/accounts/receipts-and-payments` query (decision 0153): the financial year as receipts
 * print it (`2026-27`: 1 April 2026 to 31 March 2027, parish time) and the file (default `json`).
 * A year that is not consecutive years from 2000-01 to 2098-99 is 400 {@link ACCOUNTS_MSG.financialYear}.
 */
export const receiptsPaymentsQuerySchema = z.object({
  fy: z
    .string({ error: ACCOUNTS_MSG.financialYear })
    .trim()
    .refine((value) => parseFinancialYear(value) !== null, { error: ACCOUNTS_MSG.financialYear }),
  format: z.enum(RECEIPTS_PAYMENTS_FORMATS).default('json'),
});

/** The Receipts and Payments account's query. */
export type ReceiptsPaymentsQuery = z.infer<typeof receiptsPaymentsQuerySchema>;

/**
 * Where the parish's money sits at one moment, in rupees (decision 0153), counting only what the
 * product recorded: cash received and not yet on a bank deposit slip (`cashInHand`), cheques
 * received and not yet on a slip (`chequesInHand`), money in the bank (UPI at the counter, slips
 * deposited, gateway settlements), online payments the gateway has not yet settled to the bank
 * (`withGateway`), and their sum.
 */
export const moneyPositionSchema = z.object({
  cashInHand: rupeesOutputSchema,
  chequesInHand: rupeesOutputSchema,
  bank: rupeesOutputSchema,
  withGateway: rupeesOutputSchema,
  total: rupeesOutputSchema,
});

/** Where the money sits (rupees). */
export type MoneyPosition = z.infer<typeof moneyPositionSchema>;

/**
 * `GET /api/accounts/receipts-and-payments?format=json` answer (decision 0153; `docs/domain.md`,
 * "Receipts and Payments account"): the receipts side of the parish's Receipts and Payments account
 * for a financial year. `from`/`to` are its first and last parish days (`YYYY-MM-DD`); `closingOn`
 * the day the closing balances are at: `to`, or today while the year is `running`. `income` is the
 * money received in the year net of the voids made in it, per income ledger (the ledger mapping,
 * decision 0146), with the heads under each (a head of several years once per year); ledgers and
 * heads that net to nothing are left out. Rupees; `generatedAt` an instant (UTC).
 * `opening.total + totalIncome = closing.total`.
 */
export const receiptsPaymentsSchema = z.object({
  parish: z.string(),
  financialYear: z.string(),
  from: z.string(),
  to: z.string(),
  closingOn: z.string(),
  running: z.boolean(),
  generatedAt: z.string(),
  opening: moneyPositionSchema,
  income: z.array(
    z.object({
      ledger: z.string(),
      amount: rupeesOutputSchema,
      heads: z.array(z.object({ head: z.string(), year: z.number().int(), amount: rupeesOutputSchema })),
    }),
  ),
  totalIncome: rupeesOutputSchema,
  closing: moneyPositionSchema,
});

/** The receipts side of the Receipts and Payments account (rupees). */
export type ReceiptsPayments = z.infer<typeof receiptsPaymentsSchema>;
