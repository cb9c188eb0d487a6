import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import {
  paiseToRupees,
  type Language,
  type CustomerPayments,
  type CustomerPaymentsQuery,
  type CustomerTransactions,
  type Transaction,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { members, paymentHeads, payments, transactionItems, transactions } from '../../db/schema/index.ts';
import { paymentsInCheckoutSql } from '../gateways/orders.service.ts';
import { selectPaymentRecords } from '../payments/payment-record.ts';

/**
 * The member portal's reads (`docs/domain.md`, "Customer dashboard"). The member is always the
 * caller (`actorOf(ctx)`, from the token), never a request field.
 */

/** One bucket of the portal summary: paise and count (numbers or numeric text). */
type SumRow = { bucket: string; paise: string | number; count: string | number };

/** A text[] column as strings: PGlite and pg parse it to an array; a `{a,b}` literal otherwise. */
function textArray(value: string[] | string | null | undefined): string[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/**
 * The calling member's own payments and the dashboard summary.
 * Order: pending by head type (arrears, current dues, miscellaneous), then due date and head
 * name; paid newest first. Summary amounts in rupees over all the member's payments: pending
 * arrears, current dues and miscellaneous by assigned amount; paid by paidAmount, else amount.
 * `arrearsBlocking` is true while any arrear is pending (`docs/domain.md`, "Arrears first").
 * @throws 401 without a signed-in caller (cannot happen behind the route's customer role)
 */
export async function getCustomerPayments(
  ctx: ServiceContext,
  query: CustomerPaymentsQuery,
): Promise<CustomerPayments> {
  const memberId = actorOf(ctx).id;
  const conditions: SQL[] = [eq(payments.memberId, memberId)];
  if (query.status === 'paid') conditions.push(eq(payments.status, 'paid'));
  if (query.status === 'pending') conditions.push(eq(payments.status, 'pending'));
  const typeOrder = sql`case ${paymentHeads.type} when 'arrear' then 0 when 'current due' then 1 else 2 end`;
  // Two statements, read at once (in turn on PGlite's one connection): the records, and the
  // payments a checkout holds together with the summary sums (issue 18: fewer round trips).
  const [records, [extras]] = await Promise.all([
    selectPaymentRecords(ctx.db, and(...conditions), [
      sql`case ${payments.status} when 'pending' then 0 else 1 end`,
      desc(sql`case when ${payments.status} = 'paid' then ${payments.paidAt} end`),
      typeOrder,
      asc(sql`coalesce(${payments.dueDate}, ${paymentHeads.dueDate})`),
      asc(paymentHeads.name),
      asc(payments.id),
    ]),
    queryRows<{ in_checkout: string[] | string | null; sums: SumRow[] | string | null }>(
      ctx.db,
      // A checkout in progress: the dashboard offers Continue / Cancel (docs/domain.md, §4 "Retry
      // after an abandoned checkout").
      sql`select (select array_agg(c.payment_id::text) from (${paymentsInCheckoutSql(ctx, memberId)}) c) as in_checkout,
                 (select json_agg(s) from (
                    select case when p.status = 'paid' then 'paid'
                                when h.type = 'arrear' then 'arrears'
                                when h.type = 'miscellaneous' then 'misc'
                                else 'current' end as bucket,
                           coalesce(sum(case when p.status = 'paid' then coalesce(p.paid_amount_paise, p.amount_paise)
                                             else p.amount_paise end), 0) as paise,
                           count(*) as count
                    from payments p join payment_heads h on h.id = p.payment_head_id
                    where p.member_id = ${memberId} and p.status in ('pending', 'paid')
                    group by 1) s) as sums`,
    ),
  ]);
  const inCheckout = new Set(textArray(extras?.in_checkout));
  const items = records.map((item) =>
    item.status === 'pending' && inCheckout.has(item._id) ? { ...item, checkoutInProgress: true } : item,
  );
  const sums: SumRow[] =
    typeof extras?.sums === 'string' ? (JSON.parse(extras.sums) as SumRow[]) : (extras?.sums ?? []);
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
 * Transactions as the API's Transaction JSON (`docs/domain.md`, "Entities on the wire"), newest
 * first, each with its payments `{paymentId, paymentHeadId {_id, name}, paidAmount}` (rupees). A
 * read-only helper on a query handle or a transaction (the gateways' status answer uses it).
 * @param where the condition on `transactions`, @param limit at most this many
 */
export async function transactionRecords(db: DbOrTx, where: SQL | undefined, limit: number): Promise<Transaction[]> {
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await db
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

/**
 * @deprecated The gateways module's call, kept until it passes `ctx.db` to {@link transactionRecords}.
 * @param source anything carrying the query handle (the app, a service context)
 */
export async function selectTransactionRecords(
  source: { db: DbOrTx },
  where: SQL | undefined,
  limit: number,
): Promise<Transaction[]> {
  return transactionRecords(source.db, where, limit);
}

/**
 * The calling member's own online transactions, newest first, at most `input.limit` (1-100,
 * default 50 by the query schema; `docs/domain.md`, "Page sizes and timings"), and how many they
 * have in all.
 */
export async function getCustomerTransactions(
  ctx: ServiceContext,
  input: { limit: number },
): Promise<CustomerTransactions> {
  const memberId = actorOf(ctx).id;
  const items = await transactionRecords(ctx.db, eq(transactions.memberId, memberId), input.limit);
  const [count] = await queryRows<{ count: string | number }>(
    ctx.db,
    sql`select count(*) as count from transactions where member_id = ${memberId}`,
  );
  return { items, total: Number(count?.count ?? 0) };
}

/**
 * Keeps the calling member's language (`docs/domain.md`, "Member languages") on their record, so
 * their next sign-in, in any browser, answers it (`SessionUser.language`). A preference, not a
 * change of money or identity: no audit event.
 * @param input.language en, ml, hi or ta (the route's schema refuses anything else with 400)
 * @returns the language as stored
 * @throws 401 without a signed-in caller (cannot happen behind the route's customer role)
 */
export async function setMemberLanguage(
  ctx: ServiceContext,
  input: { language: Language },
): Promise<{ language: Language }> {
  const memberId = actorOf(ctx).id;
  await ctx.db.update(members).set({ language: input.language }).where(eq(members.id, memberId));
  return { language: input.language };
}
