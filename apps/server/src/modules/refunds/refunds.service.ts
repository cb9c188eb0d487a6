import { and, desc, eq, sql } from 'drizzle-orm';

import {
  ErrorCode,
  MSG,
  REFUND_MSG,
  paiseToRupees,
  type ApplyRefundInput,
  type ExceptionReason,
  type MarkRefundedInput,
  type PaymentException,
  type RefundActionResult,
  type RefundList,
  type RefundSummary,
  type Paise,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { members, paymentExceptions, paymentHeads, payments, transactions } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { markPaid } from '../payments/ledger/mark-paid.ts';

/**
 * The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"): online money
 * that could not be applied to the dues it was meant for. Staff see it (the cashier read-only);
 * an admin closes an entry as "Refunded" (a refund made in the gateway's own dashboard: no refund
 * API is called) or applies its money to another due of the member, a collection with its own
 * receipt through `markPaid`. Each action is one database transaction with its audit record.
 * Amounts in paise inside, rupees in the answers.
 */

/** Money to queue, from a settlement (inside its database transaction). */
export interface QueuedMoney {
  /** The row id of the online transaction that brought the money. */
  transactionRowId: string;
  memberId: string;
  /** The due it was meant for, when one. */
  paymentId: string | null;
  reason: ExceptionReason;
  amountPaise: Paise;
  gatewayReference: string | null;
}

/**
 * Puts money in the queue inside the caller's transaction (a settlement); once per transaction,
 * reason and payment (a repeated settlement adds nothing).
 */
export async function queueException(tx: Tx, money: QueuedMoney): Promise<void> {
  await tx
    .insert(paymentExceptions)
    .values({ ...money, remainingPaise: money.amountPaise, status: 'open' })
    .onConflictDoNothing();
}

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
  return { count: row?.count ?? 0, amount: paiseToRupees(Number(row?.remaining ?? 0)) };
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

/** Locks an open entry (first, see `docs/ARCHITECTURE.md`, "Lock order"). @throws 404, 409 `NOT_PENDING`. */
async function lockOpenEntry(tx: Tx, id: string) {
  const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  if (row.status !== 'open') throw conflict(REFUND_MSG.notOpen, ErrorCode.NOT_PENDING);
  return row;
}

/**
 * "Refunded": records a refund the parish made in the gateway's own dashboard (no refund API is
 * called): the entry is closed with the reference, the date (yyyy-mm-dd) and a note; audit
 * `refund.refunded` as the admin, in the same transaction.
 * @throws 404 unknown entry; 409 `NOT_PENDING` when already closed.
 */
export async function markRefunded(
  ctx: ServiceContext,
  id: string,
  input: MarkRefundedInput,
): Promise<RefundActionResult> {
  actorOf(ctx);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    const row = await lockOpenEntry(tx, id);
    await tx
      .update(paymentExceptions)
      .set({
        status: 'refunded',
        remainingPaise: 0,
        resolvedAt: now,
        refundReference: input.refundReference,
        refundDate: input.refundDate,
        note: input.note || null,
      })
      .where(eq(paymentExceptions.id, id));
    await recordAudit(tx, ctx.audit, {
      action: 'refund.refunded',
      entityType: 'payment_exception',
      entityId: id,
      before: { status: 'open', remaining: paiseToRupees(row.remainingPaise) },
      after: {
        status: 'refunded',
        remaining: 0,
        refundReference: input.refundReference,
        refundDate: input.refundDate,
        note: input.note || null,
      },
    });
  });
  return { entry: await entryById(ctx.db, id), receiptNumber: null, applied: null };
}

/**
 * "Apply to another due of this member": pays a pending due of the same member with the queued
 * money, a collection with its own receipt (`markPaid`: method online, the transaction's gateway
 * and references, collected by the admin), only when the money still in the entry covers the due;
 * the rest stays in the queue. Lock order: the entry, then the payment (`markPaid`), then the
 * receipt counter. Audit `refund.applied`; `payment.updated` after the commit.
 * @throws 404 unknown entry; 409 `NOT_PENDING` closed entry; 400 (`paymentId`) not a pending due
 * of the member, or not covered.
 */
export async function applyRefund(
  ctx: ServiceContext,
  id: string,
  input: ApplyRefundInput,
): Promise<RefundActionResult> {
  const admin = actorOf(ctx);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const row = await lockOpenEntry(tx, id);
    const [due] = await tx
      .select({ amountPaise: payments.amountPaise, status: payments.status })
      .from(payments)
      .where(and(eq(payments.id, input.paymentId), eq(payments.memberId, row.memberId)));
    if (!due || due.status !== 'pending') throw badRequest(REFUND_MSG.notMembersDue, 'paymentId');
    if (due.amountPaise > row.remainingPaise) throw badRequest(REFUND_MSG.notCovered, 'paymentId');
    const [source] = await tx
      .select({ gateway: transactions.paymentGateway, txnId: transactions.transactionId, isTest: transactions.isTest })
      .from(transactions)
      .where(eq(transactions.id, row.transactionRowId));
    const marked = await markPaid(tx, ctx.config.parishTimezone, {
      memberId: row.memberId,
      lines: [{ paymentId: input.paymentId, amountPaise: due.amountPaise }],
      issuedAt: now,
      paymentMethod: 'online',
      paymentGateway: source?.gateway ?? 'worldline',
      collectionMode: 'online',
      collectedBy: admin.id,
      transactionId: source?.txnId ?? null,
      pgTransactionId: row.gatewayReference,
      notes: 'Applied from the refunds queue',
      enforceDueAmount: true,
      isTest: source?.isTest ?? false,
    });
    if (marked.paid.length === 0) throw badRequest(REFUND_MSG.notMembersDue, 'paymentId');
    const remainingPaise = row.remainingPaise - due.amountPaise;
    const status = remainingPaise === 0 ? 'applied' : 'open';
    await tx
      .update(paymentExceptions)
      .set({ remainingPaise, status, ...(status === 'applied' && { resolvedAt: now.toISOString() }) })
      .where(eq(paymentExceptions.id, id));
    const receiptNumber = marked.receipt?.number ?? null;
    await recordAudit(tx, ctx.audit, {
      action: 'refund.applied',
      entityType: 'payment_exception',
      entityId: id,
      before: { status: 'open', remaining: paiseToRupees(row.remainingPaise) },
      after: {
        status,
        remaining: paiseToRupees(remainingPaise),
        paymentId: input.paymentId,
        amount: paiseToRupees(due.amountPaise),
        receiptNumber,
      },
    });
    return { memberId: row.memberId, receiptNumber, appliedPaise: due.amountPaise };
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: done.memberId,
    data: { paymentIds: [input.paymentId], status: 'paid', via: 'manual' },
  });
  return {
    entry: await entryById(ctx.db, id),
    receiptNumber: done.receiptNumber,
    applied: paiseToRupees(done.appliedPaise),
  };
}
