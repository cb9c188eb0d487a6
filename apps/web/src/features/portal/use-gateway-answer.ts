import { formatINR } from '@parish/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '../../lib/error-text.ts';
import { gatewayOutcome, type PaymentRequest } from './payment-flow-state.ts';
import type { FlowControls } from './use-flow-controls.ts';
import { VerifyError, verifyWorldlinePayment } from './verify-payment.ts';
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
 * notice and the refreshes; cancelled, failed or an unknown status end in the failure dialog;
 * success is verified by the server first (still pending: as awaiting the bank; refused or
 * unreachable: the failure dialog; verified: the success dialog). An answer of an attempt that
 * is no longer the current one (`mine`) is ignored.
 */
export function useGatewayAnswer(controls: FlowControls): GatewayAnswerHandler {
  const { t } = useTranslation();
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
      if (outcome === 'cancelled') return fail(t('portal.failed.cancelled'), request);
      if (outcome !== 'verify') {
        const message =
          outcome === 'failed'
            ? (gatewayText(body.statusMessage) ?? t('portal.failed.failed'))
            : t('portal.failed.unknownStatus', { code: code || '-', message: body.statusMessage || body.status || '' });
        return fail(message, request);
      }
      try {
        const result = await verifyWorldlinePayment(body, {
          timeout: t('portal.callback.verifyTimeout'),
          notFound: t('portal.callback.verifyNotFound'),
          fallback: t('portal.callback.processFailed'),
        });
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
    [isCurrent, clearWatchdog, fail, scheduleRefreshes, stop, succeed, t],
  );
}
