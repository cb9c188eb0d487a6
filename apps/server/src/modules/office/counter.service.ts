import { createHash } from 'node:crypto';

import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  COLLECTION_MSG,
  ErrorCode,
  ZERO_PAISE,
  addPaise,
  paiseOfSum,
  paiseToRupees,
  rupeesToPaise,
  type CashierCollections,
  type CashierCollectionsQuery,
  type CollectDuesInput,
  type CollectDuesResult,
  type CollectPaymentInput,
  type MemberPayments,
  type Paise,
  type PaymentRecord,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { memberPaymentSummary, members, paymentHeads, payments } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';
import { conflict } from '../../lib/app-error.ts';
import { paymentsInCheckout } from '../gateways/orders.service.ts';
import { getMember } from '../members/members.service.ts';
import { assertMemberInCallerWard } from '../members/wards.service.ts';
import { collectAtOffice } from '../payments/commands/collect-at-office.ts';
import { selectPaymentRecords } from '../payments/payment-record.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * Collects a pending payment at the office (admin or cashier; `docs/domain.md`, "§7 API",
 * collect): a collection of one line, {@link collectAtOffice} with no member named (BEGIN, two
 * statements, COMMIT: the payment locked with its member, head and the caller's sheet; then the
 * receipt, the payment paid and the audit event `payment.collected` in one statement). The answer
 * is the payment as paid, without reading it again. Of any number of concurrent collections of
 * one payment exactly one succeeds.
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
  const reference = input.pgTransactionId ?? null;
  const collected = await collectAtOffice(ctx, {
    memberId: null,
    lines: [{ paymentId: input.paymentId, amountPaise: rupeesToPaise(input.collectionAmount) }],
    paymentMethod: input.paymentMethod,
    reference,
    notes: input.notes ?? null,
    cheque: null,
    utr: null,
  });
  const [payment] = collected.payments;
  if (!payment) throw conflict(COLLECTION_MSG.notPending, ErrorCode.NOT_PENDING);
  return payment;
}

/** The SHA-256 of a collection's validated body, the same for the same request whatever its key order. */
function requestHash(input: CollectDuesInput): string {
  const canonical = {
    memberId: input.memberId,
    items: input.items.map((item) => [item.paymentId, rupeesToPaise(item.amount)]),
    paymentMethod: input.paymentMethod,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
    cheque: input.cheque ? [input.cheque.bank, input.cheque.number, input.cheque.date] : null,
    utr: input.utr ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Collects several pending dues of one member at the office under ONE receipt (`docs/domain.md`,
 * "Collecting several dues"; `POST /api/collections`): the member must exist, then
 * {@link collectAtOffice} with every line, a cheque's details (status `received`) or a UPI
 * payment's UTR (also its reference), and the `Idempotency-Key` with the hash of the body.
 * @param input.items amounts in rupees
 * @param idempotencyKey the request's `Idempotency-Key` header: the same key and body answer the
 *   first answer again (and collect nothing more)
 * @returns the receipt's id and number, its lines and total (rupees)
 * @throws 404 unknown member or a line not a due of this member; 409 `NOT_PENDING`; 400
 *   `AMOUNT_BELOW_DUE` / `AMOUNT_FIXED`; 409 `DUPLICATE_UTR`; 409 `SHEET_CLOSED`; 422
 *   `IDEMPOTENCY_KEY_REUSED`.
 */
export async function collectDues(
  ctx: ServiceContext,
  input: CollectDuesInput,
  idempotencyKey?: string,
): Promise<CollectDuesResult> {
  actorOf(ctx);
  await getMember(ctx.db, input.memberId);
  const collected = await collectAtOffice(ctx, {
    memberId: input.memberId,
    lines: input.items.map((item) => ({ paymentId: item.paymentId, amountPaise: rupeesToPaise(item.amount) })),
    paymentMethod: input.paymentMethod,
    reference: input.utr ?? input.reference ?? null,
    notes: input.notes ?? null,
    cheque: input.cheque ?? null,
    utr: input.utr ?? null,
    idempotency: idempotencyKey ? { key: idempotencyKey, requestHash: requestHash(input) } : undefined,
  });
  if (!collected.answer) throw new Error('a collection of several dues answers with its receipt');
  return collected.answer;
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
  const tz = await parishTimeZone(ctx);
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
      paise: sql<Paise>`coalesce(sum(coalesce(${payments.paidAmountPaise}, ${payments.amountPaise})), 0)`.mapWith(
        paiseOfSum,
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
    totalCollected: paiseToRupees(totals?.paise ?? ZERO_PAISE),
  };
}

/**
 * Every payment of one member for the Payment Summary dialog (`docs/domain.md`, §2 "Payment Summary
 * dialog"), head year and name order, with totals in rupees: paid (paidAmount, else amount, of paid
 * payments that are real money), pending (the amount still owed: pending and failed dues, and dues a
 * test payment paid, for test money is not money: decision 0114) and their sum. The totals are the
 * member's summary row, the same figures as Member Analysis. A member has at most dozens of
 * payments, so no paging.
 * @throws 404 unknown member, or (a ward leader's call) a member of another ward (decision 0129).
 */
export async function getMemberPayments(ctx: ServiceContext, input: { memberId: string }): Promise<MemberPayments> {
  const { memberId } = input;
  // A ward leader reads only their ward's members' dues (decision 0129): another's is "not found".
  await assertMemberInCallerWard(ctx, memberId);
  const member = await getMember(ctx.db, memberId);
  const records = await selectPaymentRecords(ctx.db, eq(payments.memberId, memberId), [
    asc(paymentHeads.year),
    asc(paymentHeads.name),
    asc(payments.id),
  ]);
  const inCheckout = await paymentsInCheckout(ctx, memberId);
  const items = records.map((item) => ({ ...item, checkoutInProgress: inCheckout.has(item._id) }));
  const [sums] = await ctx.db
    .select({ paid: memberPaymentSummary.paidPaise, pending: memberPaymentSummary.unpaidPaise })
    .from(memberPaymentSummary)
    .where(eq(memberPaymentSummary.memberId, memberId));
  const paidPaise = sums?.paid ?? ZERO_PAISE;
  const pendingPaise = sums?.pending ?? ZERO_PAISE;
  return {
    member,
    items,
    totals: {
      paid: paiseToRupees(paidPaise),
      pending: paiseToRupees(pendingPaise),
      total: paiseToRupees(addPaise(paidPaise, pendingPaise)),
    },
  };
}
