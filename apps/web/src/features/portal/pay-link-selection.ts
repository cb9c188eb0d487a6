import { arrearsGateBlocks, type PayView } from '@parish/shared';
import { useMemo } from 'react';

import { groupPending, headTypes, orderAmounts, selectablePayments, type RulePayment } from './payment-rules.ts';
import { usePendingSelection, type PendingSelection } from './use-pending-selection.ts';

/**
 * A payment link's choice of dues (decision 0140; `docs/domain.md`, §9 "Payment links without a
 * password"): the portal's own rules (payment-rules.ts, use-pending-selection.ts), so the link
 * chooses as the dashboard does: arrears first (§4 "Arrears first", decision 0016), variable
 * amounts never below the due amount (§5 "Variable-amount payment"). The server checks the order
 * again by the same rules.
 */

/** A due of the pay view, as the portal's rules read a payment. */
export type PayLinkPayment = RulePayment & { headName: string; dueDate: string | null };

/** The pay view's dues as the portal's rules read them. */
export function payLinkPayments(view: PayView): PayLinkPayment[] {
  return view.items.map((item) => ({
    _id: item._id,
    amount: item.amount,
    status: 'pending',
    paymentHeadId: { type: item.type, variable_amount: item.variableAmount },
    headName: item.headName,
    dueDate: item.dueDate,
  }));
}

/** The dues the link may pay now: arrears and miscellaneous, current dues only when no arrear waits. */
export function payableNow(view: PayView): PayLinkPayment[] {
  return selectablePayments(groupPending(payLinkPayments(view)), view.arrearsBlocking);
}

/** Whether a due waits for the arrears (a current due while an arrear is pending). */
export function waitsForArrears(payment: PayLinkPayment, arrearsBlocking: boolean): boolean {
  return arrearsGateBlocks(headTypes([payment]), arrearsBlocking);
}

/** The link's choice: the ticked dues (all payable at first), the amounts typed, and the order they make. */
export interface PayLinkChoice extends PendingSelection {
  /** Every due of the view, as the rules read them, in the view's order. */
  payments: PayLinkPayment[];
  /** The ticked dues, in the view's order. */
  chosen: PayLinkPayment[];
  /** The order's total in paise and custom amounts, or null when a typed amount is not valid. */
  amounts: ReturnType<typeof orderAmounts>;
}

/**
 * The choice on a payment link's page; every payable due is ticked at first (the pay-all list,
 * `docs/domain.md`, §4 "Arrears first").
 * @param view the pay view, loaded
 */
export function usePayLinkChoice(view: PayView): PayLinkChoice {
  const payments = useMemo(() => payLinkPayments(view), [view]);
  const selection = usePendingSelection(payments, () => new Set(payableNow(view).map((payment) => payment._id)));
  const chosen = payments.filter((payment) => selection.selected.has(payment._id));
  return { ...selection, payments, chosen, amounts: orderAmounts(chosen, selection.entered) };
}
