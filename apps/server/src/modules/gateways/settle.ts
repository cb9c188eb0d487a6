import { and, eq, sql } from 'drizzle-orm';

import { GATEWAY_MSG, paiseToRupees, rupeesToPaise, type VerifyResult, ErrorCode } from '@parish/shared';

import { withAudit, type ServiceContext } from '../../context.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { transactionItems, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { settleOnlinePayment } from '../payments/commands/settle-online-payment.ts';
import { queueException } from '../payments/ledger/exceptions.ts';
import { queuePaymentNotice } from '../reminders/notifications.ts';
import { parishPaymentGateways, type PaymentGateways } from './adapters.ts';
import {
  gatewayAudit,
  type Outcome,
  type SettledTransaction,
  type SettleSource,
  type TransactionRow,
} from './gateway.ts';
import type { RazorpayEvidence } from './razorpay/razorpay-outcome.ts';
import type { WorldlineEvidence } from './worldline/worldline-outcome.ts';

/**
 * Settling an online transaction (`docs/domain.md`, "§4 Payment rules"; `docs/ARCHITECTURE.md`,
 * "Payment gateways"). Whatever delivered the news (the return URL, the verify call, a webhook,
 * a status check, the background re-check), the outcome is decided by the gateway's adapter from
 * the gateway's own status API (dual verification), never by the browser's word; then one
 * database transaction moves the transaction and every payment in it, exactly once. Nothing
 * here knows a gateway's protocol.
 */

/** What arrived with the news, for which gateway. Responses and signatures are verified BEFORE this is built. */
export type SettleEvidence =
  | ({ gateway: 'worldline'; source: Exclude<SettleSource, 'webhook'> } & WorldlineEvidence)
  | ({ gateway: 'razorpay'; source: SettleSource } & RazorpayEvidence);

/** A settlement's answer and the transaction as it left it. */
export interface Settlement {
  /** The verify answer (amount in rupees). */
  result: VerifyResult;
  transaction: SettledTransaction;
}

/** Finds a transaction by our txn id (the gateway's `clnt_txn_ref`, Razorpay's receipt). */
export async function findTransaction(ctx: Pick<ServiceContext, 'db'>, txnId: string): Promise<TransactionRow | null> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.transactionId, txnId));
  return row ?? null;
}

/** Finds a transaction by the gateway's order id (Razorpay `order_…`). */
export async function findTransactionByOrderId(
  ctx: Pick<ServiceContext, 'db'>,
  orderId: string,
): Promise<TransactionRow | null> {
  const [row] = await ctx.db.select().from(transactions).where(eq(transactions.gatewayOrderId, orderId));
  return row ?? null;
}

/**
 * The verify answer for a transaction as it stands: `success`, the message (`message`, else by
 * status: `GATEWAY_MSG.paymentSuccessful`, `GATEWAY_MSG.paymentPending`, or the transaction's
 * error message, else 'Payment failed'), the status and code, its payment ids (sorted), how many
 * of them this transaction paid (read from the payments), and the amount in rupees.
 */
export async function transactionResult(
  ctx: Pick<ServiceContext, 'db'>,
  row: SettledTransaction,
  message?: string,
): Promise<VerifyResult> {
  const items = await ctx.db
    .select({ paymentId: transactionItems.paymentId })
    .from(transactionItems)
    .where(eq(transactionItems.transactionId, row.id));
  const [updated] = await queryRows<{ count: number }>(
    ctx.db,
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
 * Settles the transaction of our txn id from verified evidence, exactly once; reads its row once.
 * See {@link settleFoundTransaction}.
 * @throws 404 'Transaction not found' (also when it belongs to another gateway).
 */
export async function settleTransaction(
  ctx: ServiceContext,
  input: { txnId: string; evidence: SettleEvidence },
): Promise<Settlement> {
  return settleFoundTransaction(ctx, { row: await findTransaction(ctx, input.txnId), evidence: input.evidence });
}

/**
 * Settles a transaction already read (`row`, null when none) from verified evidence, exactly once.
 * Audits as the gateway (the system for the re-check), with the request id and address of `ctx`.
 * - Already `success`: nothing changes; the same answer as the first time.
 * - The adapter says paid: {@link settleOnlinePayment} (one database transaction; a success never
 *   goes back, and is reached from `failed` too: money that did arrive).
 * - Pending (0398/0396/0397, Razorpay authorized, or the status API unreachable): stays pending
 *   (never paid on the callback alone), its status code updated; the re-check settles it later.
 * - Failed (0399, 0392 'Payment was cancelled by user', unknown codes): pending → failed with the
 *   message, audit `transaction.failed`.
 * - Mismatch (amount, transaction id, reference, status): never paid; audit
 *   `transaction.verification_mismatch`; an amount mismatch also fails the transaction for staff
 *   review (answered with its message), the others stay pending (`GATEWAY_MSG.paymentPending`).
 * @throws 404 'Transaction not found' when there is no row or it belongs to another gateway.
 */
export async function settleFoundTransaction(
  ctx: ServiceContext,
  input: { row: TransactionRow | null; evidence: SettleEvidence },
): Promise<Settlement> {
  const { row, evidence } = input;
  if (!row || row.paymentGateway !== evidence.gateway)
    throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  if (row.status === 'success') return settlement(ctx, row);
  const leaveUncaptured = evidence.gateway === 'razorpay' && (await duesPaidOtherwise(ctx, row));
  const outcome = await outcomeOf(
    await parishPaymentGateways(ctx),
    row,
    leaveUncaptured ? { ...evidence, leaveUncaptured } : evidence,
  );
  const audited = withAudit(ctx, gatewayAudit(evidence.gateway, ctx.audit, evidence.source));
  if (leaveUncaptured && outcome.kind === 'pending' && outcome.statusCode === 'authorized') {
    const paymentId = evidence.gateway === 'razorpay' ? (evidence.paymentId ?? null) : null;
    const left = await leftUncaptured(audited, row, paymentId, evidence.source);
    return settlement(ctx, left ?? (await reread(ctx, row)), GATEWAY_MSG.notCaptured);
  }
  switch (outcome.kind) {
    case 'paid': {
      const queueNotice = (tx: Tx) => queuePaymentNotice(tx, { config: ctx.config, memberId: row.memberId });
      const paid = await settleOnlinePayment(audited, row, { ...outcome, via: evidence.source, queueNotice });
      return settlement(ctx, paid ?? (await reread(ctx, row)));
    }
    case 'pending':
      return settlement(ctx, await applyPendingOutcome(ctx, row, outcome));
    case 'failed':
    case 'mismatch':
      if (outcome.kind === 'failed' || outcome.fail) {
        const failed = await applyFailedOutcome(audited, row, outcome, evidence.source);
        return settlement(ctx, failed ?? (await reread(ctx, row)), outcome.message);
      }
      await recordMismatch(audited, row, outcome, evidence.source);
      return settlement(ctx, row, GATEWAY_MSG.paymentPending);
  }
}

/**
 * Whether a due of the transaction is paid by something else (the counter, another checkout):
 * then a Razorpay payment only authorized for it is not captured (decision 0120).
 */
async function duesPaidOtherwise(ctx: ServiceContext, row: TransactionRow): Promise<boolean> {
  const [found] = await queryRows<{ taken: boolean }>(
    ctx.db,
    sql`select exists (
          select 1 from transaction_items ti join payments p on p.id = ti.payment_id
          where ti.transaction_id = ${row.id} and p.status = 'paid'
            and p.transaction_id is distinct from ${row.transactionId}) as taken`,
  );
  return found?.taken === true;
}

/**
 * A Razorpay payment authorized for dues paid otherwise, left uncaptured (issue 27 item 15,
 * decision 0120): in one database transaction the pending transaction fails with
 * `GATEWAY_MSG.notCaptured` (status code `authorized`, the payment id as its reference), the
 * refunds queue lists the money as `not_captured`, already closed (Razorpay returns it by itself;
 * nobody refunds it), and the audit `transaction.failed` carries that message.
 * @returns the transaction as it now stands, or null when another call moved it first
 */
async function leftUncaptured(
  ctx: ServiceContext,
  row: TransactionRow,
  paymentId: string | null,
  source: SettleSource,
): Promise<SettledTransaction | null> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    const [moved] = await queryRows<{ pg_reference_id: string | null }>(
      tx,
      sql`update transactions set status = 'failed', status_code = 'authorized', error_message = ${GATEWAY_MSG.notCaptured},
            pg_reference_id = coalesce(${paymentId}, pg_reference_id), updated_at = ${now}
          where id = ${row.id} and status = 'pending' returning pg_reference_id`,
    );
    if (!moved) return null;
    await queueException(tx, {
      transactionRowId: row.id,
      memberId: row.memberId,
      paymentId: null,
      reason: 'not_captured',
      amountPaise: row.amountPaise,
      gatewayReference: moved.pg_reference_id,
      returnedByGateway: { note: GATEWAY_MSG.notCaptured, resolvedAt: now },
    });
    await recordAudit(tx, ctx.audit, {
      action: 'transaction.failed',
      entityType: 'transaction',
      entityId: row.transactionId,
      before: { status: 'pending' },
      after: { status: 'failed', statusCode: 'authorized', message: GATEWAY_MSG.notCaptured, via: source },
    });
    return {
      ...row,
      status: 'failed' as const,
      statusCode: 'authorized',
      errorMessage: GATEWAY_MSG.notCaptured,
      pgReferenceId: moved.pg_reference_id,
    };
  });
}

/** The adapter of the evidence's gateway decides. */
function outcomeOf(gateways: PaymentGateways, row: TransactionRow, evidence: SettleEvidence): Promise<Outcome> {
  return evidence.gateway === 'worldline'
    ? gateways.worldline.outcome(row, evidence)
    : gateways.razorpay.outcome(row, evidence);
}

async function settlement(ctx: ServiceContext, row: SettledTransaction, message?: string): Promise<Settlement> {
  return { result: await transactionResult(ctx, row, message), transaction: row };
}

/** The row again, when a conditional update found it changed by another call meanwhile. */
async function reread(ctx: ServiceContext, row: TransactionRow): Promise<TransactionRow> {
  const fresh = await findTransaction(ctx, row.transactionId);
  if (!fresh) throw notFound(GATEWAY_MSG.transactionNotFound, ErrorCode.TRANSACTION_NOT_FOUND);
  return fresh;
}

/**
 * Pending → failed with the outcome's code and message (keeping the earlier gateway reference
 * unless the outcome names one), with its audit record, in one database transaction.
 * @returns the transaction as failed, or null when it was no longer pending (nothing written).
 */
async function applyFailedOutcome(
  ctx: ServiceContext,
  row: TransactionRow,
  outcome: Extract<Outcome, { kind: 'failed' | 'mismatch' }>,
  source: SettleSource,
): Promise<SettledTransaction | null> {
  const now = ctx.clock.now().toISOString();
  const pgReferenceId = outcome.kind === 'failed' ? (outcome.pgReferenceId ?? null) : null;
  return ctx.db.transaction(async (tx) => {
    const [moved] = await queryRows<{ id: string; pg_reference_id: string | null }>(
      tx,
      sql`update transactions set status = 'failed', status_code = ${outcome.statusCode}, error_message = ${outcome.message},
            pg_reference_id = coalesce(${pgReferenceId}, pg_reference_id),
            updated_at = ${now}
          where id = ${row.id} and status = 'pending' returning id, pg_reference_id`,
    );
    if (!moved) return null;
    if (outcome.kind === 'mismatch') await queueMismatchedMoney(tx, row, outcome);
    await recordAudit(tx, ctx.audit, {
      action: outcome.kind === 'mismatch' ? 'transaction.verification_mismatch' : 'transaction.failed',
      entityType: 'transaction',
      entityId: row.transactionId,
      before: { status: 'pending' },
      after: {
        status: 'failed',
        statusCode: outcome.statusCode,
        message: outcome.message,
        via: source,
        ...(outcome.kind === 'mismatch' && { details: outcome.details }),
      },
    });
    return {
      ...row,
      status: 'failed' as const,
      statusCode: outcome.statusCode,
      errorMessage: outcome.message,
      pgReferenceId: moved.pg_reference_id,
    };
  });
}

/**
 * Money the gateway's status API confirms for another amount than the order's, or a success it
 * reports without naming our transaction, cannot pay the dues: it goes to the refunds queue
 * (`docs/domain.md`, §4 "Refunds and exceptions"), the gateway's amount in paise. A response's
 * word alone queues nothing.
 */
async function queueMismatchedMoney(tx: Tx, row: TransactionRow, outcome: Extract<Outcome, { kind: 'mismatch' }>) {
  const details = outcome.details;
  const money =
    details.reason === 'amount' && details.from === 'status' && details.gatewayAmount !== null
      ? { reason: 'amount_mismatch' as const, rupees: details.gatewayAmount }
      : details.reason === 'transaction id' && details.gatewayAmount !== undefined
        ? { reason: 'status_disagrees' as const, rupees: details.gatewayAmount }
        : null;
  if (!money) return;
  await queueException(tx, {
    transactionRowId: row.id,
    memberId: row.memberId,
    paymentId: null,
    reason: money.reason,
    amountPaise: rupeesToPaise(money.rupees),
    gatewayReference: row.pgReferenceId,
  });
}

/** A disagreement that leaves the transaction as it is: only the audit `transaction.verification_mismatch`. */
async function recordMismatch(
  ctx: ServiceContext,
  row: TransactionRow,
  outcome: Extract<Outcome, { kind: 'mismatch' }>,
  source: SettleSource,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, ctx.audit, {
      action: 'transaction.verification_mismatch',
      entityType: 'transaction',
      entityId: row.transactionId,
      after: {
        // A successful transaction is answered before any outcome is asked for.
        status: row.status === 'failed' ? 'failed' : 'pending',
        message: outcome.message,
        via: source,
        details: outcome.details,
      },
    });
  });
}

/**
 * Still pending: a pending transaction takes the gateway's newer status code (no audit: nothing
 * was decided).
 * @returns the transaction as it now stands.
 */
async function applyPendingOutcome(
  ctx: ServiceContext,
  row: TransactionRow,
  outcome: Extract<Outcome, { kind: 'pending' }>,
): Promise<SettledTransaction> {
  if (!outcome.statusCode || outcome.statusCode === row.statusCode || row.status !== 'pending') return row;
  const moved = await ctx.db
    .update(transactions)
    .set({ statusCode: outcome.statusCode, updatedAt: ctx.clock.now().toISOString() })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
    .returning({ id: transactions.id });
  return moved.length > 0 ? { ...row, statusCode: outcome.statusCode } : reread(ctx, row);
}
