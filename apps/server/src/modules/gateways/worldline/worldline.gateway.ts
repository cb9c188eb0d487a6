import { WORLDLINE_STATUS, paise, type WorldlineConfig } from '@parish/shared';

import { GatewayUnavailableError } from '../gateway-client.ts';
import type { GatewayDeps, Outcome, PaymentGateway, TransactionRow } from '../gateway.ts';
import { fetchWorldlineStatus, type WorldlineStatus } from './worldline-api.ts';
import { worldlineCheckout, type WorldlineCheckout } from './worldline-checkout.ts';
import { verifyWorldlineResponse, type WorldlineResponse } from './worldline-hash.ts';
import {
  decideWorldlineOutcome,
  responseAmountMismatch,
  statusDates,
  type WorldlineEvidence,
} from './worldline-outcome.ts';

/** The Worldline (Paynimo checkout.js) adapter, with what only Worldline has. */
export interface WorldlineGateway extends PaymentGateway<WorldlineEvidence, WorldlineCheckout> {
  /** The public checkout settings (`GET /api/worldline/config`): never the salt. */
  publicConfig(): WorldlineConfig;
  /**
   * Parses and verifies a response `msg` with the salt (16 fields, SHA-512 of the first 15 and
   * the salt, constant-time).
   * @returns the fields, or null when it does not verify.
   */
  verifyResponse(msg: string): WorldlineResponse | null;
}

/**
 * The Worldline adapter over `deps.config.worldline` (sandbox or live). Its order needs no call
 * to the gateway (the request token is a hash); its outcome comes from the status API, asked for
 * each of {@link statusDates} until it knows the transaction.
 */
export function worldlineGateway(deps: GatewayDeps): WorldlineGateway {
  const settings = () => deps.config.worldline;

  /** The status API's answer, or null when it could not be asked (logged). */
  async function askStatus(row: TransactionRow, evidence: WorldlineEvidence): Promise<WorldlineStatus | null> {
    const msg = evidence.msg;
    let status: WorldlineStatus | null = null;
    for (const date of statusDates(row, msg, deps.config.parishTimezone)) {
      status = await fetchWorldlineStatus(settings(), deps.transport, {
        txnId: row.transactionId,
        tpslTxnId: msg?.tpsl_txn_id || undefined,
        date,
      });
      if (status.statusCode !== WORLDLINE_STATUS.notFound) break;
    }
    return status;
  }

  return {
    name: 'worldline',
    displayName: 'Worldline',
    txnIdPrefix: 'WL',
    minimumPaise: paise(1),
    async createOrder(order) {
      return { gatewayOrderId: null, checkout: worldlineCheckout(settings(), order.publicUrl, order) };
    },
    async outcome(row, evidence): Promise<Outcome> {
      const early = responseAmountMismatch(row, evidence.msg);
      if (early) return early;
      let status: WorldlineStatus | null;
      try {
        status = await askStatus(row, evidence);
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        deps.log.warn({ txnId: row.transactionId, err: error.message }, 'Worldline status API unavailable');
        return {
          kind: 'pending',
          statusCode: evidence.msg?.txn_status ?? row.statusCode,
          reason: 'status API unavailable',
        };
      }
      if (!status) return { kind: 'pending', statusCode: row.statusCode, reason: 'no status' };
      return decideWorldlineOutcome(row, evidence, status, deps.clock.now());
    },
    publicConfig() {
      const wl = settings();
      return {
        available: wl.mode !== 'off',
        mode: wl.mode,
        merchantId: wl.merchantId,
        checkoutScriptUrl: wl.checkoutScriptUrl,
        scriptUrls: [...(wl.jqueryScriptUrl ? [wl.jqueryScriptUrl] : []), wl.checkoutScriptUrl],
        currency: 'INR' as const,
      };
    },
    verifyResponse(msg) {
      // Off: the published sandbox salt must never verify anything (docs/domain.md, §10 "Payment mode").
      if (settings().mode === 'off') return null;
      return verifyWorldlineResponse(msg, settings().salt);
    },
  };
}
