import { notifications } from '@mantine/notifications';
import { MSG, type CustomerPayments, type PaymentRecord } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { portalKeys } from './api.ts';
import {
  checkRequest,
  retryRequest,
  type ConfirmMode,
  type FailureState,
  type PaymentRequest,
  type SuccessState,
} from './payment-flow-state.ts';
import { useCheckout } from './use-checkout.ts';
import { REFRESH_DELAYS_MS, useFlowControls } from './use-flow-controls.ts';
import { useShowReturn, type ReturnOutcome } from './use-show-return.ts';
import { gatewayText } from '../../lib/gateway-text.ts';

/**
 * The customer payment flow (docs/domain.md, "§4 Payment rules"): choose, confirm with the gateway,
 * process (controls disabled), then the success or the failure dialog; the emergency Reset; the
 * 30-second watchdog; after a success the refreshes at 1 s and 2 s later and the check 3 s after
 * that. The states and transitions are payment-flow-state.ts; this hook runs them with
 * use-flow-controls.ts (the reducer, the watchdog, the refreshes, how an attempt ends),
 * use-checkout.ts (Pay), use-gateway-answer.ts (the checkout's answer) and use-show-return.ts
 * (a return from the gateway).
 */

export type { ConfirmMode, FailureState, PaymentRequest, ReturnOutcome };
export { REFRESH_DELAYS_MS };

/** Everything the dashboard needs from the flow. */
export interface PaymentFlow {
  confirm: PaymentRequest | null;
  processing: boolean;
  failure: FailureState | null;
  success: SuccessState | null;
  /**
   * Opens the confirm dialog after checking the amounts and the arrears gate.
   * @returns whether the dialog opens (false: a notice says why not)
   */
  requestPayment(mode: ConfirmMode, payments: PaymentRecord[], entered: Record<string, string>): boolean;
  cancelConfirm(): void;
  /** Creates the order and opens the checkout. */
  pay(): Promise<void>;
  /** Emergency Reset: clears a stuck processing state. */
  reset(): void;
  closeFailure(): void;
  tryAgain(): void;
  closeSuccess(): void;
  /** Shows the outcome of a gateway return (query parameters) and schedules the refreshes. */
  showReturn(outcome: ReturnOutcome): void;
}

/**
 * State and actions of the payment flow.
 * @param memberName the signed-in member, kept in the payment context.
 * @param arrearsBlocking whether arrears block current dues (the arrears gate, `docs/domain.md`, §4 "Arrears first").
 */
export function usePaymentFlow(memberName: string, arrearsBlocking: boolean): PaymentFlow {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const controls = useFlowControls();
  const { state, dispatch, reset } = controls;
  const { confirm, processing, failure, success } = state;
  const pay = useCheckout(controls, memberName);
  const showReturn = useShowReturn(controls);

  const requestPayment = useCallback(
    (mode: ConfirmMode, payments: PaymentRecord[], entered: Record<string, string>) => {
      const checked = checkRequest(mode, payments, entered, arrearsBlocking);
      if (checked.kind === 'arrearsFirst') {
        notifications.show({
          color: 'yellow',
          title: t('portal.notices.arrearsTitle'),
          message: t('messages.arrearsFirst'),
        });
      } else if (checked.kind === 'invalidAmount') {
        notifications.show({
          color: 'red',
          title: t('portal.notices.invalidAmountTitle'),
          message: gatewayText(MSG.invalidAmount) ?? MSG.invalidAmount,
        });
      } else if (checked.kind === 'ok') {
        dispatch({ type: 'confirm', request: checked.request });
        return true;
      }
      return false;
    },
    [arrearsBlocking, dispatch, t],
  );

  const cancelConfirm = useCallback(() => dispatch({ type: 'cancelConfirm' }), [dispatch]);

  const closeFailure = useCallback(() => dispatch({ type: 'closeFailure' }), [dispatch]);

  const tryAgain = useCallback(() => {
    const retryIds = failure?.retryIds;
    const pending = () => queryClient.getQueryData<CustomerPayments>(portalKeys.payments('pending'))?.items ?? [];
    const retry = failure?.retry ?? (retryIds ? retryRequest(retryIds.mode, retryIds.paymentIds, pending()) : null);
    dispatch({ type: 'tryAgain', retry });
  }, [dispatch, failure, queryClient]);

  const closeSuccess = useCallback(() => dispatch({ type: 'closeSuccess' }), [dispatch]);

  return {
    confirm,
    processing,
    failure,
    success,
    requestPayment,
    cancelConfirm,
    pay,
    reset,
    closeFailure,
    tryAgain,
    closeSuccess,
    showReturn,
  };
}
