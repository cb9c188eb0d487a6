import type { ErrorCodeValue } from '@parish/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { createCustomerOrder } from './api.ts';
import type { FlowControls } from './use-flow-controls.ts';
import { useGatewayAnswer } from './use-gateway-answer.ts';
import { CheckoutError, openCheckout, savePaymentContext, waitForSdk } from './worldline-checkout.ts';
import { gatewayText } from '../../lib/gateway-text.ts';

/**
 * Pay on the confirm dialog (docs/domain.md, "§4 Payment rules", "Customer payment flow"): waits
 * for the Worldline SDK (no order is left behind when it cannot load), creates the order, keeps the
 * payment context for the return, opens the checkout, closes the dialog and starts the 30-second
 * watchdog. A refused order ends in the failure dialog, except the arrears gate (code
 * `ARREARS_FIRST`), which stops with a notice. Nothing happens without a confirm dialog or while
 * processing.
 * @param memberName the signed-in member, kept in the payment context
 */
export function useCheckout(controls: FlowControls, memberName: string): () => Promise<void> {
  const { t } = useTranslation();
  const handleResponse = useGatewayAnswer(controls);
  const { state, dispatch, beginAttempt, isCurrent, startWatchdog, fail, stop } = controls;
  const { confirm, processing } = state;
  return useCallback(async () => {
    const request = confirm;
    if (!request || processing) return;
    const mine = beginAttempt();
    dispatch({ type: 'process' });
    try {
      // The SDK first (its script started loading when the dialog opened): no order is left
      // behind when it cannot load.
      const checkout = await waitForSdk(t('portal.errors.sdkNotLoaded'));
      if (!isCurrent(mine)) return;
      const order = await createCustomerOrder({
        paymentIds: request.payments.map((payment) => payment._id),
        ...(Object.keys(request.customAmounts).length > 0 ? { customAmounts: request.customAmounts } : {}),
      });
      if (!isCurrent(mine)) return;
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
      startWatchdog(() => {
        if (isCurrent(mine)) fail(t('portal.failed.watchdog'), request);
      });
    } catch (error) {
      if (!isCurrent(mine)) return;
      if (error instanceof CheckoutError) return fail(gatewayText(error.message) ?? error.message, request);
      const message = errorText(error, t('portal.errors.createOrderFailed'));
      // The server's domain code, not its English text, says the arrears come first.
      if (error instanceof ApiError && error.code === ('ARREARS_FIRST' satisfies ErrorCodeValue)) {
        stop({ color: 'yellow', title: t('portal.notices.arrearsTitle'), message });
        return;
      }
      // A due under ₹1.00 is paid at the office (decision 0108): said in the member's language.
      if (error instanceof ApiError && error.code === ('PAY_AT_OFFICE' satisfies ErrorCodeValue)) {
        stop({ color: 'yellow', title: t('common.information'), message: t('messages.payAtOffice') });
        return;
      }
      fail(t('portal.failed.initPrefix', { message }), request);
    }
  }, [
    confirm,
    processing,
    beginAttempt,
    isCurrent,
    dispatch,
    memberName,
    t,
    handleResponse,
    startWatchdog,
    fail,
    stop,
  ]);
}
