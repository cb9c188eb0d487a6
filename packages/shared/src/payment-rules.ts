import { toCanonicalHeadType } from './head-types.ts';
import { paise, parseRupeesToPaise, type Paise } from './money.ts';

/**
 * The payment rules both sides apply, in one place (`docs/domain.md`, "§4 Payment rules" and
 * "§5 Validation"): the effective amount of a variable-amount payment, the arrears gate, and the
 * check of an amount collected at the office. Pure functions on paise; the web shapes what the
 * member or cashier may choose with them, and the server applies them again to what arrives.
 */

/**
 * The amount one payment is paid with, or why the entered amount cannot be used.
 * - `ok: true`: `paise` to charge; `custom` is true when it differs from the due amount (it goes
 *   into the order request's `customAmounts`).
 * - `ok: false`: the entered text is not a rupee amount ('Please enter a valid amount').
 */
export type EffectiveAmount = { ok: true; paise: Paise; custom: boolean } | { ok: false };

/**
 * The effective amount of a payment (`docs/domain.md`, "Variable-amount payment"): on a
 * variable-amount head, the entered amount when it is above the due amount, else the due amount;
 * blank (absent, empty or only spaces) falls back to the due amount. On any other head the
 * entered amount is ignored, whatever it is. The entered amount is read by
 * {@link parseRupeesToPaise} (at most two decimals; `"1,500"` and `"₹1500"` are read too).
 * @param duePaise the assigned (due) amount, integer paise
 * @param variable the head's `variable_amount`
 * @param entered what the member typed (text), or the order request's custom amount (text or a
 *   rupee number); undefined when none
 * @returns the amount in paise and whether it is custom, or `{ ok: false }` for an entered amount
 *   that is not a non-negative rupee amount with at most two decimals.
 */
export function effectiveAmount(
  duePaise: Paise,
  variable: boolean,
  entered: string | number | undefined,
): EffectiveAmount {
  if (!variable || entered === undefined) return { ok: true, paise: duePaise, custom: false };
  if (typeof entered === 'string' && entered.trim() === '') return { ok: true, paise: duePaise, custom: false };
  const paise = parseRupeesToPaise(entered);
  if (paise === null) return { ok: false };
  return paise > duePaise ? { ok: true, paise, custom: true } : { ok: true, paise: duePaise, custom: false };
}

/**
 * How the arrears gate sees a head type (`docs/domain.md`, §4 "Arrears first"): arrears,
 * miscellaneous, or a current due — anything that is not arrear or miscellaneous, legacy
 * `normal` / `due` / `current` and unknown values included (the display rule of "§3 Data").
 */
export type PaymentKind = 'arrear' | 'current' | 'misc';

/** The {@link PaymentKind} of a head type, canonical or legacy, any case. */
export function paymentKindOf(type: string): PaymentKind {
  const canonical = toCanonicalHeadType(type);
  if (canonical === 'arrear') return 'arrear';
  if (canonical === 'miscellaneous') return 'misc';
  return 'current';
}

/**
 * The arrears gate (`docs/domain.md`, "Arrears first"): paying a current due while ANY arrear of
 * the member is pending is refused — also when those arrears are in the same order (one order that
 * pays both would let a failed arrear leave a paid current due behind). Arrears and
 * miscellaneous are never blocked.
 * @param headTypes the head types of the payments to be paid (canonical or legacy)
 * @param hasPendingArrears whether the member has any pending arrear, in this order or not
 * @returns true when the payment must be refused ('You need to clear your arrears before paying
 *   current dues.', code `ARREARS_FIRST`).
 */
export function arrearsGateBlocks(headTypes: readonly string[], hasPendingArrears: boolean): boolean {
  return hasPendingArrears && headTypes.some((type) => paymentKindOf(type) === 'current');
}

/**
 * What is wrong with an amount collected at the office for a pending payment (`docs/domain.md`,
 * "Effective amount" and "§7 API", collect): never below the due amount; above it only on a
 * variable-amount head.
 * @param duePaise the assigned amount, paise
 * @param variable the head's `variable_amount`
 * @param collectedPaise the amount being collected, paise
 * @returns null when the amount may be collected; `'below_due'` (400 `AMOUNT_BELOW_DUE`) when it
 *   is less than the due amount; `'fixed'` (400 `AMOUNT_FIXED`) when it differs from the due
 *   amount of a head without a variable amount. Below-due is reported first.
 */
export function collectionAmountProblem(
  duePaise: Paise,
  variable: boolean,
  collectedPaise: Paise,
): 'below_due' | 'fixed' | null {
  if (collectedPaise < duePaise) return 'below_due';
  if (collectedPaise !== duePaise && !variable) return 'fixed';
  return null;
}

/**
 * The largest amount one line may carry, in paise: ₹1,00,00,000.00 (one crore; `docs/domain.md`,
 * §4 "Limits on one line", decision 0105). A parish setting (`maxLineAmount`) may lower it, never
 * raise it. It binds every line collected at the counter, every line of an online order, and a
 * payment head's amount.
 */
export const MAX_LINE_PAISE: Paise = paise(1_00_00_000_00);

/**
 * Cash from one member in one parish day that the counter refuses, in paise: ₹2,00,000.00 or
 * more (Income-tax Act, 1961, section 269ST; `docs/domain.md`, §4 "Cash of ₹2,00,000 or more",
 * decision 0106).
 */
export const CASH_LIMIT_PAISE: Paise = paise(2_00_000_00);

/**
 * The smallest due a gateway takes, in paise: ₹1.00 (Razorpay refuses an order under ₹1 with
 * "Please enter a valid amount"; `docs/domain.md`, §4 "Dues under ₹1", decision 0108).
 */
export const MIN_ONLINE_PAISE: Paise = paise(1_00);

/**
 * The line bound in force (`docs/domain.md`, §4 "Limits on one line"): the parish setting when it is
 * a positive amount below one crore, else {@link MAX_LINE_PAISE}.
 * @param settingPaise the parish's `maxLineAmount` in paise, or null/undefined when not set
 * @returns paise, 1 to {@link MAX_LINE_PAISE}
 */
export function lineLimitPaise(settingPaise: Paise | null | undefined): Paise {
  if (settingPaise === null || settingPaise === undefined || settingPaise <= 0) return MAX_LINE_PAISE;
  return paise(Math.min(settingPaise, MAX_LINE_PAISE));
}

/**
 * Whether one line's amount is above the bound (`docs/domain.md`, §4 "Limits on one line"):
 * exactly the bound is allowed, one paisa more is refused (400 `AMOUNT_ABOVE_LIMIT`,
 * {@link lineAboveLimitMessage}).
 * @param amountPaise the line's amount, paise
 * @param limitPaise the bound in force ({@link lineLimitPaise})
 */
export function lineAboveLimit(amountPaise: Paise, limitPaise: Paise): boolean {
  return amountPaise > limitPaise;
}

/**
 * Whether cash taken now would bring one member's cash of the parish day to ₹2,00,000.00 or more
 * (Income-tax Act section 269ST; `docs/domain.md`, §4 "Cash of ₹2,00,000 or more"): 400
 * `CASH_LIMIT_269ST`, {@link cashLimitMessage}.
 * @param earlierCashPaise the member's cash receipts of the day that stand (voided ones not counted), paise
 * @param cashNowPaise the cash of this collection, paise
 */
export function cashLimitReached(earlierCashPaise: Paise, cashNowPaise: Paise): boolean {
  return earlierCashPaise + cashNowPaise >= CASH_LIMIT_PAISE;
}

/**
 * How far an amount collected is above its due, in paise (0 when it is not above): the counter asks
 * for a confirmation that names it on a variable-amount head (`docs/domain.md`, "Effective amount").
 */
export function excessAboveDue(duePaise: Paise, amountPaise: Paise): Paise {
  return paise(Math.max(0, amountPaise - duePaise));
}
