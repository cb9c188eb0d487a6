import { arrearsGateBlocks, type Paise, type PaymentRecord } from '@parish/shared';

import { headTypes, orderAmounts } from './payment-rules.ts';

/**
 * The states of the customer payment flow and their transitions, as pure functions (docs/domain.md,
 * "§4 Payment rules", "Customer payment flow"): choose, confirm, process (controls disabled), then
 * the success or the failure dialog. use-payment-flow.ts runs them with the gateway, the timers and
 * the notifications.
 */

/** Which confirm dialog: one payment, the selection, or all arrears (docs/domain.md, "§2 Screens", "Dialogs"). */
export type ConfirmMode = 'single' | 'selected' | 'arrears';

/** What the confirm dialog shows and pays. */
export interface PaymentRequest {
  mode: ConfirmMode;
  payments: PaymentRecord[];
  /** Sum of the effective amounts, paise. */
  totalPaise: Paise;
  customAmounts: Record<string, string>;
}

/** The failure dialog: its message, and what Try Again reopens (null: nothing to retry). */
export interface FailureState {
  message: string;
  retry: PaymentRequest | null;
  /** After a return from the gateway: the stored payments to offer again (resolved on Try Again). */
  retryIds?: { mode: ConfirmMode; paymentIds: string[] };
}

/** The flow's state: the open confirm dialog, whether a payment is processing, and the outcome dialogs. */
export interface FlowState {
  confirm: PaymentRequest | null;
  processing: boolean;
  failure: FailureState | null;
  /** The success dialog: its message and the transaction it is about (null when unknown). */
  success: SuccessState | null;
}

/**
 * The success dialog: the message, and our transaction id when known (the dialog then reads that
 * transaction's money paid twice, if any: decision 0142).
 */
export interface SuccessState {
  message: string;
  txnId: string | null;
}

/** The state before anything is chosen. */
export const INITIAL_FLOW: FlowState = { confirm: null, processing: false, failure: null, success: null };

/** What happens to the flow. */
export type FlowAction =
  /** The confirm dialog opens for a checked request (an earlier failure is dismissed). */
  | { type: 'confirm'; request: PaymentRequest }
  /** Pay was pressed: processing until an outcome. */
  | { type: 'process' }
  /** The gateway has the checkout: the confirm dialog closes, processing goes on. */
  | { type: 'checkoutOpened' }
  /** The payment failed: the failure dialog with its message (and what Try Again reopens). */
  | { type: 'fail'; failure: FailureState }
  /** A return from the gateway reported a failure: the failure dialog (nothing else changes). */
  | { type: 'returnFailed'; failure: FailureState }
  /** The payment succeeded: the success dialog. */
  | { type: 'succeed'; message: string; txnId?: string | null }
  /** No outcome yet (the bank's answer is awaited) or refused before paying: back to choosing. */
  | { type: 'stop' }
  /** Emergency Reset: clears a stuck processing state. */
  | { type: 'reset' }
  /** Cancel on the confirm dialog; ignored while processing. */
  | { type: 'cancelConfirm' }
  | { type: 'closeFailure' }
  /** Try Again: the failure closes and the confirm dialog reopens with `retry` (if any). */
  | { type: 'tryAgain'; retry: PaymentRequest | null }
  | { type: 'closeSuccess' };

/** The state after `action`. */
export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'confirm':
      return { ...state, failure: null, confirm: action.request };
    case 'process':
      return { ...state, processing: true };
    case 'checkoutOpened':
      return { ...state, confirm: null };
    case 'fail':
      return { ...state, processing: false, failure: action.failure };
    case 'returnFailed':
      return { ...state, failure: action.failure };
    case 'succeed':
      return {
        ...state,
        processing: false,
        confirm: null,
        success: { message: action.message, txnId: action.txnId ?? null },
      };
    case 'stop':
    case 'reset':
      return { ...state, processing: false, confirm: null };
    case 'cancelConfirm':
      return state.processing ? state : { ...state, confirm: null };
    case 'closeFailure':
      return { ...state, failure: null, confirm: null };
    case 'tryAgain':
      return { ...state, failure: null, confirm: action.retry };
    case 'closeSuccess':
      return { ...state, success: null };
  }
}

/**
 * Checks a payment request before the confirm dialog opens (docs/domain.md, "§5 Validation",
 * "Arrears gate" and "Variable-amount payment"), with the shared `arrearsGateBlocks` the server
 * applies to the order.
 * @returns `none` for an empty choice, `arrearsFirst` when a current due is chosen while arrears
 *   block it, `invalidAmount` when an entered amount is not a rupee amount, else the request.
 */
export function checkRequest(
  mode: ConfirmMode,
  payments: PaymentRecord[],
  entered: Readonly<Record<string, string>>,
  arrearsBlocking: boolean,
): { kind: 'none' | 'arrearsFirst' | 'invalidAmount' } | { kind: 'ok'; request: PaymentRequest } {
  if (payments.length === 0) return { kind: 'none' };
  if (arrearsGateBlocks(headTypes(payments), arrearsBlocking)) {
    return { kind: 'arrearsFirst' };
  }
  const amounts = orderAmounts(payments, entered);
  if (!amounts) return { kind: 'invalidAmount' };
  return { kind: 'ok', request: { mode, payments, ...amounts } };
}

/**
 * What the checkout's status code means (Worldline): 0398 and 0396 are awaiting the bank, 0392 is
 * cancelled by the member, 0300 is to be verified by the server, 0399 failed with the gateway's
 * message, anything else an unknown status.
 */
export function gatewayOutcome(code: string): 'pending' | 'cancelled' | 'verify' | 'failed' | 'unknown' {
  if (code === '0398' || code === '0396') return 'pending';
  if (code === '0392') return 'cancelled';
  if (code === '0300') return 'verify';
  if (code === '0399') return 'failed';
  return 'unknown';
}

/** The catalogue key of the failure message when the gateway gave none, by confirm dialog. */
export function defaultFailureKey(mode: ConfirmMode | undefined): string {
  if (mode === 'arrears') return 'portal.failed.arrears';
  if (mode === 'selected') return 'portal.failed.multiple';
  return 'portal.failed.single';
}

/**
 * The request Try Again reopens after a return from the gateway: the stored payment ids that are
 * still pending, at their due amounts (the member re-enters a custom amount if wanted).
 * @returns null when none of them is pending any more.
 */
export function retryRequest(
  mode: ConfirmMode,
  paymentIds: readonly string[],
  pending: readonly PaymentRecord[],
): PaymentRequest | null {
  const payments = pending.filter((item) => paymentIds.includes(item._id));
  if (payments.length === 0) return null;
  const amounts = orderAmounts(payments, {});
  return amounts ? { mode, payments, ...amounts } : null;
}
