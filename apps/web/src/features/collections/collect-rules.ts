import {
  DEFAULT_PARISH_TIMEZONE,
  MAX_LINE_PAISE,
  UTR_PATTERN,
  ZERO_PAISE,
  calendarDateIn,
  cashLimitReached,
  collectionAmountProblem,
  excessAboveDue,
  formatPaisePlain,
  lineAboveLimit,
  paiseToRupees,
  parseRupeesToPaise,
  paymentKindOf,
  sumPaise,
  type CollectDuesInputRaw,
  type CollectionMethod,
  type Paise,
  type PaymentKind,
  type PaymentRecord,
} from '@parish/shared';

/**
 * The Collect Payment dialog's reading of the shared counter rules (docs/domain.md, "§4 Payment
 * rules" and "§5 Validation"; `collectionAmountProblem` and `paymentKindOf` of
 * `@parish/shared`): the due amount is collected, or more on a variable-amount head, never less;
 * arrears come first.
 */

/** Paise as plain rupee text for the amount field: `150050` -> `"1500.50"` (no grouping, no sign). */
export function rupeesText(paise: Paise): string {
  return formatPaisePlain(paise);
}

/** One due offered in the collect dialog: its payment, head, due amount (paise) and whether more may be paid. */
export interface DueLine {
  paymentId: string;
  headName: string;
  year: number;
  type: string;
  duePaise: Paise;
  variable: boolean;
}

/**
 * The paise a line will receive as typed: a fixed head always its due; a variable head the typed
 * amount, kept as typed even when below the due (never raised silently at the counter,
 * `docs/domain.md`, "Never change a typed amount"); null when unreadable.
 */
export function typedPaise(line: DueLine, amount: string | number | undefined): Paise | null {
  if (!line.variable) return line.duePaise;
  return parseRupeesToPaise(String(amount ?? ''));
}

/**
 * Whether a line's typed amount may not be collected: unreadable, or refused by the shared counter
 * rule `collectionAmountProblem` (below its due; a fixed head always receives its due). Confirm
 * stays disabled while any ticked line is.
 */
export function belowDue(line: DueLine, amount: string | number | undefined): boolean {
  const paise = typedPaise(line, amount);
  return paise === null || collectionAmountProblem(line.duePaise, line.variable, paise) !== null;
}

/** The order of the kinds in the collect dialog: arrears, then current dues, then miscellaneous. */
const KIND_RANK: Record<PaymentKind, number> = { arrear: 0, current: 1, misc: 2 };

/** Whether a line is an arrear (the shared `paymentKindOf`: canonical or legacy type, any case). */
export function isArrear(line: DueLine): boolean {
  return paymentKindOf(line.type) === 'arrear';
}

/**
 * The dues offered for collection: every pending due, arrears first (then by year and name), with
 * the arrears preselected and the due the cashier clicked (`docs/domain.md`, "Collecting several dues").
 */
export function offeredDues(
  pending: readonly DueLine[],
  clicked: string | null,
): { lines: DueLine[]; selected: string[] } {
  const rank = (line: DueLine) => KIND_RANK[paymentKindOf(line.type)];
  const lines = [...pending].sort(
    (a, b) => rank(a) - rank(b) || a.year - b.year || a.headName.localeCompare(b.headName),
  );
  const selected = lines.filter((line) => isArrear(line) || line.paymentId === clicked).map((line) => line.paymentId);
  return { lines, selected };
}

/** The collect form's values: the dues ticked, each one's typed amount, and how it was paid. */
export interface DuesValues {
  selected: string[];
  amounts: Record<string, string | number>;
  method: CollectionMethod;
  reference: string;
  utr: string;
  bank: string;
  chequeNumber: string;
  chequeDate: string;
  remarks: string;
}

/** A pending payment as a line of the collect dialog (its due amount read from rupees; 0 when unreadable). */
export function asLine(payment: PaymentRecord): DueLine {
  return {
    paymentId: payment._id,
    headName: payment.paymentHeadId.name,
    year: payment.paymentHeadId.year,
    type: payment.paymentHeadId.type,
    duePaise: parseRupeesToPaise(payment.amount) ?? ZERO_PAISE,
    variable: payment.paymentHeadId.variable_amount,
  };
}

/** The form's first values: the `selected` dues ticked, each amount at its due, cash, nothing else typed. */
export function initialDuesValues(lines: readonly DueLine[], selected: string[]): DuesValues {
  return {
    selected,
    amounts: Object.fromEntries(lines.map((line) => [line.paymentId, rupeesText(line.duePaise)])),
    method: 'cash',
    reference: '',
    utr: '',
    bank: '',
    chequeNumber: '',
    chequeDate: '',
    remarks: '',
  };
}

/** What the collect dialog derives from its values. */
export interface DuesCheck {
  /** The ticked lines, in the dialog's order. */
  chosen: DueLine[];
  /** The ticked lines whose typed amount may not be collected ({@link belowDue}). */
  short: DueLine[];
  /** "Amount to receive": the sum of the ticked lines' typed amounts, paise (an unreadable one counts 0). */
  totalPaise: Paise;
  /** A UPI payment's UTR is typed but is not 12 digits (`UTR_PATTERN`). */
  utrBad: boolean;
  /** A cheque payment lacks its bank, number or date (`YYYY-MM-DD`). */
  chequeMissing: boolean;
  /** The ticked variable lines typed above their due, with the excess in paise: Confirm asks first (decision 0025). */
  excess: { line: DueLine; excessPaise: Paise }[];
  /** The ticked lines above ₹1,00,00,000 (`MAX_LINE_PAISE`, decision 0105; the server applies a lower parish bound). */
  aboveLimit: DueLine[];
  /** Cash that would bring the member's cash of the day to ₹2,00,000 or more (section 269ST, decision 0106). */
  cashLimit: boolean;
  /**
   * Confirm stays disabled: nothing ticked, a short amount, a line above the bound, cash at the
   * section 269ST limit, a bad UTR or a missing cheque detail.
   */
  blocked: boolean;
}

/**
 * Checks the collect dialog's values (`docs/domain.md`, "Collecting several dues", "UPI at the
 * counter", "Cheques", §4 "Limits on one line", "Cash of ₹2,00,000 or more"): the amounts with the
 * shared counter rules, the UTR and the cheque details.
 * @param earlierCashPaise the member's cash of today already received ({@link cashToday}), paise
 */
export function checkDues(
  lines: readonly DueLine[],
  values: DuesValues,
  earlierCashPaise: Paise = ZERO_PAISE,
): DuesCheck {
  const chosen = lines.filter((line) => values.selected.includes(line.paymentId));
  const short = chosen.filter((line) => belowDue(line, values.amounts[line.paymentId]));
  const typed = (line: DueLine) => typedPaise(line, values.amounts[line.paymentId]) ?? ZERO_PAISE;
  const totalPaise = sumPaise(chosen.map(typed));
  const excess = chosen
    .map((line) => ({ line, excessPaise: excessAboveDue(line.duePaise, typed(line)) }))
    .filter((entry) => entry.line.variable && entry.excessPaise > 0);
  const aboveLimit = chosen.filter((line) => lineAboveLimit(typed(line), MAX_LINE_PAISE));
  const cashLimit = values.method === 'cash' && cashLimitReached(earlierCashPaise, totalPaise);
  const utrBad = values.method === 'upi' && values.utr.trim() !== '' && !UTR_PATTERN.test(values.utr.trim());
  const chequeMissing =
    values.method === 'cheque' &&
    (!values.bank.trim() || !values.chequeNumber.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(values.chequeDate));
  const blocked =
    chosen.length === 0 || short.length > 0 || aboveLimit.length > 0 || cashLimit || utrBad || chequeMissing;
  return { chosen, short, totalPaise, utrBad, chequeMissing, excess, aboveLimit, cashLimit, blocked };
}

/**
 * The member's cash received today (parish date) among their payments, paise: paid by cash at
 * the office (a voided receipt's dues are pending again, so they do not count). The counter's
 * early reading of section 269ST; the server counts the receipts themselves.
 */
export function cashToday(payments: readonly PaymentRecord[], now: Date, timeZone = DEFAULT_PARISH_TIMEZONE): Paise {
  const today = calendarDateIn(now, timeZone);
  return sumPaise(
    payments
      .filter((p) => p.status === 'paid' && p.paymentMethod === 'cash' && p.paidAt)
      .filter((p) => calendarDateIn(new Date(p.paidAt ?? ''), timeZone) === today)
      .map((p) => parseRupeesToPaise(p.paidAmount ?? p.amount) ?? ZERO_PAISE),
  );
}

/**
 * The reference sent for the method (issue 27, item 5: one reference field per method): cash the
 * typed Payment Reference; a cheque its number; UPI none, its UTR is sent as `utr` (the server
 * keeps a UPI payment's UTR as its transaction id). Trimmed; undefined when blank.
 */
function methodReference(values: DuesValues): string | undefined {
  const reference =
    values.method === 'cash' ? values.reference.trim() : values.method === 'cheque' ? values.chequeNumber.trim() : '';
  return reference || undefined;
}

/**
 * The `POST /api/collections` body of the form's values: the ticked lines with their amounts in
 * rupees, the method, the method's reference ({@link methodReference}: stored as the transaction
 * id) and remarks only when given (trimmed), a UPI payment's UTR when typed, a cheque's bank,
 * number and date. A field of another method than the chosen one is never sent.
 */
export function duesBody(memberId: string, lines: readonly DueLine[], values: DuesValues): CollectDuesInputRaw {
  const reference = methodReference(values);
  const remarks = values.remarks.trim();
  return {
    memberId,
    items: lines
      .filter((line) => values.selected.includes(line.paymentId))
      .map((line) => ({
        paymentId: line.paymentId,
        amount: paiseToRupees(typedPaise(line, values.amounts[line.paymentId]) ?? ZERO_PAISE),
      })),
    paymentMethod: values.method,
    ...(reference && { reference }),
    ...(remarks && { notes: remarks }),
    ...(values.method === 'upi' && values.utr.trim() ? { utr: values.utr.trim() } : {}),
    ...(values.method === 'cheque'
      ? { cheque: { bank: values.bank.trim(), number: values.chequeNumber.trim(), date: values.chequeDate } }
      : {}),
  };
}
