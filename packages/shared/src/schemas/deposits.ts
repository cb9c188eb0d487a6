import { z } from 'zod';

import { rupeesOutputSchema, rupeesSchema } from '../money.ts';
import { calendarDate } from './collections.ts';
import { DENOMINATIONS } from './office.ts';

/**
 * Bank deposits (`docs/domain.md`, "Bank deposits"; decision 0147): the cash of closed day sheets
 * and the cheques received on closed days go to the parish's bank on a pay-in slip. Amounts on the
 * wire are rupees (paise inside); days and deposit dates are parish calendar dates `YYYY-MM-DD`.
 */

/** Texts of bank deposits (`docs/domain.md`, "Bank deposits"). */
export const DEPOSIT_MSG = {
  /** 400: a deposit with neither a day's cash nor a cheque. */
  nothingToDeposit: 'Choose at least one day’s cash or one cheque for the slip',
  /** 400: a day or a cheque named twice in one deposit. */
  duplicateItem: 'A day or a cheque can be on the slip only once',
  /** 400 (field `depositDate`): after today, parish time. */
  futureDate: 'A deposit cannot be dated after today',
  /** 400 (field `depositDate`): before a day whose cash it holds. */
  dateBeforeDay: 'The deposit date cannot be before a day whose cash it holds',
  /** 400 (field `denominations`): the notes and coins do not add up to the cash on the slip. */
  denominationsMismatch: 'The notes and coins must add up to the cash on the slip',
  /** 400: the cash of the chosen days is negative (more reversed than collected). */
  negativeCash: 'The cash of the chosen days is below zero: add the day it was collected on',
  /** 409 `DAY_NOT_CLOSED`: a day not closed, or a cheque collected on such a day. */
  dayNotClosed: 'Only the cash and cheques of a closed day sheet can be deposited: close the day first',
  /** 409 `ALREADY_DEPOSITED`: a day's cash or a cheque that is on another slip (or no longer awaiting deposit). */
  alreadyDeposited: 'Part of this deposit is already on another slip, or the cheque is no longer awaiting deposit',
  /** 409 `DUPLICATE_SLIP`: the slip number is recorded for this bank account. */
  slipTaken: 'This slip number is already recorded for this bank account',
  /** 409 `DAY_DEPOSITED`: reopening a day whose cash or cheques are on a slip. */
  dayDeposited: 'This day’s cash or cheques are on a bank deposit slip, so the day cannot be reopened',
  /** Success of `POST /api/deposits`. */
  recorded: 'Deposit recorded',
} as const;

/** A cash count: notes by face value (counts), coins in rupees (as the day close takes it). */
export const depositDenominationsSchema = z.strictObject({
  notes: z.partialRecord(z.enum(DENOMINATIONS), z.number().int().min(0).max(100_000)),
  coins: rupeesSchema,
});

/**
 * `POST /api/deposits` body: the bank account (as the parish's ledger names it), the deposit date,
 * the slip number, the days whose cash goes on the slip (cashier and parish day) and the cheques
 * (their receipt ids); optionally the notes and coins counted (else the days' counts when they add
 * up to the cash).
 */
export const createDepositInputSchema = z
  .strictObject({
    bankAccount: z.string().trim().min(1, 'Please enter the bank account').max(120),
    depositDate: calendarDate,
    slipNumber: z.string().trim().min(1, 'Please enter the slip number').max(40),
    days: z
      .array(z.strictObject({ cashierId: z.uuid(), day: calendarDate }))
      .max(400)
      .default([]),
    chequeReceiptIds: z.array(z.uuid()).max(500).default([]),
    denominations: depositDenominationsSchema.optional(),
  })
  .refine((input) => input.days.length + input.chequeReceiptIds.length > 0, {
    message: DEPOSIT_MSG.nothingToDeposit,
    path: ['days'],
  })
  .refine(
    (input) =>
      new Set(input.days.map((d) => `${d.cashierId}/${d.day}`)).size === input.days.length &&
      new Set(input.chequeReceiptIds).size === input.chequeReceiptIds.length,
    { message: DEPOSIT_MSG.duplicateItem, path: ['days'] },
  );

/** The deposit body. */
export type CreateDepositInput = z.output<typeof createDepositInputSchema>;
/** The deposit body as the web sends it. */
export type CreateDepositInputRaw = z.input<typeof createDepositInputSchema>;

/** A cheque on the "Not yet deposited" list or on a slip. */
export const depositChequeSchema = z.object({
  receiptId: z.string(),
  receiptNumber: z.string(),
  member: z.object({ name: z.string(), parishNumber: z.string() }),
  bank: z.string(),
  number: z.string(),
  date: z.string(),
  amount: rupeesOutputSchema,
  /** received (awaiting deposit), deposited, cleared or bounced. */
  status: z.string(),
});

/** A cheque of a deposit. */
export type DepositCheque = z.infer<typeof depositChequeSchema>;

const countSchema = z.object({ notes: z.record(z.string(), z.number()), coins: rupeesOutputSchema }).nullable();

/**
 * `GET /api/deposits/pending` answer ("Not yet deposited"): per cashier and closed day, its net cash
 * not yet on a slip (0 when it was deposited and only cheques remain) with the day's cash count, and
 * its cheques awaiting deposit; the totals. A cashier sees only their own days.
 */
export const pendingDepositsSchema = z.object({
  days: z.array(
    z.object({
      cashier: z.object({ _id: z.string(), name: z.string() }),
      day: z.string(),
      /** The day's net cash not yet deposited, rupees (null when that cash is already on a slip). */
      cash: rupeesOutputSchema.nullable(),
      cashCount: countSchema,
      cheques: z.array(depositChequeSchema),
      total: rupeesOutputSchema,
    }),
  ),
  totals: z.object({ cash: rupeesOutputSchema, cheque: rupeesOutputSchema, total: rupeesOutputSchema }),
});

/** The "Not yet deposited" list. */
export type PendingDeposits = z.infer<typeof pendingDepositsSchema>;

/** A recorded deposit (`GET /api/deposits/{id}`, the answer of `POST /api/deposits`). */
export const depositSchema = z.object({
  _id: z.string(),
  slipNumber: z.string(),
  bankAccount: z.string(),
  depositDate: z.string(),
  cash: rupeesOutputSchema,
  chequeTotal: rupeesOutputSchema,
  total: rupeesOutputSchema,
  denominations: countSchema,
  days: z.array(
    z.object({ cashier: z.object({ _id: z.string(), name: z.string() }), day: z.string(), cash: rupeesOutputSchema }),
  ),
  cheques: z.array(depositChequeSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

/** A deposit. */
export type Deposit = z.infer<typeof depositSchema>;

/** `GET /api/deposits` query: deposit dates from/to (inclusive) and a slip number (exact). */
export const depositListQuerySchema = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  slipNumber: z.string().trim().min(1).max(40).optional(),
});

/** `GET /api/deposits` answer: deposits newest first (at most 200), without their items. */
export const depositListSchema = z.object({
  items: z.array(depositSchema.omit({ days: true, cheques: true })),
});

/** The deposits list. */
export type DepositList = z.infer<typeof depositListSchema>;
