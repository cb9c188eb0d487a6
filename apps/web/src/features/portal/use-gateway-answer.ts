import { formatINR } from '@parish/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { gatewayOutcome, type PaymentRequest } from './payment-flow-state.ts';
import type { FlowControls } from './use-flow-controls.ts';
import { portalKeys } from './api.ts';
import { reportFinalAnswer, VerifyError, verifyMessages, verifyWorldlinePayment } from './verify-payment.ts';
import { verifyBodyFromResponse, type WorldlineResponse } from './worldline-checkout.ts';
import { gatewayText } from '../../lib/gateway-text.ts';

/** Reads the checkout's answer for one attempt: the request paid, its transaction id, the answer, the attempt number. */
export type GatewayAnswerHandler = (
  request: PaymentRequest,
  txnId: string,
  response: WorldlineResponse,
  mine: number,
) => Promise<void>;

/**
 * What the payment flow does with the Worldline checkout's answer (docs/domain.md, "§4 Payment
 * rules", "Customer payment flow"; the codes in `gatewayOutcome`): awaiting the bank stops with a
 * notice and the refreshes; cancelled, failed or an unknown status end in the failure dialog (a
 * cancel or failure is also posted to the server's verify route, decision 0144, which settles it
 * from the gateway's status API, and the portal's queries are refreshed once it answered);
 * success is verified by the server first (still pending: as awaiting the bank; refused or
 * unreachable: the failure dialog; verified: the success dialog). An answer of an attempt that
 * is no longer the current one (`mine`) is ignored.
 */
export function useGatewayAnswer(controls: FlowControls): GatewayAnswerHandler {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isCurrent, clearWatchdog, fail, succeed, stop, scheduleRefreshes } = controls;
  return useCallback(
    async (request: PaymentRequest, txnId: string, response: WorldlineResponse, mine: number) => {
      if (!isCurrent(mine)) return;
      clearWatchdog();
      const body = verifyBodyFromResponse(txnId, response);
      const code = body.statusCode ?? '';
      const outcome = gatewayOutcome(code);
      if (outcome === 'pending') {
        stop({ color: 'blue', title: t('portal.notices.infoTitle'), message: t('portal.notices.pendingStatus') });
        scheduleRefreshes([]);
        return;
      }
      if (outcome === 'cancelled' || outcome === 'failed') {
        // The checkout's cancel or failure goes to the server at once (decision 0144), which asks
        // the gateway's status API before it records anything; the Transactions tab then shows it.
        void reportFinalAnswer(body, verifyMessages(t)).then(() =>
          queryClient.invalidateQueries({ queryKey: portalKeys.all }),
        );
        const message =
          outcome === 'cancelled'
            ? t('portal.failed.cancelled')
            : (gatewayText(body.statusMessage) ?? t('portal.failed.failed'));
        return fail(message, request);
      }
      if (outcome !== 'verify') {
        return fail(
          t('portal.failed.unknownStatus', { code: code || '-', message: body.statusMessage || body.status || '' }),
          request,
        );
      }
      try {
        const result = await verifyWorldlinePayment(body, verifyMessages(t));
        if (!isCurrent(mine)) return;
        if (!result.success && result.status === 'pending') {
          stop({
            color: 'blue',
            title: t('portal.notices.infoTitle'),
            message: gatewayText(result.message) ?? t('portal.notices.pendingStatus'),
          });
          scheduleRefreshes([]);
          return;
        }
        if (!result.success) {
          return fail(
            t('portal.failed.statusUpdatePrefix', {
              message: gatewayText(result.message) ?? t('portal.callback.verifyFailed'),
            }),
            request,
          );
        }
        succeed(
          t('portal.success.messageTxn', { amount: formatINR(request.totalPaise), txnId }),
          result.paymentIds ?? request.payments.map((payment) => payment._id),
          txnId,
        );
      } catch (error) {
        if (!isCurrent(mine)) return;
        const message = error instanceof VerifyError ? (gatewayText(error.message) ?? error.message) : errorText(error);
        fail(t('portal.failed.statusUpdatePrefix', { message }), request);
      }
    },
    [isCurrent, clearWatchdog, fail, scheduleRefreshes, stop, succeed, t, queryClient],
  );
}
