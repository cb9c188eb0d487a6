import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  paiseToRupees,
  type AuditPaymentDetails,
  type ConcessionReason,
  type PaymentConcession,
  type PaymentHead,
  type PaymentRecord,
} from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { members, paymentHeads, payments, receipts, staffUsers } from '../../db/schema/index.ts';

const collector = alias(staffUsers, 'collector');

/** The columns of one payment with its member, head and collector, as {@link toPaymentRecord} takes them. */
const recordColumns = {
  payment: payments,
  member: {
    id: members.id,
    name: members.name,
    parishNumber: members.parishNumber,
    mobile: members.mobile,
  },
  head: paymentHeads,
  collector: { id: collector.id, name: collector.name },
  // A lookup by the receipt's key (parish, id) for each row, whatever the planner's costs: joined, PGlite read
  // every receipt of the parish for a member's six payments (decision 0061).
  chequeStatus: sql<string | null>`(select ${receipts.chequeStatus} from ${receipts}
      where ${receipts.parishId} = ${payments.parishId} and ${receipts.id} = ${payments.receiptId})`,
};

/** One payment row with its member, head, collector and receipt's cheque status, as {@link toPaymentRecord} takes it. */
export type RecordRow = {
  payment: typeof payments.$inferSelect;
  member: { id: string; name: string; parishNumber: string; mobile: string };
  head: typeof paymentHeads.$inferSelect;
  collector: { id: string; name: string } | null;
  chequeStatus: string | null;
};

const iso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The concession a payment row carries (`docs/domain.md`, §4 "Concessions"), rupees; null when
 * none was granted.
 */
export function concessionOf(payment: typeof payments.$inferSelect): PaymentConcession | null {
  if (payment.concessionPaise <= 0 || !payment.concessionReason) return null;
  return {
    amount: paiseToRupees(payment.concessionPaise),
    reason: payment.concessionReason as ConcessionReason,
    note: payment.concessionNote,
    grantedBy: payment.concededBy,
    grantedAt: iso(payment.concededAt),
  };
}

/** A head row as the API shows it (`docs/domain.md`, §7 "Entities on the wire"): rupees, ISO instants. */
export function toPaymentHead(row: typeof paymentHeads.$inferSelect): PaymentHead {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    amount: paiseToRupees(row.amountPaise),
    type: row.type,
    year: row.year,
    dueDate: row.dueDate ?? null,
    variable_amount: row.variableAmount,
    isActive: row.isActive,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(row.isDonation && { isDonation: true as const }),
  };
}

/**
 * A payment row with its member, head and collector as the API's Payment JSON
 * (`docs/domain.md`, §7 "Entities on the wire"): paise become rupees, instants ISO 8601 UTC; the due date is the
 * payment's own, else its head's.
 */
export function toPaymentRecord(row: RecordRow): PaymentRecord {
  const { payment, member, head } = row;
  return {
    _id: payment.id,
    memberId: { _id: member.id, name: member.name, parishNumber: member.parishNumber, mobile: member.mobile },
    paymentHeadId: toPaymentHead(head),
    amount: paiseToRupees(payment.amountPaise),
    paidAmount: payment.paidAmountPaise === null ? null : paiseToRupees(payment.paidAmountPaise),
    status: payment.status,
    year: payment.year,
    paidAt: iso(payment.paidAt),
    createdAt: new Date(payment.createdAt).toISOString(),
    dueDate: payment.dueDate ?? head.dueDate,
    transactionId: payment.transactionId,
    pgTransactionId: payment.pgTransactionId,
    paymentMethod: payment.paymentMethod,
    paymentGateway: payment.paymentGateway,
    collectionMode: payment.collectionMode,
    collectedBy: row.collector ? { _id: row.collector.id, name: row.collector.name } : null,
    notes: payment.notes,
    receiptNumber: payment.receiptNumber,
    concession: concessionOf(payment),
    receiptId: payment.receiptId,
    chequeStatus: row.chequeStatus === 'received' || row.chequeStatus === 'cleared' ? row.chequeStatus : null,
  };
}

/**
 * The payments matching `where`, each with member, head and collector, as Payment JSON.
 * @param orderBy SQL order terms (e.g. paid date descending)
 * @param page optional `{ limit, offset }`
 */
export async function selectPaymentRecords(
  db: DbOrTx,
  where: SQL | undefined,
  orderBy: SQL[],
  page?: { limit: number; offset: number },
): Promise<PaymentRecord[]> {
  let query = paymentRecordQuery(db, {})
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  if (page) query = query.limit(page.limit).offset(page.offset);
  const rows = await query;
  return rows.map(toPaymentRecord);
}

/**
 * The select of {@link selectPaymentRecords} (payments with member, head, collector and cheque
 * status), with `extra` columns beside them, for a caller to add its condition, order or
 * `.prepare(name)`; map each row with {@link toPaymentRecord}.
 */
export function paymentRecordQuery<E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E) {
  return db
    .select({ ...recordColumns, ...extra })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .leftJoin(collector, eq(collector.id, payments.collectedBy));
}

/** One payment as Payment JSON, or null when there is no such payment. */
export async function findPaymentRecord(db: DbOrTx, id: string): Promise<PaymentRecord | null> {
  const [record] = await selectPaymentRecords(db, eq(payments.id, id), []);
  return record ?? null;
}

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
