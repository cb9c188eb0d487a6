import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import {
  HEAD_OR_MEMBER_NOT_FOUND_MESSAGE,
  paiseToRupees,
  type Payment,
  type PaymentList,
  type PaymentListQuery,
} from '@parish/shared';

import type { ServiceContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { members, paymentHeads, payments, staffUsers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { toPaymentHead } from './payment-record.ts';

const paymentColumns = {
  payment: payments,
  member: { id: members.id, name: members.name, parishNumber: members.parishNumber, mobile: members.mobile },
  head: paymentHeads,
  collector: { id: staffUsers.id, name: staffUsers.name },
};

type PaymentJoinRow = {
  payment: typeof payments.$inferSelect;
  member: { id: string; name: string; parishNumber: string; mobile: string };
  head: typeof paymentHeads.$inferSelect;
  collector: { id: string; name: string } | null;
};

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/**
 * A payment row with its member, head and collector as the API shows it (`docs/domain.md`, §7
 * "Entities on the wire").
 */
export function toPayment(row: PaymentJoinRow): Payment {
  const p = row.payment;
  return {
    _id: p.id,
    memberId: {
      _id: row.member.id,
      name: row.member.name,
      parishNumber: row.member.parishNumber,
      mobile: row.member.mobile,
    },
    paymentHeadId: toPaymentHead(row.head),
    amount: paiseToRupees(p.amountPaise),
    paidAmount: p.paidAmountPaise === null ? null : paiseToRupees(p.paidAmountPaise),
    status: p.status,
    year: p.year,
    paidAt: iso(p.paidAt),
    createdAt: new Date(p.createdAt).toISOString(),
    dueDate: p.dueDate ?? null,
    transactionId: p.transactionId,
    pgTransactionId: p.pgTransactionId,
    paymentMethod: p.paymentMethod,
    paymentGateway: p.paymentGateway,
    collectionMode: p.collectionMode,
    collectedBy: row.collector?.id ? { _id: row.collector.id, name: row.collector.name } : null,
    notes: p.notes,
    receiptNumber: p.receiptNumber,
    receiptId: p.receiptId,
  };
}

function selectPayments(db: DbOrTx) {
  return db
    .select({ ...paymentColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .leftJoin(staffUsers, eq(staffUsers.id, payments.collectedBy));
}

const SORT = {
  member: sql`${members.name}`,
  amount: sql`${payments.amountPaise}`,
  status: sql`${payments.status}`,
  date: sql`coalesce(${payments.paidAt}, ${payments.createdAt})`,
} as const;

/**
 * Payments, one page, with member, head and collector populated (`GET /api/payments`): filters
 * status, member, head; `search` matches member name, mobile or parish number; sorted by member
 * name, assigned amount, status or date (paid date, else created) with the id as tiebreak.
 * One statement (the total by `count(*) over()`), plus a count when the page is past the end.
 */
export async function listPayments(ctx: ServiceContext, query: PaymentListQuery): Promise<PaymentList> {
  const db = ctx.db;
  const { page, limit, sortBy, sortOrder } = query;
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.memberId) conditions.push(eq(payments.memberId, query.memberId));
  if (query.paymentHeadId) conditions.push(eq(payments.paymentHeadId, query.paymentHeadId));
  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      or(ilike(members.name, pattern), ilike(members.mobile, pattern), ilike(members.parishNumber, pattern)),
    );
  }
  const where = and(...conditions);
  const direction = sql.raw(sortOrder === 'desc' ? 'desc' : 'asc');
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(sql`${SORT[sortBy]} ${direction}`, sql`${payments.id} asc`)
    .limit(limit)
    .offset((page - 1) * limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .innerJoin(members, eq(members.id, payments.memberId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { items: rows.map(toPayment), total, page, limit };
}

/**
 * One payment with member, head and collector.
 * @throws 404 for an unknown id.
 */
export async function getPayment(ctx: ServiceContext, id: string): Promise<Payment> {
  const [row] = await selectPayments(ctx.db).where(eq(payments.id, id));
  if (!row) throw notFound(HEAD_OR_MEMBER_NOT_FOUND_MESSAGE);
  return toPayment(row);
}
