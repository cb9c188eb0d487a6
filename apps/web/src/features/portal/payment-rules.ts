import {
  ZERO_PAISE,
  addPaise,
  arrearsGateBlocks,
  effectiveAmount as sharedEffectiveAmount,
  formatPaisePlain,
  paymentKindOf,
  type EffectiveAmount,
  type Paise,
  type PaymentRecord,
} from '@parish/shared';

import { paiseOf } from '../../lib/money.ts';

/**
 * The member portal's payment rules (`docs/domain.md`, §4 "Arrears first" and §5 "Variable-amount
 * payment"). Pure functions: the server applies the same rules again when it creates the order, so
 * these only shape what the member can choose.
 */

/**
 * What these rules read of a payment: its id, assigned amount (rupees), status, and its head's
 * type and variable-amount flag. A portal `PaymentRecord` is one; so is a payment link's due
 * shaped by `payLinkPayment` (pay-link-selection.ts), so both pages choose by the same rules.
 */
export interface RulePayment {
  _id: string;
  /** Rupees. */
  amount: PaymentRecord['amount'];
  status: PaymentRecord['status'];
  paymentHeadId: { type: string; variable_amount: boolean };
}

/** The head types of some payments, as the shared arrears gate (`arrearsGateBlocks`) reads them. */
export function headTypes(payments: readonly RulePayment[]): string[] {
  return payments.map((payment) => payment.paymentHeadId.type);
}

/**
 * Catalogue key of a type badge (`docs/domain.md`, §2 "Paid tab"): ARREARS, MISCELLANEOUS, CURRENT
 * DUE; on the Paid tab a legacy `due` head shows DUE.
 */
export function typeBadgeKey(type: string, paidTab = false): 'arrears' | 'miscellaneous' | 'currentDue' | 'due' {
  if (paidTab && type.trim().toLowerCase() === 'due') return 'due';
  const kind = paymentKindOf(type);
  return kind === 'arrear' ? 'arrears' : kind === 'misc' ? 'miscellaneous' : 'currentDue';
}

/** The pending payments split into the Pending tab's sections, in the order the server gave. */
export interface PendingGroups<P extends RulePayment = PaymentRecord> {
  arrears: P[];
  misc: P[];
  current: P[];
}

/** Splits pending payments into arrears, miscellaneous and current dues. */
export function groupPending<P extends RulePayment>(items: readonly P[]): PendingGroups<P> {
  const groups: PendingGroups<P> = { arrears: [], misc: [], current: [] };
  for (const item of items) {
    if (item.status !== 'pending') continue;
    const kind = paymentKindOf(item.paymentHeadId.type);
    if (kind === 'arrear') groups.arrears.push(item);
    else if (kind === 'misc') groups.misc.push(item);
    else groups.current.push(item);
  }
  return groups;
}

/**
 * The payments "Select All" and the pay-all list take (`docs/domain.md`, §4 "Arrears first"):
 * arrears plus miscellaneous, plus current dues only when no arrears block them (the shared
 * `arrearsGateBlocks`, one payment at a time).
 */
export function selectablePayments<P extends RulePayment>(groups: PendingGroups<P>, arrearsBlocking: boolean): P[] {
  return [...groups.arrears, ...groups.misc, ...groups.current].filter(
    (payment) => !arrearsGateBlocks(headTypes([payment]), arrearsBlocking),
  );
}

/**
 * Filters what the member types into a variable-amount field (`docs/domain.md`, §5 "Variable-amount
 * payment"): only digits and one decimal point, or empty. Returns the new text, or the previous one
 * when the keystroke is refused.
 */
export function acceptAmountInput(next: string, previous: string): string {
  return /^\d*\.?\d*$/.test(next) ? next : previous;
}

/**
 * The effective amount of a payment (`docs/domain.md`, §5 "Variable-amount payment"): for a variable head,
 * the entered amount when it is above the due amount, else the due amount (blank falls back to the
 * due amount); text that is not a rupee amount with at most 2 decimals is refused ('Please enter a
 * valid amount'). Fixed heads always pay the due amount.
 * @returns paise and whether it differs from the due amount (a custom amount for the order).
 */
export function effectiveAmount(payment: RulePayment, entered: string | undefined): EffectiveAmount {
  return sharedEffectiveAmount(paiseOf(payment.amount), payment.paymentHeadId.variable_amount, entered);
}

/** The order request's amounts for a set of payments. */
export interface OrderAmounts {
  /** Sum of the effective amounts, in paise. */
  totalPaise: Paise;
  /** `customAmounts` of the order request: payment id to a rupee string with 2 decimals. */
  customAmounts: Record<string, string>;
}

/**
 * Sums the effective amounts of `payments` and collects the custom ones.
 * @returns null when any entered amount is not valid.
 */
export function orderAmounts(
  payments: readonly RulePayment[],
  entered: Readonly<Record<string, string>>,
): OrderAmounts | null {
  let totalPaise = ZERO_PAISE;
  const customAmounts: Record<string, string> = {};
  for (const payment of payments) {
    const amount = effectiveAmount(payment, entered[payment._id]);
    if (!amount.ok) return null;
    totalPaise = addPaise(totalPaise, amount.paise);
    if (amount.custom) customAmounts[payment._id] = formatPaisePlain(amount.paise);
  }
  return { totalPaise, customAmounts };
}
