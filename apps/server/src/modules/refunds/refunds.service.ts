import { desc, eq, sql } from 'drizzle-orm';

import {
  MSG,
  paiseOfSum,
  paiseToRupees,
  type ApplyRefundInput,
  type ExceptionReason,
  type MarkRefundedInput,
  type PaymentException,
  type RefundActionResult,
  type RefundList,
  type RefundSummary,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { members, paymentExceptions, paymentHeads, payments, transactions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { applyRefundToDue } from '../payments/commands/apply-refund.ts';
import { recordRefund } from '../payments/commands/record-refund.ts';
import { voidTestPayments } from '../payments/commands/void-test-payments.ts';

/**
 * The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"): online money
 * that could not be applied to the dues it was meant for (queued by the settlement,
 * `payments/ledger/exceptions.ts`). Staff see it (the cashier read-only); an admin closes an entry
 * as "Refunded" (a refund made in the gateway's own dashboard: no refund API is called) or applies
 * its money to another due of the member, a collection with its own receipt. Each action is a
 * command of the ledger (`payments/commands/`), one database transaction with its audit record.
 * Amounts in paise inside, rupees in the answers.
 */

const entryColumns = {
  id: paymentExceptions.id,
  status: paymentExceptions.status,
  reason: paymentExceptions.reason,
  amountPaise: paymentExceptions.amountPaise,
  remainingPaise: paymentExceptions.remainingPaise,
  memberId: paymentExceptions.memberId,
  memberName: members.name,
  parishNumber: members.parishNumber,
  paymentId: paymentExceptions.paymentId,
  headName: paymentHeads.name,
  gateway: transactions.paymentGateway,
  transactionId: transactions.transactionId,
  gatewayReference: paymentExceptions.gatewayReference,
  isTest: transactions.isTest,
  createdAt: paymentExceptions.createdAt,
  resolvedAt: paymentExceptions.resolvedAt,
  refundReference: paymentExceptions.refundReference,
  refundDate: paymentExceptions.refundDate,
  note: paymentExceptions.note,
};

function entries(db: DbOrTx) {
  return db
    .select(entryColumns)
    .from(paymentExceptions)
    .innerJoin(members, eq(members.id, paymentExceptions.memberId))
    .innerJoin(transactions, eq(transactions.id, paymentExceptions.transactionRowId))
    .leftJoin(payments, eq(payments.id, paymentExceptions.paymentId))
    .leftJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .$dynamic();
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

function toEntry(row: EntryRow): PaymentException {
  return {
    _id: row.id,
    status: row.status as PaymentException['status'],
    reason: row.reason as ExceptionReason,
    amount: paiseToRupees(row.amountPaise),
    remaining: paiseToRupees(row.remainingPaise),
    memberId: row.memberId,
    memberName: row.memberName,
    parishNumber: row.parishNumber,
    paymentId: row.paymentId,
    headName: row.headName,
    gateway: row.gateway === 'razorpay' ? 'razorpay' : 'worldline',
    transactionId: row.transactionId,
    gatewayReference: row.gatewayReference,
    isTest: row.isTest,
    createdAt: new Date(row.createdAt).toISOString(),
    resolvedAt: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
    refundReference: row.refundReference,
    refundDate: row.refundDate,
    note: row.note,
  };
}

/**
 * "Refunds pending: n, ₹x": the open entries and the rupees still to refund or apply.
 */
export async function refundSummary(ctx: Pick<ServiceContext, 'db'>): Promise<RefundSummary> {
  const [row] = await queryRows<{ count: number; remaining: string | null }>(
    ctx.db,
    sql`select count(*)::int as count, sum(remaining_paise)::text as remaining
        from payment_exceptions where status = 'open'`,
  );
  return { count: row?.count ?? 0, amount: paiseToRupees(paiseOfSum(row?.remaining)) };
}

/**
 * The queue, newest first (at most 500 entries), with the open totals.
 * @param input `status`: `open` (default), `refunded`, `applied` or `all`
 */
export async function listRefunds(ctx: ServiceContext, input: { status: string }): Promise<RefundList> {
  const query = entries(ctx.db);
  if (input.status !== 'all') query.where(eq(paymentExceptions.status, input.status));
  const rows = await query.orderBy(desc(paymentExceptions.createdAt)).limit(500);
  return { data: rows.map(toEntry), pending: await refundSummary(ctx) };
}

async function entryById(db: DbOrTx, id: string): Promise<PaymentException> {
  const [row] = await entries(db).where(eq(paymentExceptions.id, id));
  if (!row) throw notFound(MSG.notFound);
  return toEntry(row);
}

/**
 * "Refunded": records a refund made in the gateway's own dashboard ({@link recordRefund}, the
 * ledger's command), then answers the entry as closed.
 * @throws 404 unknown entry; 409 `NOT_PENDING` when already closed.
 */
export async function markRefunded(
  ctx: ServiceContext,
  id: string,
  input: MarkRefundedInput,
): Promise<RefundActionResult> {
  await recordRefund(ctx, id, input);
  return { entry: await entryById(ctx.db, id), receiptNumber: null, applied: null };
}

/**
 * "Apply to another due of this member": pays the due with the queued money
 * ({@link applyRefundToDue}, the ledger's command, with its own receipt), then answers the entry,
 * the receipt number and the amount applied in rupees.
 * @throws 404 unknown entry; 409 `NOT_PENDING` closed entry; 400 (`paymentId`) not a pending due
 * of the member, or not covered.
 */
export async function applyRefund(
  ctx: ServiceContext,
  id: string,
  input: ApplyRefundInput,
): Promise<RefundActionResult> {
  const done = await applyRefundToDue(ctx, id, input);
  return {
    entry: await entryById(ctx.db, id),
    receiptNumber: done.receiptNumber,
    applied: paiseToRupees(done.appliedPaise),
  };
}

/**
 * "Void all test payments" before going live (`POST /api/refunds/void-test-payments`): the
 * ledger's command, `payments/commands/void-test-payments.ts`.
 */
export { voidTestPayments };
