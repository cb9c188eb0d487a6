import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  GATEWAY_MSG,
  WORLDLINE_STATUS,
  calendarDateIn,
  paiseToRupees,
  parseRupeesToPaise,
  unknownPaymentStatusMessage,
  type VerifyResult,
} from '@parish/shared';

import { queryRows } from '../../db/client.ts';
import { payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit, type AuditContext } from '../audit/audit.repository.ts';
import { takeReceiptNumber } from '../collections/receipt-number.ts';
import {
  fetchRazorpayOrderPayments,
  fetchRazorpayPayment,
  fetchWorldlineStatus,
  type WorldlineStatus,
} from './gateway-apis.ts';
import { GatewayUnavailableError } from './gateway-client.ts';
import { CHECKOUT_HOLD_MS } from './orders.service.ts';
import type { WorldlineResponse } from './worldline/worldline-hash.ts';

/**
 * Settling an online transaction (`api-contract.md`, "Gateway B": "Settling a transaction
 * means…"; `security-and-reliability.md` 1.2, 1.3 and E). Whatever delivered the news (the
 * return URL, the verify call, a webhook, the background re-check), the outcome is decided by
 * the gateway's own status API (dual verification), never by the browser's word; then one
 * database transaction moves the transaction and every payment in it, exactly once.
 */

/** What arrived with the news. Responses and signatures are verified BEFORE this is built. */
export type SettleEvidence =
  | {
      gateway: 'worldline';
      source: 'callback' | 'verify' | 'recheck' | 'status';
      /** The response `msg`, already hash-verified, when one came. */
      msg?: WorldlineResponse;
      /** The status code the browser reported (unverified; used only to give up on an unknown txn). */
      claimedStatusCode?: string | undefined;
    }
  | {
      gateway: 'razorpay';
      source: 'callback' | 'verify' | 'webhook' | 'recheck' | 'status';
      /** A Razorpay payment id whose signature (checkout or webhook) was verified. */
      paymentId?: string;
      /** The browser reported a cancel or failure (unverified; used only when Razorpay has no payment). */
      claimedFailure?: string | undefined;
    };

type TxnRow = typeof transactions.$inferSelect;

type Outcome =
  | { kind: 'paid'; statusCode: string; pgReferenceId: string; method: string }
  | { kind: 'pending'; statusCode: string | null; reason: string }
  | { kind: 'failed'; statusCode: string | null; message: string; pgReferenceId?: string | undefined }
  | { kind: 'mismatch'; statusCode: string | null; message: string; fail: boolean; details: Record<string, unknown> };

const PENDING_CODES: string[] = [WORLDLINE_STATUS.initiated, WORLDLINE_STATUS.awaited, WORLDLINE_STATUS.awaitedNextDay];

/** The audit context of the gateway itself (webhooks, callbacks) or the background re-check. */
export function gatewayAuditContext(
  gateway: 'worldline' | 'razorpay',
  request?: FastifyRequest,
  source?: string,
): AuditContext {
  return {
    actorType: source === 'recheck' ? 'system' : 'gateway',
    actorId: gateway,
    actorName: gateway === 'worldline' ? 'Worldline' : 'Razorpay',
    requestId: request?.id ?? null,
    ip: request?.ip ?? null,
  };
}

/** `DD-MM-YYYY` of an instant in the parish time zone. */
function dmy(instant: Date, timeZone: string): string {
  const [y, m, d] = calendarDateIn(instant, timeZone).split('-');
  return `${d}-${m}-${y}`;
}

/** Finds a transaction by our txn id (the gateway's `clnt_txn_ref`, Razorpay's receipt). */
export async function findTransaction(app: FastifyInstance, txnId: string): Promise<TxnRow | null> {
  const [row] = await app.db.select().from(transactions).where(eq(transactions.transactionId, txnId));
  return row ?? null;
}

async function worldlineOutcome(
  app: FastifyInstance,
  row: TxnRow,
  evidence: Extract<SettleEvidence, { gateway: 'worldline' }>,
): Promise<Outcome> {
  const msg = evidence.msg;
  if (msg) {
    const msgPaise = parseRupeesToPaise(msg.txn_amt);
    if (msg.txn_status === WORLDLINE_STATUS.success && msgPaise !== row.amountPaise) {
      return {
        kind: 'mismatch',
        statusCode: msg.txn_status,
        message: GATEWAY_MSG.amountMismatch,
        fail: true,
        details: { reason: 'amount', responseAmount: msg.txn_amt, orderAmount: paiseToRupees(row.amountPaise) },
      };
    }
  }
  const created = new Date(row.createdAt);
  const dates = msg
    ? [msg.tpsl_txn_time.slice(0, 10)]
    : [
        dmy(created, app.config.parishTimezone),
        dmy(new Date(created.getTime() + 86_400_000), app.config.parishTimezone),
      ];
  let status: WorldlineStatus | undefined;
  try {
    for (const date of dates) {
      status = await fetchWorldlineStatus(app, {
        txnId: row.transactionId,
        tpslTxnId: msg?.tpsl_txn_id || undefined,
        date,
      });
      if (status.statusCode !== WORLDLINE_STATUS.notFound) break;
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    app.log.warn({ txnId: row.transactionId, err: error.message }, 'Worldline status API unavailable');
    return { kind: 'pending', statusCode: msg?.txn_status ?? row.statusCode, reason: 'status API unavailable' };
  }
  if (!status) return { kind: 'pending', statusCode: row.statusCode, reason: 'no status' };
  const code = status.statusCode;
  const msgSaysSuccess = msg?.txn_status === WORLDLINE_STATUS.success;
  if (code !== WORLDLINE_STATUS.notFound && status.merchantTransactionIdentifier !== row.transactionId) {
    return {
      kind: 'mismatch',
      statusCode: code,
      message: 'The gateway reports another transaction id',
      fail: false,
      details: { reason: 'transaction id', gateway: status.merchantTransactionIdentifier },
    };
  }
  if (msg && code !== WORLDLINE_STATUS.notFound && status.identifier && status.identifier !== msg.tpsl_txn_id) {
    return {
      kind: 'mismatch',
      statusCode: code,
      message: 'The gateway reports another payment reference',
      fail: false,
      details: { reason: 'reference', gateway: status.identifier, response: msg.tpsl_txn_id },
    };
  }
  if (code === WORLDLINE_STATUS.success) {
    if (parseRupeesToPaise(status.amount) !== row.amountPaise) {
      return {
        kind: 'mismatch',
        statusCode: code,
        message: GATEWAY_MSG.amountMismatch,
        fail: true,
        details: { reason: 'amount', gatewayAmount: status.amount, orderAmount: paiseToRupees(row.amountPaise) },
      };
    }
    return {
      kind: 'paid',
      statusCode: code,
      pgReferenceId: status.identifier || msg?.tpsl_txn_id || '',
      method: 'online',
    };
  }
  if (PENDING_CODES.includes(code)) return { kind: 'pending', statusCode: code, reason: 'awaited' };
  if (msgSaysSuccess) {
    // The response says success; the gateway does not confirm it: never paid, re-checked later (PG-04).
    return {
      kind: 'mismatch',
      statusCode: row.statusCode,
      message: 'The gateway does not confirm the success response',
      fail: false,
      details: { reason: 'status', response: msg?.txn_status, gateway: code },
    };
  }
  if (code === WORLDLINE_STATUS.failed) return { kind: 'failed', statusCode: code, message: GATEWAY_MSG.paymentFailed };
  if (code === WORLDLINE_STATUS.aborted)
    return { kind: 'failed', statusCode: code, message: GATEWAY_MSG.cancelledByUser };
  if (code === WORLDLINE_STATUS.notFound) {
    const said = msg?.txn_status ?? evidence.claimedStatusCode;
    if (said === WORLDLINE_STATUS.aborted)
      return { kind: 'failed', statusCode: said, message: GATEWAY_MSG.cancelledByUser };
    if (said === WORLDLINE_STATUS.failed)
      return { kind: 'failed', statusCode: said, message: GATEWAY_MSG.paymentFailed };
    if (app.clock.now().getTime() - created.getTime() > CHECKOUT_HOLD_MS) {
      return {
        kind: 'failed',
        statusCode: code,
        message: 'Checkout abandoned: the gateway has no record of the payment',
      };
    }
    return { kind: 'pending', statusCode: row.statusCode, reason: 'not yet known to the gateway' };
  }
  return {
    kind: 'failed',
    statusCode: code,
    message: unknownPaymentStatusMessage(code, status.errorMessage || status.statusMessage || 'unknown error'),
  };
}

async function razorpayOutcome(
  app: FastifyInstance,
  row: TxnRow,
  evidence: Extract<SettleEvidence, { gateway: 'razorpay' }>,
): Promise<Outcome> {
  const orderId = row.gatewayOrderId ?? '';
  let list;
  try {
    if (evidence.paymentId) {
      const one = await fetchRazorpayPayment(app, evidence.paymentId);
      list = one ? [one] : [];
    } else {
      list = await fetchRazorpayOrderPayments(app, orderId);
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    app.log.warn({ txnId: row.transactionId, err: error.message }, 'Razorpay API unavailable');
    return { kind: 'pending', statusCode: row.statusCode, reason: 'status API unavailable' };
  }
  const own = list.filter((p) => p.order_id === orderId);
  if (evidence.paymentId && list.length > 0 && own.length === 0) {
    return {
      kind: 'mismatch',
      statusCode: row.statusCode,
      message: 'The payment belongs to another order',
      fail: false,
      details: { reason: 'order', paymentId: evidence.paymentId, gatewayOrder: list[0]?.order_id ?? null },
    };
  }
  const captured = own.find((p) => p.status === 'captured');
  if (captured) {
    if (captured.amount !== row.amountPaise || captured.currency !== 'INR') {
      return {
        kind: 'mismatch',
        statusCode: 'captured',
        message: GATEWAY_MSG.amountMismatch,
        fail: true,
        details: { reason: 'amount', gatewayAmountPaise: captured.amount, orderAmountPaise: row.amountPaise },
      };
    }
    return { kind: 'paid', statusCode: 'captured', pgReferenceId: captured.id, method: captured.method ?? 'online' };
  }
  if (own.some((p) => p.status === 'authorized' || p.status === 'created')) {
    return { kind: 'pending', statusCode: 'authorized', reason: 'not captured yet' };
  }
  const failed = own.find((p) => p.status === 'failed');
  if (failed) {
    return {
      kind: 'failed',
      statusCode: 'failed',
      message: failed.error_description ?? GATEWAY_MSG.paymentFailed,
      pgReferenceId: failed.id,
    };
  }
  if (evidence.claimedFailure) return { kind: 'failed', statusCode: 'cancelled', message: evidence.claimedFailure };
  if (app.clock.now().getTime() - new Date(row.createdAt).getTime() > CHECKOUT_HOLD_MS) {
    return { kind: 'failed', statusCode: null, message: 'Checkout abandoned: no payment was made on the order' };
  }
  return { kind: 'pending', statusCode: row.statusCode, reason: 'no payment yet' };
}

/** The verify answer for a transaction as it now stands in the database. */
export async function transactionResult(app: FastifyInstance, txnId: string, message?: string): Promise<VerifyResult> {
  const row = await findTransaction(app, txnId);
  if (!row) throw notFound(GATEWAY_MSG.transactionNotFound);
  const items = await app.db
    .select({ paymentId: transactionItems.paymentId })
    .from(transactionItems)
    .where(eq(transactionItems.transactionId, row.id));
  const [updated] = await queryRows<{ count: number }>(
    app.db,
    sql`select count(*)::int as count from payments
        where transaction_id = ${row.transactionId} and status = 'paid' and payment_gateway = ${row.paymentGateway}`,
  );
  const defaultMessage =
    row.status === 'success'
      ? GATEWAY_MSG.paymentSuccessful
      : row.status === 'pending'
        ? GATEWAY_MSG.paymentPending
        : (row.errorMessage ?? GATEWAY_MSG.paymentFailed);
  return {
    success: row.status === 'success',
    message: message ?? defaultMessage,
    status: row.status,
    statusCode: row.statusCode,
    transactionId: row.transactionId,
    paymentIds: items.map((item) => item.paymentId).sort(),
    paymentsUpdated: Number(updated?.count ?? 0),
    amount: paiseToRupees(row.amountPaise),
  };
}

/**
 * Settles one transaction from verified evidence, exactly once (see the module comment).
 * - Already `success`: nothing changes; the same answer as the first time.
 * - The gateway's status API confirms success with the order's amount: ONE database transaction
 *   moves the transaction to `success` (conditional on it not being success yet) and each of its
 *   payments pending → paid (conditional on pending) with paidAmount = the item's amount, paidAt,
 *   method `online`, gateway, collection mode `online`, transactionId = our txn id,
 *   pgTransactionId = the gateway's reference and the next receipt number; audit
 *   `transaction.settled`. A payment meanwhile settled otherwise (cash at the office) is NOT paid
 *   again: the conflict goes to the audit trail (`transaction.paid_twice`) and the transaction's
 *   errorMessage (money received twice; staff refund it). `payment.updated` is published after
 *   the commit.
 * - Pending codes (0398/0396/0397, Razorpay authorized) or the status API unreachable: stays
 *   pending (never paid on the callback alone); the re-check settles it later.
 * - Failure (0399, 0392 'Payment was cancelled by user', unknown codes): pending → failed with
 *   the message, audit `transaction.failed`. A success never goes back (forward-only).
 * - Disagreement (amount, transaction id, reference, status): never paid; audit
 *   `transaction.verification_mismatch`; an amount mismatch also fails the transaction for staff
 *   review, the others stay pending and are re-checked.
 * @throws 404 'Transaction not found'.
 */
export async function settleTransaction(
  app: FastifyInstance,
  txnId: string,
  evidence: SettleEvidence,
  request?: FastifyRequest,
): Promise<VerifyResult> {
  const row = await findTransaction(app, txnId);
  if (!row || row.paymentGateway !== evidence.gateway) throw notFound(GATEWAY_MSG.transactionNotFound);
  if (row.status === 'success') return transactionResult(app, txnId);
  // A failed transaction is re-opened only by a confirmed success (money that did arrive).
  const outcome =
    evidence.gateway === 'worldline'
      ? await worldlineOutcome(app, row, evidence)
      : await razorpayOutcome(app, row, evidence);
  const context = gatewayAuditContext(row.paymentGateway as 'worldline' | 'razorpay', request, evidence.source);
  const now = app.clock.now().toISOString();

  if (outcome.kind === 'paid') {
    const paidIds = await app.db.transaction(async (tx) => {
      const moved = await queryRows<{ id: string }>(
        tx,
        sql`update transactions set status = 'success', status_code = ${outcome.statusCode},
              pg_reference_id = ${outcome.pgReferenceId}, payment_method = ${outcome.method},
              settled_at = ${now}, updated_at = ${now}, error_message = null
            where id = ${row.id} and status <> 'success' returning id`,
      );
      if (moved.length === 0) return null;
      const items = await tx.select().from(transactionItems).where(eq(transactionItems.transactionId, row.id));
      const paid: { paymentId: string; amount: number; receiptNumber: string }[] = [];
      const conflicts: { paymentId: string; amount: number; paidBy: unknown }[] = [];
      for (const item of items) {
        const updated = await queryRows<{ id: string }>(
          tx,
          sql`update payments set status = 'paid', paid_amount_paise = ${item.amountPaise}, paid_at = ${now},
                payment_method = 'online', payment_gateway = ${row.paymentGateway}, collection_mode = 'online',
                collected_by = null, transaction_id = ${row.transactionId}, pg_transaction_id = ${outcome.pgReferenceId},
                updated_at = ${now}
              where id = ${item.paymentId} and status = 'pending' returning id`,
        );
        if (updated.length === 0) {
          const [current] = await tx
            .select({
              status: payments.status,
              gateway: payments.paymentGateway,
              transactionId: payments.transactionId,
              receiptNumber: payments.receiptNumber,
            })
            .from(payments)
            .where(eq(payments.id, item.paymentId));
          conflicts.push({
            paymentId: item.paymentId,
            amount: paiseToRupees(item.amountPaise),
            paidBy: current ?? null,
          });
          continue;
        }
        const receiptNumber = await takeReceiptNumber(tx, new Date(now), app.config.parishTimezone);
        await tx
          .update(payments)
          .set({ receiptNumber })
          .where(and(eq(payments.id, item.paymentId)));
        paid.push({ paymentId: item.paymentId, amount: paiseToRupees(item.amountPaise), receiptNumber });
      }
      if (conflicts.length > 0) {
        const note = `${GATEWAY_MSG.paidTwice}: ${conflicts.map((c) => c.paymentId).join(', ')}`;
        await tx.update(transactions).set({ errorMessage: note }).where(eq(transactions.id, row.id));
        await recordAudit(tx, context, {
          action: 'transaction.paid_twice',
          entityType: 'transaction',
          entityId: row.transactionId,
          after: { conflicts, refundDue: conflicts.reduce((sum, c) => sum + c.amount, 0) },
        });
      }
      await recordAudit(tx, context, {
        action: 'transaction.settled',
        entityType: 'transaction',
        entityId: row.transactionId,
        before: { status: row.status, statusCode: row.statusCode },
        after: {
          status: 'success',
          statusCode: outcome.statusCode,
          pgReferenceId: outcome.pgReferenceId,
          amount: paiseToRupees(row.amountPaise),
          via: evidence.source,
          memberId: row.memberId,
          paid,
        },
      });
      return paid.map((p) => p.paymentId);
    });
    if (paidIds && paidIds.length > 0) {
      app.events.publish({
        type: 'payment.updated',
        memberId: row.memberId,
        data: { paymentIds: paidIds, status: 'paid', via: row.paymentGateway },
      });
    }
    return transactionResult(app, txnId);
  }

  if (outcome.kind === 'failed' || (outcome.kind === 'mismatch' && outcome.fail)) {
    await app.db.transaction(async (tx) => {
      const moved = await queryRows<{ id: string }>(
        tx,
        sql`update transactions set status = 'failed', status_code = ${outcome.statusCode}, error_message = ${outcome.message},
              pg_reference_id = coalesce(${outcome.kind === 'failed' ? (outcome.pgReferenceId ?? null) : null}, pg_reference_id),
              updated_at = ${now}
            where id = ${row.id} and status = 'pending' returning id`,
      );
      if (moved.length === 0) return;
      await recordAudit(tx, context, {
        action: outcome.kind === 'mismatch' ? 'transaction.verification_mismatch' : 'transaction.failed',
        entityType: 'transaction',
        entityId: row.transactionId,
        before: { status: 'pending' },
        after: {
          status: 'failed',
          statusCode: outcome.statusCode,
          message: outcome.message,
          via: evidence.source,
          ...(outcome.kind === 'mismatch' && { details: outcome.details }),
        },
      });
    });
    return transactionResult(app, txnId, outcome.message);
  }

  if (outcome.kind === 'mismatch') {
    await app.db.transaction(async (tx) => {
      await recordAudit(tx, context, {
        action: 'transaction.verification_mismatch',
        entityType: 'transaction',
        entityId: row.transactionId,
        after: { status: row.status, message: outcome.message, via: evidence.source, details: outcome.details },
      });
    });
    return transactionResult(app, txnId, GATEWAY_MSG.paymentPending);
  }

  if (outcome.statusCode && outcome.statusCode !== row.statusCode && row.status === 'pending') {
    await app.db
      .update(transactions)
      .set({ statusCode: outcome.statusCode, updatedAt: now })
      .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')));
  }
  return transactionResult(app, txnId);
}

/**
 * The background re-check (`security-and-reliability.md` PG-09, PG-11): settles (or fails) up to
 * `limit` pending transactions created more than 2 minutes ago, oldest first, each through
 * {@link settleTransaction} with no evidence (the status API decides). Errors are logged, never
 * thrown.
 * @returns how many transactions it looked at.
 */
export async function recheckPendingTransactions(app: FastifyInstance, limit = 20): Promise<number> {
  const before = new Date(app.clock.now().getTime() - 2 * 60 * 1000).toISOString();
  const rows = await app.db
    .select({ transactionId: transactions.transactionId, gateway: transactions.paymentGateway })
    .from(transactions)
    .where(and(eq(transactions.status, 'pending'), sql`${transactions.createdAt} < ${before}`))
    .orderBy(transactions.createdAt)
    .limit(limit);
  for (const row of rows) {
    try {
      const gateway = row.gateway === 'razorpay' ? 'razorpay' : 'worldline';
      await settleTransaction(app, row.transactionId, { gateway, source: 'recheck' });
    } catch (error) {
      app.log.error({ err: error, txnId: row.transactionId }, 'pending transaction re-check failed');
    }
  }
  return rows.length;
}
