import {
  collectionAmountProblem,
  formatPaisePlain,
  parseRupeesToPaise,
  paymentKindOf,
  type Paise,
  type PaymentKind,
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
  const selected = lines
    .filter((line) => isArrear(line) || line.paymentId === clicked)
    .map((line) => line.paymentId);
  return { lines, selected };
}
