import {
  GATEWAY_MSG,
  WORLDLINE_STATUS,
  calendarDateIn,
  paiseToRupees,
  parseRupeesToPaise,
  unknownPaymentStatusMessage,
} from '@parish/shared';

import { amountMismatchDetails, type Outcome, type TransactionRow } from '../gateway.ts';
import { CHECKOUT_HOLD_MS } from '../orders.service.ts';
import type { WorldlineStatus } from './worldline-api.ts';
import type { WorldlineResponse } from './worldline-hash.ts';

/**
 * Worldline's outcome decision: what the status API answered, compared with the order and with
 * the response `msg` when one came (`docs/domain.md`, "§4 Payment rules", §10 "Worldline status
 * codes"). Pure: the adapter fetches, this decides.
 */

/** What arrived with the news of a Worldline payment. The `msg` is hash-verified BEFORE this is built. */
export interface WorldlineEvidence {
  /** The response `msg`, already hash-verified, when one came. */
  msg?: WorldlineResponse | undefined;
  /** The status code the browser reported (unverified; used only to give up on an unknown txn). */
  claimedStatusCode?: string | undefined;
}

const PENDING_CODES: string[] = [WORLDLINE_STATUS.initiated, WORLDLINE_STATUS.awaited, WORLDLINE_STATUS.awaitedNextDay];

/** `DD-MM-YYYY` of an instant in the parish time zone. */
function dmy(instant: Date, timeZone: string): string {
  const [y, m, d] = calendarDateIn(instant, timeZone).split('-');
  return `${d}-${m}-${y}`;
}

/**
 * A success `msg` whose amount (rupees text) is not the order's `row.amountPaise`: a mismatch
 * that fails the transaction without asking the gateway; null otherwise.
 */
export function responseAmountMismatch(row: TransactionRow, msg: WorldlineResponse | undefined): Outcome | null {
  if (!msg || msg.txn_status !== WORLDLINE_STATUS.success) return null;
  if (parseRupeesToPaise(msg.txn_amt) === row.amountPaise) return null;
  return {
    kind: 'mismatch',
    statusCode: msg.txn_status,
    message: GATEWAY_MSG.amountMismatch,
    fail: true,
    details: amountMismatchDetails('response', row.amountPaise, { text: msg.txn_amt }),
  };
}

/**
 * The dates (`DD-MM-YYYY`) to ask the status API about, in order: the date of the response's
 * `tpsl_txn_time`, or else the transaction's creation day and the next one in the parish time zone.
 */
export function statusDates(row: TransactionRow, msg: WorldlineResponse | undefined, timeZone: string): string[] {
  if (msg) return [msg.tpsl_txn_time.slice(0, 10)];
  const created = new Date(row.createdAt);
  return [dmy(created, timeZone), dmy(new Date(created.getTime() + 86_400_000), timeZone)];
}

/**
 * The gateway reports another transaction id or payment reference than ours: a mismatch, else null.
 * An answer without `merchantTransactionIdentifier` (`docs/domain.md`, §10 "Worldline status
 * answer without the transaction id") is ours when its amount is the order's: the status API was
 * asked by our txn id (or by the reference of a response naming it). Otherwise it stays a mismatch,
 * re-checked, and after the checkout hold it fails for staff review (money the gateway says it
 * received then goes to the refunds queue).
 */
function identityMismatch(row: TransactionRow, msg: WorldlineResponse | undefined, status: WorldlineStatus, now: Date) {
  const code = status.statusCode;
  if (code === WORLDLINE_STATUS.notFound) return null;
  const unnamed = status.merchantTransactionIdentifier === '';
  const sameAmount = parseRupeesToPaise(status.amount) === row.amountPaise;
  if (status.merchantTransactionIdentifier !== row.transactionId && !(unnamed && sameAmount)) {
    const gatewayPaise = parseRupeesToPaise(status.amount);
    return {
      kind: 'mismatch',
      statusCode: code,
      message: 'The gateway reports another transaction id',
      fail: unnamed && now.getTime() - new Date(row.createdAt).getTime() > CHECKOUT_HOLD_MS,
      details: {
        reason: 'transaction id',
        gateway: status.merchantTransactionIdentifier,
        ...(unnamed &&
          code === WORLDLINE_STATUS.success &&
          gatewayPaise !== null && {
            gatewayAmount: paiseToRupees(gatewayPaise),
          }),
      },
    } satisfies Outcome;
  }
  if (msg && status.identifier && status.identifier !== msg.tpsl_txn_id) {
    return {
      kind: 'mismatch',
      statusCode: code,
      message: 'The gateway reports another payment reference',
      fail: false,
      details: { reason: 'reference', gateway: status.identifier, response: msg.tpsl_txn_id },
    } satisfies Outcome;
  }
  return null;
}

/** The status API confirms success: paid when its amount is the order's, else a failing mismatch. */
function confirmedSuccess(row: TransactionRow, msg: WorldlineResponse | undefined, status: WorldlineStatus): Outcome {
  if (parseRupeesToPaise(status.amount) !== row.amountPaise) {
    return {
      kind: 'mismatch',
      statusCode: status.statusCode,
      message: GATEWAY_MSG.amountMismatch,
      fail: true,
      details: amountMismatchDetails('status', row.amountPaise, { text: status.amount }),
    };
  }
  return {
    kind: 'paid',
    statusCode: status.statusCode,
    pgReferenceId: status.identifier || msg?.tpsl_txn_id || '',
    method: 'online',
  };
}

/**
 * The status API does not know the transaction (9999): what the response (or, without one, the
 * browser) said about a cancel or failure is taken; after the checkout hold it is abandoned;
 * before, it stays pending.
 */
function unknownToGateway(row: TransactionRow, evidence: WorldlineEvidence, now: Date): Outcome {
  const said = evidence.msg?.txn_status ?? evidence.claimedStatusCode;
  if (said === WORLDLINE_STATUS.aborted)
    return { kind: 'failed', statusCode: said, message: GATEWAY_MSG.cancelledByUser };
  if (said === WORLDLINE_STATUS.failed) return { kind: 'failed', statusCode: said, message: GATEWAY_MSG.paymentFailed };
  if (now.getTime() - new Date(row.createdAt).getTime() > CHECKOUT_HOLD_MS) {
    return {
      kind: 'failed',
      statusCode: WORLDLINE_STATUS.notFound,
      message: 'Checkout abandoned: the gateway has no record of the payment',
    };
  }
  return { kind: 'pending', statusCode: row.statusCode, reason: 'not yet known to the gateway' };
}

/**
 * Decides a Worldline transaction from the status API's answer (`now` for the checkout hold):
 * another id or reference → mismatch (stays pending); 0300 → paid, or a failing mismatch on
 * another amount; 0398/0396/0397 → pending; a success `msg` the API does not confirm → mismatch
 * (stays pending, re-checked later); 0399 → failed 'Payment failed'; 0392 → failed 'Payment was
 * cancelled by user'; 9999 → see {@link unknownToGateway}; any other code → failed with the
 * gateway's message.
 */
export function decideWorldlineOutcome(
  row: TransactionRow,
  evidence: WorldlineEvidence,
  status: WorldlineStatus,
  now: Date,
): Outcome {
  const msg = evidence.msg;
  const code = status.statusCode;
  const disagreement = identityMismatch(row, msg, status, now);
  if (disagreement) return disagreement;
  if (code === WORLDLINE_STATUS.success) return confirmedSuccess(row, msg, status);
  if (PENDING_CODES.includes(code)) return { kind: 'pending', statusCode: code, reason: 'awaited' };
  if (msg?.txn_status === WORLDLINE_STATUS.success) {
    // The response says success; the gateway does not confirm it: never paid, re-checked later.
    return {
      kind: 'mismatch',
      statusCode: row.statusCode,
      message: 'The gateway does not confirm the success response',
      fail: false,
      details: { reason: 'status', response: msg.txn_status, gateway: code },
    };
  }
  if (code === WORLDLINE_STATUS.failed) return { kind: 'failed', statusCode: code, message: GATEWAY_MSG.paymentFailed };
  if (code === WORLDLINE_STATUS.aborted)
    return { kind: 'failed', statusCode: code, message: GATEWAY_MSG.cancelledByUser };
  if (code === WORLDLINE_STATUS.notFound) return unknownToGateway(row, evidence, now);
  return {
    kind: 'failed',
    statusCode: code,
    message: unknownPaymentStatusMessage(code, status.errorMessage || status.statusMessage || 'unknown error'),
  };
}
