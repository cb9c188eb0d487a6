import { notifications } from '@mantine/notifications';
import { MSG, formatINR, type CustomerPayments, type ErrorCodeValue, type PaymentRecord } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { createCustomerOrder, portalKeys } from './api.ts';
import {
  checkRequest,
  defaultFailureKey,
  flowReducer,
  gatewayOutcome,
  INITIAL_FLOW,
  retryRequest,
  type ConfirmMode,
  type FailureState,
  type PaymentRequest,
} from './payment-flow-state.ts';
import { paiseOf } from '../../lib/money.ts';
import { VerifyError, verifyWorldlinePayment } from './verify-payment.ts';
import {
  CHECKOUT_WATCHDOG_MS,
  CheckoutError,
  clearPaymentContext,
  openCheckout,
  readPaymentContext,
  savePaymentContext,
  verifyBodyFromResponse,
  waitForSdk,
  type WorldlineResponse,
} from './worldline-checkout.ts';

/**
 * The customer payment flow (docs/domain.md, "§4 Payment rules"): choose, confirm with the gateway,
 * process (controls disabled), then the success or the failure dialog; the emergency Reset; the
 * 30-second watchdog; after a success the refreshes at 1 s and 2 s later and the check 3 s after
 * that. The states and transitions are payment-flow-state.ts; this hook runs them.
 */

export type { ConfirmMode, FailureState, PaymentRequest };

/**
 * Payment refresh delays after a success (`docs/domain.md`, §2 "Page sizes and timings"): 1 s, then
 * 2 s, then the check 3 s later.
 */
export const REFRESH_DELAYS_MS = [1000, 2000, 3000] as const;

/** Everything the dashboard needs from the flow. */
export interface PaymentFlow {
  confirm: PaymentRequest | null;
  processing: boolean;
  failure: FailureState | null;
  success: string | null;
  /** Opens the confirm dialog after checking the amounts and the arrears gate. */
  requestPayment(mode: ConfirmMode, payments: PaymentRecord[], entered: Record<string, string>): void;
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
 * An outcome read from the return query (`docs/domain.md`, §2 "Return from a gateway": payment,
 * txn_id, amount, message, error, status).
 */
export interface ReturnOutcome {
  payment: 'success' | 'failed' | 'warning' | 'info';
  txnId: string | null;
  amount: string | null;
  message: string | null;
}

/**
 * State and actions of the payment flow.
 * @param memberName the signed-in member, kept in the payment context.
 * @param arrearsBlocking whether arrears block current dues (the arrears gate, `docs/domain.md`, §4 "Arrears first").
 */
export function usePaymentFlow(memberName: string, arrearsBlocking: boolean): PaymentFlow {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(flowReducer, INITIAL_FLOW);
  const { confirm, processing, failure, success } = state;
  const watchdog = useRef<number | null>(null);
  const timers = useRef<number[]>([]);
  /** Incremented by Reset and by every finished attempt, so a late answer of an old one is ignored. */
  const attempt = useRef(0);

  const clearWatchdog = useCallback(() => {
    if (watchdog.current !== null) window.clearTimeout(watchdog.current);
    watchdog.current = null;
  }, []);

  useEffect(
    () => () => {
      clearWatchdog();
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [clearWatchdog],
  );

  const defaultFailure = useCallback((mode: ConfirmMode | undefined) => t(defaultFailureKey(mode)), [t]);

  const fail = useCallback(
    (message: string, retry: PaymentRequest | null) => {
      attempt.current += 1;
      clearWatchdog();
      dispatch({ type: 'fail', failure: { message, retry } });
    },
    [clearWatchdog],
  );

  /** 1 s: refetch; 2 s later: refetch; 3 s after that: warn if paid items still show pending. */
  const scheduleRefreshes = useCallback(
    (paidIds: readonly string[]) => {
      const refresh = () => void queryClient.invalidateQueries({ queryKey: portalKeys.all });
      const [first, second, check] = REFRESH_DELAYS_MS;
      timers.current.push(window.setTimeout(refresh, first));
      timers.current.push(window.setTimeout(refresh, first + second));
      timers.current.push(
        window.setTimeout(
          async () => {
            await queryClient.refetchQueries({ queryKey: portalKeys.payments('pending') });
            const pending = queryClient.getQueryData<CustomerPayments>(portalKeys.payments('pending'));
            const stillPending = pending?.items.some((item) => paidIds.includes(item._id)) ?? false;
            if (stillPending) {
              notifications.show({
                color: 'yellow',
                title: t('portal.notices.warningTitle'),
                message: t('portal.notices.stillPending'),
              });
            }
          },
          first + second + check,
        ),
      );
    },
    [queryClient, t],
  );

  const succeed = useCallback(
    (message: string, paidIds: readonly string[]) => {
      attempt.current += 1;
      clearWatchdog();
      dispatch({ type: 'succeed', message });
      clearPaymentContext();
      scheduleRefreshes(paidIds);
    },
    [clearWatchdog, scheduleRefreshes],
  );

  const requestPayment = useCallback(
    (mode: ConfirmMode, payments: PaymentRecord[], entered: Record<string, string>) => {
      const checked = checkRequest(mode, payments, entered, arrearsBlocking);
      if (checked.kind === 'arrearsFirst') {
        notifications.show({ color: 'yellow', title: t('portal.notices.arrearsTitle'), message: MSG.arrearsFirst });
      } else if (checked.kind === 'invalidAmount') {
        notifications.show({ color: 'red', title: t('portal.notices.invalidAmountTitle'), message: MSG.invalidAmount });
      } else if (checked.kind === 'ok') {
        dispatch({ type: 'confirm', request: checked.request });
      }
    },
    [arrearsBlocking, t],
  );

  const handleResponse = useCallback(
    async (request: PaymentRequest, txnId: string, response: WorldlineResponse, mine: number) => {
      if (mine !== attempt.current) return;
      clearWatchdog();
      const body = verifyBodyFromResponse(txnId, response);
      const code = body.statusCode ?? '';
      const outcome = gatewayOutcome(code);
      if (outcome === 'pending') {
        attempt.current += 1;
        dispatch({ type: 'stop' });
        notifications.show({
          color: 'blue',
          title: t('portal.notices.infoTitle'),
          message: t('portal.notices.pendingStatus'),
        });
        scheduleRefreshes([]);
        return;
      }
      if (outcome === 'cancelled') return fail(t('portal.failed.cancelled'), request);
      if (outcome !== 'verify') {
        const message =
          outcome === 'failed'
            ? body.statusMessage || t('portal.failed.failed')
            : t('portal.failed.unknownStatus', { code: code || '-', message: body.statusMessage || body.status || '' });
        return fail(message, request);
      }
      try {
        const result = await verifyWorldlinePayment(body, {
          timeout: t('portal.callback.verifyTimeout'),
          notFound: t('portal.callback.verifyNotFound'),
          fallback: t('portal.callback.processFailed'),
        });
        if (mine !== attempt.current) return;
        if (!result.success && result.status === 'pending') {
          attempt.current += 1;
          dispatch({ type: 'stop' });
          notifications.show({
            color: 'blue',
            title: t('portal.notices.infoTitle'),
            message: result.message || t('portal.notices.pendingStatus'),
          });
          scheduleRefreshes([]);
          return;
        }
        if (!result.success) {
          return fail(
            t('portal.failed.statusUpdatePrefix', { message: result.message || t('portal.callback.verifyFailed') }),
            request,
          );
        }
        succeed(
          t('portal.success.messageTxn', { amount: formatINR(request.totalPaise), txnId }),
          result.paymentIds ?? request.payments.map((payment) => payment._id),
        );
      } catch (error) {
        if (mine !== attempt.current) return;
        const message = error instanceof VerifyError ? error.message : errorText(error);
        fail(t('portal.failed.statusUpdatePrefix', { message }), request);
      }
    },
    [clearWatchdog, fail, scheduleRefreshes, succeed, t],
  );

  const pay = useCallback(async () => {
    const request = confirm;
    if (!request || processing) return;
    attempt.current += 1;
    const mine = attempt.current;
    dispatch({ type: 'process' });
    try {
      // The SDK first (its script started loading when the dialog opened): no order is left
      // behind when it cannot load.
      const checkout = await waitForSdk(t('portal.errors.sdkNotLoaded'));
      if (mine !== attempt.current) return;
      const order = await createCustomerOrder({
        paymentIds: request.payments.map((payment) => payment._id),
        ...(Object.keys(request.customAmounts).length > 0 ? { customAmounts: request.customAmounts } : {}),
      });
      if (mine !== attempt.current) return;
      const single = request.payments.length === 1 ? request.payments[0] : undefined;
      savePaymentContext({
        paymentIds: request.payments.map((payment) => payment._id),
        txnId: order.txnId,
        amount: Number(order.amount),
        memberName,
        ...(single ? { headName: single.paymentHeadId.name } : {}),
        count: request.payments.length,
        mode: request.mode,
      });
      openCheckout(
        checkout,
        order,
        (response) => void handleResponse(request, order.txnId, response, mine),
        t('portal.errors.consumerDataMissing'),
      );
      // The checkout is the gateway's now: close the dialog so the header's Reset is in reach.
      dispatch({ type: 'checkoutOpened' });
      watchdog.current = window.setTimeout(() => {
        if (mine === attempt.current) fail(t('portal.failed.watchdog'), request);
      }, CHECKOUT_WATCHDOG_MS);
    } catch (error) {
      if (mine !== attempt.current) return;
      if (error instanceof CheckoutError) return fail(error.message, request);
      const message = errorText(error, t('portal.errors.createOrderFailed'));
      // The server's domain code, not its English text, says the arrears come first.
      if (error instanceof ApiError && error.code === ('ARREARS_FIRST' satisfies ErrorCodeValue)) {
        attempt.current += 1;
        dispatch({ type: 'stop' });
        notifications.show({ color: 'yellow', title: t('portal.notices.arrearsTitle'), message });
        return;
      }
      fail(t('portal.failed.initPrefix', { message }), request);
    }
  }, [confirm, processing, memberName, t, handleResponse, fail]);

  const reset = useCallback(() => {
    attempt.current += 1;
    clearWatchdog();
    dispatch({ type: 'reset' });
    clearPaymentContext();
  }, [clearWatchdog]);

  const cancelConfirm = useCallback(() => dispatch({ type: 'cancelConfirm' }), []);

  const closeFailure = useCallback(() => dispatch({ type: 'closeFailure' }), []);

  const tryAgain = useCallback(() => {
    const retryIds = failure?.retryIds;
    const pending = () => queryClient.getQueryData<CustomerPayments>(portalKeys.payments('pending'))?.items ?? [];
    const retry = failure?.retry ?? (retryIds ? retryRequest(retryIds.mode, retryIds.paymentIds, pending()) : null);
    dispatch({ type: 'tryAgain', retry });
  }, [failure, queryClient]);

  const closeSuccess = useCallback(() => dispatch({ type: 'closeSuccess' }), []);

  const showReturn = useCallback(
    (outcome: ReturnOutcome) => {
      const context = readPaymentContext();
      const paidIds = context?.paymentIds ?? [];
      const amountText = (() => {
        const paise = outcome.amount ? paiseOf(Number(outcome.amount)) : context ? paiseOf(context.amount) : 0;
        return paise > 0 ? formatINR(paise) : null;
      })();
      if (outcome.payment === 'success') {
        const message =
          outcome.message ??
          (amountText && outcome.txnId
            ? t('portal.success.messageTxn', { amount: amountText, txnId: outcome.txnId })
            : t('portal.callback.successText'));
        succeed(message, paidIds);
        return;
      }
      if (outcome.payment === 'failed') {
        const base = outcome.message ?? defaultFailure(context?.mode);
        const message =
          outcome.txnId && amountText
            ? t('portal.failed.withTxn', { message: base, txnId: outcome.txnId, amount: amountText })
            : base;
        dispatch({
          type: 'returnFailed',
          failure: {
            message,
            retry: null,
            ...(context ? { retryIds: { mode: context.mode, paymentIds: context.paymentIds } } : {}),
          },
        });
        void queryClient.invalidateQueries({ queryKey: portalKeys.all });
        return;
      }
      notifications.show({
        color: outcome.payment === 'warning' ? 'yellow' : 'blue',
        title: outcome.payment === 'warning' ? t('portal.notices.warningTitle') : t('portal.notices.infoTitle'),
        message: outcome.message ?? t('portal.notices.pendingStatus'),
      });
      scheduleRefreshes(paidIds);
    },
    [defaultFailure, queryClient, scheduleRefreshes, succeed, t],
  );

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
