import { z } from 'zod';

import type { WorldlineSettings } from '../../../config/gateways.ts';
import { callGateway, GatewayUnavailableError, type GatewayTransport } from '../gateway-client.ts';

/**
 * Worldline's status API (`POST paynimoV2.req`), used by dual verification. Its answer is checked
 * by zod: an answer of another shape is treated as "gateway unavailable" (nothing is settled on it).
 */

const worldlineStatusAnswer = z.object({
  merchantTransactionIdentifier: z.string().nullish(),
  paymentMethod: z
    .object({
      paymentTransaction: z
        .object({
          amount: z.union([z.string(), z.number()]).nullish(),
          identifier: z.string().nullish(),
          statusCode: z.string().nullish(),
          statusMessage: z.string().nullish(),
          errorMessage: z.string().nullish(),
          dateTime: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

/** What Worldline's status API says about one transaction. */
export interface WorldlineStatus {
  /** `0300`, `0398`, `0399`, `9999`… */
  statusCode: string;
  /** Our txnId as the gateway knows it. */
  merchantTransactionIdentifier: string;
  /** The gateway's transaction id (tpsl_txn_id). */
  identifier: string;
  /** The amount text in rupees, e.g. `"1500.00"`. */
  amount: string;
  errorMessage: string;
  statusMessage: string;
}

/**
 * Asks Worldline's status API (`POST` to `settings.statusUrl`) about a transaction: dual
 * verification (`requestType: "S"`, by the gateway's `tpsl_txn_id`) when `tpslTxnId` is given,
 * otherwise offline verification (`requestType: "O"`, by our txnId).
 * @param settings read when called (the status URL and merchant code)
 * @param query `date` is `DD-MM-YYYY`: the date part of `tpsl_txn_time`, or the transaction's date
 * @throws GatewayUnavailableError when the API cannot be reached or answers another shape.
 */
export async function fetchWorldlineStatus(
  settings: WorldlineSettings,
  transport: GatewayTransport,
  query: { txnId: string; tpslTxnId?: string | undefined; date: string },
): Promise<WorldlineStatus> {
  const transaction = query.tpslTxnId
    ? { deviceIdentifier: 'S', currency: 'INR', dateTime: query.date, token: query.tpslTxnId, requestType: 'S' }
    : { deviceIdentifier: 'S', currency: 'INR', dateTime: query.date, identifier: query.txnId, requestType: 'O' };
  const { body } = await callGateway(transport, {
    method: 'POST',
    url: settings.statusUrl,
    body: { merchant: { identifier: settings.merchantId }, transaction },
  });
  const parsed = worldlineStatusAnswer.safeParse(body);
  const pt = parsed.success ? parsed.data.paymentMethod?.paymentTransaction : undefined;
  if (!parsed.success || !pt?.statusCode) {
    throw new GatewayUnavailableError('Worldline status API answered an unexpected shape');
  }
  return {
    statusCode: pt.statusCode,
    merchantTransactionIdentifier: parsed.data.merchantTransactionIdentifier ?? '',
    identifier: pt.identifier ?? '',
    amount: pt.amount === null || pt.amount === undefined ? '' : String(pt.amount),
    errorMessage: pt.errorMessage ?? '',
    statusMessage: pt.statusMessage ?? '',
  };
}
