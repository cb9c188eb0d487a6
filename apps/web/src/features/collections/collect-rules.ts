import {
  MSG,
  amountBelowDueMessage,
  formatINR,
  formatPaisePlain,
  paiseToRupees,
  parseRupeesToPaise,
  type CollectPaymentInputRaw,
  type CollectionMethod,
  type Paise,
} from '@parish/shared';

/**
 * The rules of the Collect Payment form (docs/domain.md, "§4 Payment rules" and "§5 Validation"):
 * the due amount is collected, or more on a variable-amount head, never less.
 */

/** The form's values: the amount as the number input holds it (a number, or text while typed). */
export interface CollectValues {
  amount: string | number;
  method: CollectionMethod;
  reference: string;
  remarks: string;
}

/** Paise as plain rupee text for the amount field: `150050` -> `"1500.50"` (no grouping, no sign). */
export function rupeesText(paise: Paise): string {
  return formatPaisePlain(paise);
}

/** The paise to collect: the entered amount on a variable head, else the due amount; null when unreadable. */
export function collectedPaise(amount: string | number, duePaise: Paise, variable: boolean): Paise | null {
  return variable ? parseRupeesToPaise(String(amount)) : duePaise;
}

/**
 * What is wrong with the amount, or null: 'Please enter a valid amount' when it is not a rupee
 * amount with at most 2 decimals, 'The amount cannot be less than the due amount of ₹…' below it.
 */
export function collectionProblem(amount: string | number, duePaise: Paise, variable: boolean): string | null {
  const paise = collectedPaise(amount, duePaise, variable);
  if (paise === null) return MSG.invalidAmount;
  if (paise < duePaise) return amountBelowDueMessage(formatINR(duePaise));
  return null;
}

/**
 * The `POST /api/payments/{id}/collect` body of checked values: a manual collection of the amount
 * in rupees, with the reference and remarks only when given (trimmed).
 */
export function collectionBody(values: CollectValues, duePaise: Paise, variable: boolean): CollectPaymentInputRaw {
  const paise = collectedPaise(values.amount, duePaise, variable) ?? duePaise;
  const reference = values.reference.trim();
  const remarks = values.remarks.trim();
  return {
    collectionMode: 'manual',
    collectionAmount: paiseToRupees(paise),
    paymentMethod: values.method,
    ...(reference && { pgTransactionId: reference }),
    ...(remarks && { notes: remarks }),
  };
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

/** Whether a line's typed amount is below its due (Confirm stays disabled while any is). */
export function belowDue(line: DueLine, amount: string | number | undefined): boolean {
  const paise = typedPaise(line, amount);
  return paise === null || paise < line.duePaise;
}

/**
 * The dues offered for collection: every pending due, arrears first (then by year and name), with
 * the arrears preselected and the due the cashier clicked (`docs/domain.md`, "Collecting several dues").
 */
export function offeredDues(
  pending: readonly DueLine[],
  clicked: string | null,
): { lines: DueLine[]; selected: string[] } {
  const rank = (type: string) => (type === 'arrear' ? 0 : type === 'current due' ? 1 : 2);
  const lines = [...pending].sort(
    (a, b) => rank(a.type) - rank(b.type) || a.year - b.year || a.headName.localeCompare(b.headName),
  );
  const selected = lines
    .filter((line) => line.type === 'arrear' || line.paymentId === clicked)
    .map((line) => line.paymentId);
  return { lines, selected };
}
