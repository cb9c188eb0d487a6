import { notifications, type NotificationData } from '@mantine/notifications';
import type { CustomerPayments } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';

import { portalKeys } from './api.ts';
import {
  flowReducer,
  INITIAL_FLOW,
  type FlowAction,
  type FlowState,
  type PaymentRequest,
} from './payment-flow-state.ts';
import { CHECKOUT_WATCHDOG_MS, clearPaymentContext } from './worldline-checkout.ts';

/**
 * Payment refresh delays after a success (`docs/domain.md`, §2 "Page sizes and timings"): 1 s, then
 * 2 s, then the check 3 s later.
 */
export const REFRESH_DELAYS_MS = [1000, 2000, 3000] as const;

/**
 * The payment flow's state with what every step of it ends with (use-payment-flow.ts composes the
 * steps): the outcome dialogs, the watchdog and the refreshes after a payment.
 */
export interface FlowControls {
  state: FlowState;
  dispatch: Dispatch<FlowAction>;
  /** Starts an attempt (Pay): its number, for {@link FlowControls.isCurrent}. */
  beginAttempt: () => number;
  /** Whether attempt `mine` is still the current one (not finished, not Reset): a late answer of an old one is ignored. */
  isCurrent: (mine: number) => boolean;
  clearWatchdog: () => void;
  /** Calls `onTimeout` after {@link CHECKOUT_WATCHDOG_MS} (30 s) unless the watchdog is cleared first. */
  startWatchdog: (onTimeout: () => void) => void;
  /** 1 s: refetch; 2 s later: refetch; 3 s after that: warn if any of `paidIds` still shows pending. */
  scheduleRefreshes: (paidIds: readonly string[]) => void;
  /** Ends the attempt with the failure dialog (Try Again reopens `retry`). */
  fail: (message: string, retry: PaymentRequest | null) => void;
  /**
   * Ends the attempt with the success dialog (about our transaction `txnId` when known), forgets
   * the payment context and schedules the refreshes.
   */
  succeed: (message: string, paidIds: readonly string[], txnId?: string | null) => void;
  /** Ends the attempt without an outcome (back to choosing) and shows `notice`. */
  stop: (notice: NotificationData) => void;
  /** Emergency Reset: ends the attempt, clears a stuck processing state and forgets the payment context. */
  reset: () => void;
}

/**
 * The payment flow's reducer, the attempt counter, the 30-second watchdog and the refresh timers
 * (all cleared on unmount), and the ways an attempt ends (docs/domain.md, "§4 Payment rules",
 * "Customer payment flow").
 */
export function useFlowControls(): FlowControls {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(flowReducer, INITIAL_FLOW);
  const watchdog = useRef<number | null>(null);
  const timers = useRef<number[]>([]);
  /** Incremented by Reset and by every finished attempt, so a late answer of an old one is ignored. */
  const attempt = useRef(0);

  const beginAttempt = useCallback(() => {
    attempt.current += 1;
    return attempt.current;
  }, []);

  const isCurrent = useCallback((mine: number) => mine === attempt.current, []);

  const clearWatchdog = useCallback(() => {
    if (watchdog.current !== null) window.clearTimeout(watchdog.current);
    watchdog.current = null;
  }, []);

  const startWatchdog = useCallback((onTimeout: () => void) => {
    watchdog.current = window.setTimeout(onTimeout, CHECKOUT_WATCHDOG_MS);
  }, []);

  useEffect(
    () => () => {
      clearWatchdog();
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [clearWatchdog],
  );

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

  const fail = useCallback(
    (message: string, retry: PaymentRequest | null) => {
      attempt.current += 1;
      clearWatchdog();
      dispatch({ type: 'fail', failure: { message, retry } });
    },
    [clearWatchdog],
  );

  const succeed = useCallback(
    (message: string, paidIds: readonly string[], txnId: string | null = null) => {
      attempt.current += 1;
      clearWatchdog();
      dispatch({ type: 'succeed', message, txnId });
      clearPaymentContext();
      scheduleRefreshes(paidIds);
    },
    [clearWatchdog, scheduleRefreshes],
  );

  const stop = useCallback((notice: NotificationData) => {
    attempt.current += 1;
    dispatch({ type: 'stop' });
    notifications.show(notice);
  }, []);

  const reset = useCallback(() => {
    attempt.current += 1;
    clearWatchdog();
    dispatch({ type: 'reset' });
    clearPaymentContext();
  }, [clearWatchdog]);

  return {
    state,
    dispatch,
    beginAttempt,
    isCurrent,
    clearWatchdog,
    startWatchdog,
    scheduleRefreshes,
    fail,
    succeed,
    stop,
    reset,
  };
}
