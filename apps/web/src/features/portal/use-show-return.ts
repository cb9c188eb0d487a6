import { notifications } from '@mantine/notifications';
import { ZERO_PAISE, formatINR, parseRupeesToPaise } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { portalKeys } from './api.ts';
import { defaultFailureKey } from './payment-flow-state.ts';
import type { FlowControls } from './use-flow-controls.ts';
import { readPaymentContext, type PaymentContext } from './worldline-checkout.ts';
import { gatewayText } from '../../lib/gateway-text.ts';

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

/** The amount a return names (its `amount` in rupees, else the payment context's) as `₹…`; null when none. */
function returnAmountText(outcome: ReturnOutcome, context: PaymentContext | null): string | null {
  // Rupees as the return's text and the stored context hold them (plain numbers), read exactly.
  const rupees = outcome.amount ? Number(outcome.amount) : context ? context.amount : 0;
  const amountPaise = parseRupeesToPaise(rupees) ?? ZERO_PAISE;
  return amountPaise > 0 ? formatINR(amountPaise) : null;
}

/**
 * Shows the outcome of a return from the gateway (`docs/domain.md`, §2 "Return from a gateway"),
 * with the payment context kept before the checkout: success opens the success dialog (with the
 * amount and transaction id when known) and schedules the refreshes; failure opens the failure
 * dialog, whose Try Again offers the stored payments again; warning and info show a notice and
 * schedule the refreshes.
 */
export function useShowReturn(controls: FlowControls): (outcome: ReturnOutcome) => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { dispatch, scheduleRefreshes, succeed } = controls;
  return useCallback(
    (outcome: ReturnOutcome) => {
      const context = readPaymentContext();
      const paidIds = context?.paymentIds ?? [];
      const amountText = returnAmountText(outcome, context);
      if (outcome.payment === 'success') {
        const message =
          gatewayText(outcome.message) ??
          (amountText && outcome.txnId
            ? t('portal.success.messageTxn', { amount: amountText, txnId: outcome.txnId })
            : t('portal.callback.successText'));
        succeed(message, paidIds, outcome.txnId ?? context?.txnId ?? null);
        return;
      }
      if (outcome.payment === 'failed') {
        const base = gatewayText(outcome.message) ?? t(defaultFailureKey(context?.mode));
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
        message: gatewayText(outcome.message) ?? t('portal.notices.pendingStatus'),
      });
      scheduleRefreshes(paidIds);
    },
    [dispatch, queryClient, scheduleRefreshes, succeed, t],
  );
}
