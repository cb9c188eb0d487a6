import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  MSG,
  OFFICE_MSG,
  calendarDateIn,
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
import { members, paymentHeads, payments } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { paymentsInCheckout } from '../gateways/orders.service.ts';
import { escapeLike, getMember } from '../members/members.service.ts';
import { markPaid } from '../payments/mark-paid.ts';
import { selectPaymentRecords, toPaymentRecord } from '../payments/payment-record.ts';
import { checkSheetOpen, dayClosedSql } from './cashier-days.ts';
import { explainLineNotPaid } from './collect-dues.service.ts';

/** The payment-detail fields a collection sets and a reversal clears (kept in the audit trail; money in rupees). */
export function paymentDetails(record: PaymentRecord): AuditPaymentDetails {
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
 * Collects a pending payment at the office (admin or cashier; `docs/domain.md`, "§7 API",
 * collect). One database transaction of few statements (decision 0057): the payment locked
 * (`FOR UPDATE`) and read with its member and head and whether the caller's sheet of today is
 * closed; {@link markPaid} with that state (it checks the status and the amount against the
 * assigned one, then in ONE statement takes the receipt number, issues the receipt, marks the
 * payment paid and writes the audit event 'payment.collected' with before and after). The answer
 * is the locked row with the fields set, without reading it again. Of any number of concurrent
 * collections of one payment exactly one succeeds.
 * Sets paidAmount, paidAt (the clock), paymentMethod, paymentGateway 'manual', collectionMode
 * 'manual', collectedBy (the caller), transactionId and pgTransactionId (the Payment Reference, when
 * given) and notes (the Remarks).
 * @param input.collectionAmount in rupees
 * @throws 409 `SHEET_CLOSED` when the caller's sheet of today is closed; 404 unknown payment;
 *   409 `NOT_PENDING` {@link COLLECTION_MSG.notPending} when it is not
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
  const issuedAt = ctx.clock.now();
  const today = calendarDateIn(issuedAt, ctx.config.parishTimezone);
  const collected = await ctx.db.transaction(async (tx) => {
    // One statement: the payment locked with its member and head, the caller's name, and whether
    // the caller's sheet of today is closed.
    const [row] = await tx
      .select({
        payment: payments,
        member: { id: members.id, name: members.name, parishNumber: members.parishNumber, mobile: members.mobile },
        head: paymentHeads,
        collectorName: sql<string | null>`(select name from staff_users where id = ${actor.id})`,
        dayClosed: dayClosedSql(actor.id, today),
      })
      .from(payments)
      .innerJoin(members, eq(members.id, payments.memberId))
      .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
      .where(eq(payments.id, paymentId))
      .for('update', { of: payments });
    if (!row) {
      await checkSheetOpen(ctx, tx);
      throw notFound(MSG.notFound);
    }
    if (row.dayClosed) throw conflict(OFFICE_MSG.todayClosed, ErrorCode.SHEET_CLOSED);
    const locked = new Map([
      [
        paymentId,
        {
          memberId: row.payment.memberId,
          status: row.payment.status,
          amountPaise: row.payment.amountPaise,
          variableAmount: row.head.variableAmount,
        },
      ],
    ]);
    const paid = {
      paymentMethod: input.paymentMethod,
      paymentGateway: 'manual',
      collectionMode: 'manual',
      collectedBy: actor.id,
      transactionId: reference,
      pgTransactionId: reference,
      notes: input.notes ?? null,
    } as const;
    // The payment as the receipt's statement leaves it: the locked row with the fields markPaid
    // sets (its receipt number is merged into the audit record by that statement).
    const paidRow = {
      ...row.payment,
      ...paid,
      status: 'paid' as const,
      paidAmountPaise: amountPaise,
      paidAt: issuedAt.toISOString(),
      isTest: false,
      updatedAt: issuedAt.toISOString(),
    };
    const recordOf = (payment: typeof paidRow) =>
      toPaymentRecord({
        payment,
        member: row.member,
        head: row.head,
        collector: row.collectorName === null ? null : { id: actor.id, name: row.collectorName },
        chequeStatus: null,
      });
    const unnumbered = recordOf(paidRow);
    const marked = await markPaid(
      tx,
      ctx.config.parishTimezone,
      {
        ...paid,
        memberId: null,
        lines: [{ paymentId, amountPaise }],
        issuedAt,
        enforceDueAmount: true,
        onNotUpdated: (id, attempt) => explainLineNotPaid(tx, { paymentId: id, amountPaise, memberId: null }, attempt),
        audit: {
          context: ctx.audit,
          entry: {
            action: 'payment.collected',
            entityType: 'payment',
            entityId: paymentId,
            before: { status: 'pending', amount: unnumbered.amount, memberId: unnumbered.memberId._id },
            after: paymentDetails(unnumbered),
          },
        },
      },
      locked,
    );
    if (!marked.receipt) throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
    const after = recordOf({ ...paidRow, receiptId: marked.receipt.id, receiptNumber: marked.receipt.number });
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
