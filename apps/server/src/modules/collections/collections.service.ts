import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  amountBelowDueMessage,
  amountFixedMessage,
  collectionAmountProblem,
  formatINR,
  paiseToRupees,
  rupeesToPaise,
  type AuditPaymentDetails,
  type CashierCollections,
  type CashierCollectionsQuery,
  type CollectPaymentInput,
  type MemberPayments,
  type PaymentRecord,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { members, paymentHeads, payments } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { paymentsInCheckout } from '../gateways/orders.service.ts';
import { escapeLike, getMember } from '../members/members.service.ts';
import { markPaid } from '../payments/mark-paid.ts';
import { findPaymentRecord, selectPaymentRecords } from '../payments/payment-record.ts';
import { voidReceiptOf } from '../payments/receipts.ts';

/** The payment-detail fields a collection sets and a reversal clears (kept in the audit trail; money in rupees). */
function paymentDetails(record: PaymentRecord): AuditPaymentDetails {
  return {
    status: record.status,
    amount: record.amount,
    paidAmount: record.paidAmount,
    paidAt: record.paidAt,
    paymentMethod: record.paymentMethod,
    paymentGateway: record.paymentGateway,
    collectionMode: record.collectionMode,
    collectedBy: record.collectedBy,
    transactionId: record.transactionId,
    pgTransactionId: record.pgTransactionId,
    notes: record.notes,
    receiptNumber: record.receiptNumber,
    memberId: record.memberId._id,
    paymentHeadId: record.paymentHeadId._id,
  };
}

/**
 * Why a collection's update left a payment alone, decided on the row as it now stands (the amount
 * by `collectionAmountProblem`, `docs/domain.md`, "Effective amount"): a reversal committed while
 * the update waited on the row (its snapshot still saw it paid) leaves it pending with the amount
 * right, and the update is tried again, at most twice.
 * @throws 404 unknown payment; 409 `NOT_PENDING`; 400 `AMOUNT_BELOW_DUE` amount below the due,
 *   `AMOUNT_FIXED` not the due on a head without a variable amount.
 */
async function explainNotCollected(
  tx: DbOrTx,
  paymentId: string,
  amountPaise: number,
  attempt: number,
): Promise<'retry'> {
  const [current] = await tx
    .select({ status: payments.status, amountPaise: payments.amountPaise, variable: paymentHeads.variableAmount })
    .from(payments)
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(eq(payments.id, paymentId));
  if (!current) throw notFound(MSG.notFound);
  if (current.status !== 'pending') throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
  const problem = collectionAmountProblem(current.amountPaise, current.variable, amountPaise);
  const due = formatINR(current.amountPaise);
  if (problem === 'below_due') {
    throw badRequest(amountBelowDueMessage(due), 'collectionAmount', ErrorCode.AMOUNT_BELOW_DUE);
  }
  if (problem === 'fixed') throw badRequest(amountFixedMessage(due), 'collectionAmount', ErrorCode.AMOUNT_FIXED);
  if (attempt >= 2) throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
  return 'retry';
}

/**
 * Collects a pending payment at the office (admin or cashier; `docs/domain.md`, "§7 API",
 * collect). One database transaction: {@link markPaid} (a conditional update that also checks the
 * amount against the assigned one, then one receipt of the financial year), then the audit event
 * 'payment.collected' with before and after. Of any number of concurrent collections of one
 * payment exactly one succeeds.
 * Sets paidAmount, paidAt (the clock), paymentMethod, paymentGateway 'manual', collectionMode
 * 'manual', collectedBy (the caller), transactionId and pgTransactionId (the Payment Reference, when
 * given) and notes (the Remarks).
 * @param input.collectionAmount in rupees
 * @throws 404 unknown payment; 409 `NOT_PENDING` {@link COLLECTION_MSG.notPending} when it is not
 *   pending; 400 `AMOUNT_BELOW_DUE` when the amount is below the assigned amount, `AMOUNT_FIXED`
 *   when above it on a head without a variable amount (`docs/domain.md`, "Effective amount").
 */
export async function collectPayment(
  ctx: ServiceContext,
  input: CollectPaymentInput & { paymentId: string },
): Promise<PaymentRecord> {
  const actor = actorOf(ctx);
  const { paymentId } = input;
  const amountPaise = rupeesToPaise(input.collectionAmount);
  const reference = input.pgTransactionId ?? null;
  const collected = await ctx.db.transaction(async (tx) => {
    await markPaid(tx, ctx.config.parishTimezone, {
      memberId: null,
      lines: [{ paymentId, amountPaise }],
      issuedAt: ctx.clock.now(),
      paymentMethod: input.paymentMethod,
      paymentGateway: 'manual',
      collectionMode: 'manual',
      collectedBy: actor.id,
      transactionId: reference,
      pgTransactionId: reference,
      notes: input.notes ?? null,
      enforceDueAmount: true,
      onNotUpdated: (id, attempt) => explainNotCollected(tx, id, amountPaise, attempt),
    });
    const after = await findPaymentRecord(tx, paymentId);
    if (!after) throw notFound(MSG.notFound);
    await recordAudit(tx, ctx.audit, {
      action: 'payment.collected',
      entityType: 'payment',
      entityId: paymentId,
      before: { status: 'pending', amount: after.amount, memberId: after.memberId._id },
      after: paymentDetails(after),
    });
    return after;
  });
  // After commit: open screens (dashboard, reports, the member's portal) refresh.
  ctx.events.publish({
    type: 'payment.updated',
    memberId: collected.memberId._id,
    data: { paymentIds: [collected._id], status: 'paid', via: 'manual' },
  });
  return collected;
}

/**
 * Reverses a direct (manual) collection (`docs/domain.md`, §4 "Reversal"): back to
 * pending, clearing paidAmount, paidAt, method, gateway, collection mode, collector, transaction
 * ids, notes and the receipt number (retired: the counter never gives it again). The cleared
 * details, who reversed and when stay in the audit event 'payment.reversed', in the same
 * transaction. The row is locked first, so a reversal racing a collection or another reversal
 * sees the other's result.
 * Decision: an admin reverses any direct collection; a cashier only their own (`docs/domain.md`, §6
 * "Cashier's own collections"; `docs/decisions/0003-cashier-reverses-own-collections.md`: a cashier
 * "sees own collections"; a cashier undoing another's cash would leave the other's till short
 * without their knowledge).
 * @throws 404 unknown payment; 409 `NOT_PAID` {@link COLLECTION_MSG.notPaid} when not paid,
 *   409 `ONLINE_NOT_REVERSIBLE` {@link COLLECTION_MSG.onlineNotReversible} for an online payment;
 *   403 `NOT_OWN_COLLECTION` {@link COLLECTION_MSG.notOwnCollection} for a cashier and another's
 *   collection.
 */
export async function reverseCollection(ctx: ServiceContext, input: { paymentId: string }): Promise<PaymentRecord> {
  const actor = actorOf(ctx);
  const { paymentId } = input;
  const now = ctx.clock.now();
  const reversed = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!locked) throw notFound(MSG.notFound);
    const before = await findPaymentRecord(tx, paymentId);
    if (!before) throw notFound(MSG.notFound);
    if (before.status !== 'paid') throw conflict(COLLECTION_MSG.notPaid, ErrorCode.NOT_PAID);
    if (before.paymentGateway !== 'manual') {
      throw conflict(COLLECTION_MSG.onlineNotReversible, ErrorCode.ONLINE_NOT_REVERSIBLE);
    }
    if (actor.role === 'cashier' && before.collectedBy?._id !== actor.id) {
      throw new AppError(ErrorCode.NOT_OWN_COLLECTION, COLLECTION_MSG.notOwnCollection);
    }
    await voidReceiptOf(tx, paymentId, now, actor.id);
    const updated = await tx
      .update(payments)
      .set({
        status: 'pending',
        paidAmountPaise: null,
        paidAt: null,
        paymentMethod: null,
        paymentGateway: null,
        collectionMode: null,
        collectedBy: null,
        transactionId: null,
        pgTransactionId: null,
        notes: null,
        receiptNumber: null,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid'), eq(payments.paymentGateway, 'manual')))
      .returning({ id: payments.id });
    if (updated.length === 0) throw conflict(COLLECTION_MSG.notPaid, ErrorCode.NOT_PAID);
    const after = await findPaymentRecord(tx, paymentId);
    if (!after) throw notFound(MSG.notFound);
    await recordAudit(tx, ctx.audit, {
      action: 'payment.reversed',
      entityType: 'payment',
      entityId: paymentId,
      before: paymentDetails(before),
      after: {
        ...paymentDetails(after),
        reversedBy: { _id: actor.id, name: actor.name, role: actor.role },
        reversedAt: now.toISOString(),
        retiredReceiptNumber: before.receiptNumber,
      },
    });
    return after;
  });
  ctx.events.publish({
    type: 'payment.updated',
    memberId: reversed.memberId._id,
    data: { paymentIds: [reversed._id], status: 'pending', via: 'reversal' },
  });
  return reversed;
}

/**
 * The caller's own direct collections (`docs/domain.md`, §2 "Cashier Collections" and §6 "Cashier's
 * own collections"): paid, gateway manual, collected by the caller; newest first, one page.
 * `from`/`to` are calendar dates in the parish time zone, inclusive; search matches member name,
 * parish number, mobile, head name or transaction id (case-insensitive substring).
 * @returns the page, the total count and `totalCollected` in rupees over every match.
 */
export async function listOwnCollections(
  ctx: ServiceContext,
  query: CashierCollectionsQuery,
): Promise<CashierCollections> {
  const actor = actorOf(ctx);
  const tz = ctx.config.parishTimezone;
  const conditions: SQL[] = [
    eq(payments.status, 'paid'),
    eq(payments.paymentGateway, 'manual'),
    eq(payments.collectedBy, actor.id),
  ];
  if (query.from) conditions.push(sql`${payments.paidAt} >= (${query.from}::date::timestamp at time zone ${tz})`);
  if (query.to) conditions.push(sql`${payments.paidAt} < ((${query.to}::date + 1)::timestamp at time zone ${tz})`);
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const matches = or(
      ilike(members.name, pattern),
      ilike(members.parishNumber, pattern),
      ilike(members.mobile, pattern),
      ilike(paymentHeads.name, pattern),
      ilike(payments.transactionId, pattern),
      ilike(payments.pgTransactionId, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [totals] = await ctx.db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      paise: sql<number>`coalesce(sum(coalesce(${payments.paidAmountPaise}, ${payments.amountPaise})), 0)`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(where);
  const items = await selectPaymentRecords(ctx.db, where, [desc(payments.paidAt), asc(payments.id)], {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items,
    total: totals?.count ?? 0,
    page: query.page,
    limit: query.limit,
    totalCollected: paiseToRupees(totals?.paise ?? 0),
  };
}

/**
 * Every payment of one member for the Payment Summary dialog (`docs/domain.md`, §2 "Payment Summary
 * dialog"), head year and name order, with totals in rupees: paid (paidAmount, else amount, of paid
 * payments), pending (amount of every unpaid one) and their sum. A member has at most dozens of
 * payments, so no paging.
 * @throws 404 unknown member.
 */
export async function getMemberPayments(ctx: ServiceContext, input: { memberId: string }): Promise<MemberPayments> {
  const { memberId } = input;
  const member = await getMember(ctx.db, memberId);
  const records = await selectPaymentRecords(ctx.db, eq(payments.memberId, memberId), [
    asc(paymentHeads.year),
    asc(paymentHeads.name),
    asc(payments.id),
  ]);
  const inCheckout = await paymentsInCheckout(ctx, memberId);
  const items = records.map((item) => ({ ...item, checkoutInProgress: inCheckout.has(item._id) }));
  let paidPaise = 0;
  let pendingPaise = 0;
  for (const item of items) {
    const amount = rupeesToPaise(item.amount);
    if (item.status === 'paid') paidPaise += item.paidAmount === null ? amount : rupeesToPaise(item.paidAmount);
    else pendingPaise += amount;
  }
  return {
    member,
    items,
    totals: {
      paid: paiseToRupees(paidPaise),
      pending: paiseToRupees(pendingPaise),
      total: paiseToRupees(paidPaise + pendingPaise),
    },
  };
}
