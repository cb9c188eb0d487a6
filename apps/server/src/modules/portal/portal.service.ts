import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
  paiseToRupees,
  type CustomerPayments,
  type CustomerPaymentsQuery,
  type CustomerTransactions,
  type Transaction,
} from '@parish/shared';

import { queryRows } from '../../db/client.ts';
import { paymentHeads, payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { selectPaymentRecords } from '../payments/payment-record.ts';

/**
 * The member portal's reads (specification section 2 "Customer dashboard"; `api-contract.md`
 * "Member portal"). `memberId` always comes from the caller's token, never from the request.
 */

/**
 * The member's own payments and the dashboard summary.
 * Order: pending by head type (arrears, current dues, miscellaneous), then due date and head
 * name; paid newest first. Summary amounts in rupees over all the member's payments: pending
 * arrears, current dues and miscellaneous by assigned amount; paid by paidAmount, else amount.
 * `arrearsBlocking` is true while any arrear is pending (section 4, payment ordering rules).
 */
export async function getCustomerPayments(
  app: FastifyInstance,
  memberId: string,
  query: CustomerPaymentsQuery,
): Promise<CustomerPayments> {
  const conditions: SQL[] = [eq(payments.memberId, memberId)];
  if (query.status === 'paid') conditions.push(eq(payments.status, 'paid'));
  if (query.status === 'pending') conditions.push(eq(payments.status, 'pending'));
  const typeOrder = sql`case ${paymentHeads.type} when 'arrear' then 0 when 'current due' then 1 else 2 end`;
  const items = await selectPaymentRecords(app.db, and(...conditions), [
    sql`case ${payments.status} when 'pending' then 0 else 1 end`,
    desc(sql`case when ${payments.status} = 'paid' then ${payments.paidAt} end`),
    typeOrder,
    asc(sql`coalesce(${payments.dueDate}, ${paymentHeads.dueDate})`),
    asc(paymentHeads.name),
    asc(payments.id),
  ]);
  const sums = await queryRows<{ bucket: string; paise: string | number; count: string | number }>(
    app.db,
    sql`select case when p.status = 'paid' then 'paid'
                    when h.type = 'arrear' then 'arrears'
                    when h.type = 'miscellaneous' then 'misc'
                    else 'current' end as bucket,
               coalesce(sum(case when p.status = 'paid' then coalesce(p.paid_amount_paise, p.amount_paise)
                                 else p.amount_paise end), 0) as paise,
               count(*) as count
        from payments p join payment_heads h on h.id = p.payment_head_id
        where p.member_id = ${memberId} and p.status in ('pending', 'paid')
        group by 1`,
  );
  const figure = (bucket: string) => {
    const row = sums.find((s) => s.bucket === bucket);
    return { amount: paiseToRupees(Number(row?.paise ?? 0)), count: Number(row?.count ?? 0) };
  };
  const summary = {
    arrears: figure('arrears'),
    current: figure('current'),
    misc: figure('misc'),
    paid: figure('paid'),
  };
  return { items, total: items.length, summary, arrearsBlocking: summary.arrears.count > 0 };
}

/**
 * Transactions as the API's Transaction JSON (`api-contract.md`, "Transaction"), newest first,
 * each with its payments `{paymentId, paymentHeadId {_id, name}, paidAmount}` (rupees).
 */
export async function selectTransactionRecords(
  app: FastifyInstance,
  where: SQL | undefined,
  limit: number,
): Promise<Transaction[]> {
  const rows = await app.db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await app.db
    .select({
      transactionId: transactionItems.transactionId,
      paymentId: transactionItems.paymentId,
      amountPaise: transactionItems.amountPaise,
      headId: paymentHeads.id,
      headName: paymentHeads.name,
    })
    .from(transactionItems)
    .innerJoin(payments, eq(payments.id, transactionItems.paymentId))
    .innerJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId))
    .where(
      inArray(
        transactionItems.transactionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(paymentHeads.name));
  return rows.map((row) => ({
    _id: row.id,
    amount: paiseToRupees(row.amountPaise),
    status: row.status,
    paymentGateway: row.paymentGateway,
    transactionId: row.transactionId,
    gatewayOrderId: row.gatewayOrderId,
    pgReferenceId: row.pgReferenceId,
    paymentMethod: row.paymentMethod,
    statusCode: row.statusCode,
    date: new Date(row.createdAt).toISOString(),
    settledAt: row.settledAt ? new Date(row.settledAt).toISOString() : null,
    errorMessage: row.errorMessage,
    memberId: row.memberId,
    paymentIds: items
      .filter((item) => item.transactionId === row.id)
      .map((item) => ({
        paymentId: item.paymentId,
        paymentHeadId: { _id: item.headId, name: item.headName },
        paidAmount: paiseToRupees(item.amountPaise),
      })),
  }));
}

/** The member's own online transactions, newest first, at most `limit` (default 50, section 9). */
export async function getCustomerTransactions(
  app: FastifyInstance,
  memberId: string,
  limit: number,
): Promise<CustomerTransactions> {
  const items = await selectTransactionRecords(app, eq(transactions.memberId, memberId), limit);
  const [count] = await queryRows<{ count: string | number }>(
    app.db,
    sql`select count(*) as count from transactions where member_id = ${memberId}`,
  );
  return { items, total: Number(count?.count ?? 0) };
}
