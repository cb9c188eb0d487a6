import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

import { paiseToRupees, type Transaction } from '@parish/shared';

import type { DbOrTx } from '../../db/client.ts';
import { paymentHeads, payments, transactionItems, transactions } from '../../db/schema/index.ts';

/**
 * Transactions as the API's Transaction JSON (`docs/domain.md`, "Entities on the wire"), newest
 * first, each with its payments `{paymentId, paymentHeadId {_id, name}, paidAmount}` (rupees). A
 * read-only helper on a query handle or a transaction: the status answer (`transactionStatus`) and
 * the member portal's transactions use it.
 * @param where the condition on `transactions`, @param limit at most this many
 */
export async function transactionRecords(db: DbOrTx, where: SQL | undefined, limit: number): Promise<Transaction[]> {
  return (await transactionRecordsWithRows(db, where, limit)).map((entry) => entry.record);
}

/**
 * As {@link transactionRecords}, each record beside the stored row it was read from (for facts the
 * wire shape leaves out: `supersededAt`, `supersededBy`; the member portal's display state).
 */
export async function transactionRecordsWithRows(
  db: DbOrTx,
  where: SQL | undefined,
  limit: number,
): Promise<{ record: Transaction; row: typeof transactions.$inferSelect }[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const itemsOf = db
    .select({
      transactionId: transactionItems.transactionId,
      paymentId: transactionItems.paymentId,
      amountPaise: transactionItems.amountPaise,
      headId: paymentHeads.id,
      headName: paymentHeads.name,
    })
    .from(transactionItems)
    .$dynamic();
  const items = groupRows(
    await withPaymentHeads(itemsOf, transactionItems.paymentId)
      .where(
        inArray(
          transactionItems.transactionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(paymentHeads.name)),
    (item) => item.transactionId,
  );
  return rows.map((row) => ({
    row,
    record: {
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
      paymentIds: (items.get(row.id) ?? []).map((item) => ({
        paymentId: item.paymentId,
        paymentHeadId: { _id: item.headId ?? '', name: item.headName ?? '' },
        paidAmount: paiseToRupees(item.amountPaise),
      })),
    },
  }));
}

/**
 * Joins a select of a per-transaction table (a transaction's items, the refunds queue's entries)
 * to the payment of its `paymentId` column and that payment's head, so the select may name the
 * dues (`paymentHeads.name`); left joins, so a row without a payment stays (its head fields null).
 * Shared by {@link transactionRecordsWithRows} and the portal's paid-twice notes
 * (`portal/attempt-state.ts`).
 * @param query a dynamic select (`.$dynamic()`) from the table
 * @param paymentId the table's payment id column
 */
export function withPaymentHeads<T extends PgSelect>(query: T, paymentId: AnyPgColumn) {
  return query
    .leftJoin(payments, eq(payments.id, paymentId))
    .leftJoin(paymentHeads, eq(paymentHeads.id, payments.paymentHeadId));
}

/**
 * Groups rows by a key (e.g. their transaction row id), each group in the rows' order.
 * @returns the groups by key; keys without rows are absent
 */
export function groupRows<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
