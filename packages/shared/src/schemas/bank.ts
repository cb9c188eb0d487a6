import { z } from 'zod';

import { rupeesOutputSchema } from '../money.ts';

/**
 * Bank-statement reconciliation (`docs/domain.md`, "Bank-statement reconciliation"; decision 0149;
 * issue 30 item 4): a parish's bank accounts, the column mapping of each account's net-banking
 * export, the presets of the banks Kerala parishes use most, the statement lines read from an
 * upload and their matches with UPI counter receipts. Amounts on the wire are rupees; a line's date
 * is the calendar date the bank prints (`YYYY-MM-DD`); instants are UTC ISO strings.
 */

/** Texts of bank reconciliation (`docs/domain.md`, "Bank-statement reconciliation"). */
export const BANK_MSG = {
  /** 400 (field `content`): the upload is neither a CSV nor an .xlsx workbook, or is empty. */
  unreadableFile: 'The file could not be read: upload the statement as the bank exports it, CSV or Excel (.xlsx)',
  /** 400 (field `content`): the upload is larger than the limit. */
  fileTooLarge: 'The statement file is larger than 4 MB',
  /** 400: after skipping the header and footer rows, nothing is left. */
  noLines: 'No statement lines were found: check the header rows to skip and the footer rows',
  /** 400: a row's date does not read in the mapping's format ({{row}} is the file's row number, from 1). */
  badDate: 'Row {{row}}: the date “{{value}}” does not match the format {{format}}',
  /** 400: a row's amount or balance is not an amount in rupees. */
  badAmount: 'Row {{row}}: “{{value}}” in the {{column}} column is not an amount',
  /** 400: a row with both a debit and a credit, or with neither. */
  oneOfDebitCredit: 'Row {{row}}: a line must have either a debit or a credit',
  /** 400: a mapping naming a column the file does not have. */
  noSuchColumn: 'Row {{row}} has no column {{column}}',
  /** 409: an account name already used. */
  nameTaken: 'A bank account of this name already exists',
  /** 404: an unknown bank account. */
  noAccount: 'No such bank account',
  /** 404: an unknown statement line. */
  noLine: 'No such statement line',
  /** 404: an unknown preset. */
  noPreset: 'No such bank preset',
  /** 409: matching a debit line (only money received is matched). */
  notCredit: 'Only a credit (money received) can be matched with a receipt',
  /** 409: the line is already matched. */
  lineMatched: 'This statement line is already matched',
  /** 409: the receipt is already matched with another line. */
  receiptMatched: 'This receipt is already matched with another statement line',
  /** 404/409: the receipt is not a standing UPI receipt of the counter (or is a test payment). */
  notUpiReceipt: 'Only a standing UPI receipt collected at the counter can be matched',
  /** 409: the amounts differ. */
  amountDiffers: 'The receipt’s total differs from the credit on the statement',
  /** 404: an unknown deposit slip. */
  noDeposit: 'No such deposit slip',
  /** 409: the deposit slip is already matched with another line. */
  depositMatched: 'This deposit slip is already matched with another statement line',
  /** 409: the deposit slip is of another bank account than the statement's. */
  depositOtherAccount: 'This deposit slip was paid into another bank account',
  /** 409: the deposit slip's total differs from the credit. */
  depositAmountDiffers: 'The deposit slip’s total differs from the credit on the statement',
  /** 400: a manual match names neither or both of a receipt and a deposit slip. */
  oneOfReceiptDeposit: 'Name either a receipt or a deposit slip to match the line with',
  /** 409: undoing the match of a line with a gateway's settlement (decision 0151). */
  settlementUnmatch: 'A line matched with a gateway settlement by its UTR cannot be undone',
  /** 409: unmatching a line that is not matched. */
  notMatched: 'This statement line is not matched',
  /** Success of a preset confirmed. */
  presetConfirmed: 'Preset confirmed for this parish',
} as const;

/** The date formats a statement's date column may use (`docs/domain.md`, "Column mappings"). */
export const STATEMENT_DATE_FORMATS = [
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD/MM/YY',
  'DD-MM-YY',
  'DD-MMM-YYYY',
  'DD MMM YYYY',
  'DD-MMM-YY',
  'YYYY-MM-DD',
] as const;
/** One of {@link STATEMENT_DATE_FORMATS}. */
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** The banks with a preset (`docs/domain.md`, "Bank presets"). */
export const BANK_PRESET_KEYS = ['sbi', 'federal', 'south_indian', 'csb', 'hdfc', 'icici'] as const;
/** One of {@link BANK_PRESET_KEYS}. */
export type BankPresetKey = (typeof BANK_PRESET_KEYS)[number];

/** A column of the statement: 1 for the first (column A). */
const column = z.int().min(1).max(50);

/**
 * A column mapping (`docs/domain.md`, "Column mappings"): where each field is in the bank's export,
 * columns numbered from 1; `skipRows` rows before the first line (the bank's preamble and the
 * column header), `footerRows` rows after the last (totals, disclaimers). `referenceColumn` is
 * null when the bank has no reference column (the UTR is then read from the narration).
 */
export const columnMappingSchema = z.strictObject({
  dateColumn: column,
  dateFormat: z.enum(STATEMENT_DATE_FORMATS),
  narrationColumn: column,
  referenceColumn: column.nullable(),
  debitColumn: column,
  creditColumn: column,
  balanceColumn: column,
  skipRows: z.int().min(0).max(100),
  footerRows: z.int().min(0).max(100),
});
/** A column mapping. */
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** A bank preset: a mapping of one bank's usual export, unverified until the parish confirms it. */
export const bankPresetSchema = z.object({
  key: z.enum(BANK_PRESET_KEYS),
  bank: z.string(),
  mapping: columnMappingSchema,
  /** Column headers as the export is commonly known to print them (shown beside the preview). */
  headers: z.array(z.string()),
  /** Confirmed by this parish (who, when); null while unverified. */
  confirmedAt: z.string().nullable(),
  confirmedBy: z.string().nullable(),
});
/** A bank preset. */
export type BankPreset = z.infer<typeof bankPresetSchema>;

/** `POST /api/bank/accounts` / `PUT /api/bank/accounts/{id}` body. */
export const bankAccountInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  preset: z.enum(BANK_PRESET_KEYS).nullable(),
  mapping: columnMappingSchema,
});
/** A bank account's body. */
export type BankAccountInput = z.infer<typeof bankAccountInputSchema>;

/** A bank account of the parish with its mapping. */
export const bankAccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  preset: z.enum(BANK_PRESET_KEYS).nullable(),
  mapping: columnMappingSchema,
});
/** A bank account. */
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** `GET /api/bank/accounts` answer, with the presets. */
export const bankAccountListSchema = z.object({
  accounts: z.array(bankAccountSchema),
  presets: z.array(bankPresetSchema),
});
/** The bank accounts and presets. */
export type BankAccountList = z.infer<typeof bankAccountListSchema>;

/** The largest statement file accepted, in bytes (4 MB: years of a parish account's lines). */
export const STATEMENT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * `POST /api/bank/accounts/{id}/preview` and `…/statements` body: the file as the bank exported
 * it, base64; a preview may try another mapping before it is saved.
 */
export const statementUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  content: z.base64().max(Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4, { message: BANK_MSG.fileTooLarge }),
  mapping: columnMappingSchema.optional(),
});
/** A statement upload. */
export type StatementUpload = z.infer<typeof statementUploadSchema>;

/** A statement line as read (amounts in rupees; `utr` the 12 digits found, or null). */
export const statementLineSchema = z.object({
  date: z.string(),
  narration: z.string(),
  reference: z.string(),
  debit: rupeesOutputSchema,
  credit: rupeesOutputSchema,
  /** The running balance after the line, in rupees (negative when overdrawn). */
  balance: rupeesOutputSchema,
  utr: z.string().nullable(),
});
/** A statement line. */
export type StatementLine = z.infer<typeof statementLineSchema>;

/** `POST /api/bank/accounts/{id}/preview` answer: the first lines as the mapping reads them. */
export const statementPreviewSchema = z.object({
  /** The file's first rows as text, before the mapping (so the columns can be counted). */
  rows: z.array(z.array(z.string())),
  lines: z.array(statementLineSchema),
  total: z.int(),
});
/** A statement preview. */
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

/** `POST /api/bank/accounts/{id}/statements` answer: lines read, new ones stored, matched now. */
export const statementImportResultSchema = z.object({
  success: z.literal(true),
  lines: z.int(),
  added: z.int(),
  matched: z.int(),
});
/** A statement import's result. */
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

/** A UPI receipt of the counter, as reconciliation lists it. */
export const reconReceiptSchema = z.object({
  receiptId: z.string(),
  receiptNumber: z.string(),
  memberName: z.string(),
  issuedAt: z.string(),
  /** The parish calendar date it was issued on (`YYYY-MM-DD`, the parish's time zone). */
  issuedOn: z.string(),
  amount: rupeesOutputSchema,
  utr: z.string().nullable(),
});
/** A receipt in reconciliation. */
export type ReconReceipt = z.infer<typeof reconReceiptSchema>;

/**
 * A deposit slip (decision 0147) as reconciliation lists it (decision 0152): its slip number, the
 * parish date it was paid in (`YYYY-MM-DD`), the bank account as the slip names it, its total in
 * rupees, and how many cheques are on it.
 */
export const reconDepositSchema = z.object({
  depositId: z.string(),
  slipNumber: z.string(),
  depositDate: z.string(),
  bankAccount: z.string(),
  amount: rupeesOutputSchema,
  cheques: z.int(),
});
/** A deposit slip in reconciliation. */
export type ReconDeposit = z.infer<typeof reconDepositSchema>;

/**
 * A gateway's settlement in reconciliation (decision 0151): our id, the gateway, the settlement's
 * UTR, its parish day (`YYYY-MM-DD`) and the net it paid into the bank (rupees).
 */
export const reconSettlementSchema = z.object({
  settlementId: z.string(),
  gateway: z.enum(['razorpay', 'worldline']),
  utr: z.string(),
  settledOn: z.string(),
  net: rupeesOutputSchema,
});
/** A gateway settlement in reconciliation. */
export type ReconSettlement = z.infer<typeof reconSettlementSchema>;

/**
 * How a line was matched: `utr` a UPI receipt by its UTR, `slip` a deposit by its slip number,
 * `amount_date` the only deposit of the amount within 3 days before the line, `manual` a person.
 */
export const MATCH_METHODS = ['utr', 'slip', 'amount_date', 'manual'] as const;
/** One of {@link MATCH_METHODS}. */
export type MatchMethod = (typeof MATCH_METHODS)[number];

/** A stored statement line in reconciliation. */
export const reconLineSchema = statementLineSchema.extend({ lineId: z.string() });
/** A stored line. */
export type ReconLine = z.infer<typeof reconLineSchema>;

/**
 * `GET /api/bank/accounts/{id}/reconciliation` answer: matched pairs (who, when, how), each with
 * its receipt, its deposit slip or its gateway settlement (the others null); unmatched credit lines with the receipts and
 * the deposit slips that may be theirs; unmatched UPI receipts and unmatched deposit slips of the
 * account, each with the lines that may be theirs (same amount, dates within 3 days; a slip's line
 * on or after its date). Newest first, at most 500 of each.
 */
export const reconciliationSchema = z.object({
  matched: z.array(
    z.object({
      line: reconLineSchema,
      receipt: reconReceiptSchema.nullable(),
      deposit: reconDepositSchema.nullable(),
      settlement: reconSettlementSchema.nullable(),
      method: z.enum(MATCH_METHODS),
      matchedAt: z.string(),
      matchedBy: z.string().nullable(),
    }),
  ),
  unmatchedLines: z.array(
    reconLineSchema.extend({
      suggestions: z.array(reconReceiptSchema),
      depositSuggestions: z.array(reconDepositSchema),
    }),
  ),
  unmatchedReceipts: z.array(reconReceiptSchema.extend({ suggestions: z.array(reconLineSchema) })),
  unmatchedDeposits: z.array(reconDepositSchema.extend({ suggestions: z.array(reconLineSchema) })),
});
/** The reconciliation of one account. */
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/**
 * `POST /api/bank/matches` body: a credit line and either the UPI receipt or the deposit slip it
 * pays in (exactly one of `receiptId`, `depositId`; 400 otherwise).
 */
export const manualMatchSchema = z
  .strictObject({ lineId: z.uuid(), receiptId: z.uuid().optional(), depositId: z.uuid().optional() })
  .refine((body) => (body.receiptId === undefined) !== (body.depositId === undefined), {
    message: BANK_MSG.oneOfReceiptDeposit,
    path: ['receiptId'],
  });
/** A manual match. */
export type ManualMatch = z.infer<typeof manualMatchSchema>;

/** `POST /api/bank/presets/{key}/confirm` params. */
export const presetParamsSchema = z.object({ key: z.enum(BANK_PRESET_KEYS) });

/** `POST /api/bank/presets/{key}/confirm` answer. */
export const presetConfirmedSchema = z.object({ success: z.literal(true), message: z.string() });

/** `DELETE /api/bank/matches/{lineId}` params. */
export const lineParamsSchema = z.object({ lineId: z.uuid() });
