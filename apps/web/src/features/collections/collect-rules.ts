import {
  MSG,
  amountBelowDueMessage,
  formatINR,
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
  return formatINR(paise, { symbol: false }).replace(/,/g, '');
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
    collectionAmount: paise / 100,
    paymentMethod: values.method,
    ...(reference && { pgTransactionId: reference }),
    ...(remarks && { notes: remarks }),
  };
}
