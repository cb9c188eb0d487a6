import { asc, desc, eq, sql } from 'drizzle-orm';

import {
  ZERO_PAISE,
  addPaise,
  paiseToRupees,
  type CustomerPayments,
  type CustomerPaymentsQuery,
  type CustomerTransactions,
  type Language,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { members, paymentHeads, payments, transactions } from '../../db/schema/index.ts';
import { transactionRecordsWithRows } from '../gateways/transaction-records.ts';
import { heldPaymentIdsSql } from '../payments/ledger/checkout-hold.ts';
import { countsAsPaid } from '../payments/ledger/test-money.ts';
import { paymentRecordQuery, toPaymentRecord } from '../payments/payment-record.ts';
import { attemptState, paidTwiceOf } from './attempt-state.ts';

/**
 * The member portal's reads (`docs/domain.md`, "Customer dashboard"). The member is always the
 * caller (`actorOf(ctx)`, from the token), never a request field.
 */

/**
 * The portal's one statement, prepared once per database (parsed and planned once per
 * connection on PostgreSQL, once on PGlite: `db/pglite-prepared.ts`): all the member's payments
 * as Payment rows in the portal's order, each with whether a checkout in progress holds it.
 * Placeholder: `memberId`. The checkout in progress is the member's open one (`openCheckout`,
 * `payments/ledger/checkout-hold.ts`), the one Continue supersedes and Cancel releases.
 */
function portalStatement(db: DbOrTx) {
  const memberId = sql.placeholder('memberId');
  return paymentRecordQuery(db, {
    // A checkout in progress: the dashboard offers Continue / Cancel (docs/domain.md, §4 "Retry
    // after an abandoned checkout").
    held: sql<boolean>`(${payments.status} = 'pending' and ${payments.id} in (${heldPaymentIdsSql(memberId, true)}))`,
  })
    .where(eq(payments.memberId, memberId))
    .orderBy(
      sql`case ${payments.status} when 'pending' then 0 else 1 end`,
      desc(sql`case when ${payments.status} = 'paid' then ${payments.paidAt} end`),
      sql`case ${paymentHeads.type} when 'arrear' then 0 when 'current due' then 1 else 2 end`,
      asc(sql`coalesce(${payments.dueDate}, ${paymentHeads.dueDate})`),
      asc(paymentHeads.name),
      asc(payments.id),
    )
    .prepare('portal_customer_payments');
}

const statements = new WeakMap<object, ReturnType<typeof portalStatement>>();

/**
 * The summary bucket of a payment row: paid, or a pending one by its head's type; null otherwise.
 * Test money is not money (decision 0114): a due a test payment paid is counted as still pending.
 */
function bucketOf(status: string, isTest: boolean, headType: string): keyof CustomerPayments['summary'] | null {
  if (countsAsPaid({ status, isTest })) return 'paid';
  if (status !== 'pending' && status !== 'paid') return null;
  if (headType === 'arrear') return 'arrears';
  if (headType === 'miscellaneous') return 'misc';
  return 'current';
}

/**
 * The calling member's own payments and the dashboard summary.
 * Order: pending by head type (arrears, current dues, miscellaneous), then due date and head
 * name; paid newest first. Summary amounts in rupees over all the member's payments: pending
 * arrears, current dues and miscellaneous by assigned amount; paid by paidAmount, else amount. A
 * due a test payment paid counts as pending, not paid (test money is not money: decision 0114).
 * `arrearsBlocking` is true while any arrear is pending (`docs/domain.md`, "Arrears first").
 * One prepared statement reads all the member's payments (a member has tens, not thousands); the
 * status filter and the sums are taken from them here (issue 18: the portal at the cost of one
 * planned-once statement).
 * @throws 401 without a signed-in caller (cannot happen behind the route's customer role)
 */
export async function getCustomerPayments(
  ctx: ServiceContext,
  query: CustomerPaymentsQuery,
): Promise<CustomerPayments> {
  const memberId = actorOf(ctx).id;
  let statement = statements.get(ctx.db);
  if (!statement) statements.set(ctx.db, (statement = portalStatement(ctx.db)));
  const rows = await statement.execute({ memberId });
  const sums = { arrears: ZERO_PAISE, current: ZERO_PAISE, misc: ZERO_PAISE, paid: ZERO_PAISE };
  const count = { arrears: 0, current: 0, misc: 0, paid: 0 };
  const items = [];
  // The arrears gate is a rule on the dues still payable, not a figure (docs/domain.md, "Arrears first").
  let arrearsBlocking = false;
  for (const row of rows) {
    const { payment } = row;
    const bucket = bucketOf(payment.status, payment.isTest, row.head.type);
    if (payment.status === 'pending' && row.head.type === 'arrear') arrearsBlocking = true;
    if (bucket) {
      count[bucket] += 1;
      const amount = bucket === 'paid' ? (payment.paidAmountPaise ?? payment.amountPaise) : payment.amountPaise;
      sums[bucket] = addPaise(sums[bucket], amount);
    }
    if (query.status && payment.status !== query.status) continue;
    const item = toPaymentRecord(row);
    items.push(row.held === true && payment.status === 'pending' ? { ...item, checkoutInProgress: true } : item);
  }
  const figure = (bucket: keyof typeof sums) => ({ amount: paiseToRupees(sums[bucket]), count: count[bucket] });
  const summary = {
    arrears: figure('arrears'),
    current: figure('current'),
    misc: figure('misc'),
    paid: figure('paid'),
  };
  return { items, total: items.length, summary, arrearsBlocking };
}

/**
 * The calling member's own online transactions, newest first, at most `input.limit` (1-100,
 * default 50 by the query schema; `docs/domain.md`, "Page sizes and timings"), and how many they
 * have in all. Each carries its display `state` and, when it brought money for dues already paid,
 * `paidTwice` (amounts in rupees; `docs/domain.md`, §2 "Transactions tab", decision 0142).
 */
export async function getCustomerTransactions(
  ctx: ServiceContext,
  input: { limit: number },
): Promise<CustomerTransactions> {
  const memberId = actorOf(ctx).id;
  const found = await transactionRecordsWithRows(ctx.db, eq(transactions.memberId, memberId), input.limit);
  const paidTwice = await paidTwiceOf(
    ctx.db,
    found.map((entry) => entry.row.id),
  );
  const items = found.map(({ record, row }) => ({
    ...record,
    state: attemptState(row),
    paidTwice: paidTwice.get(row.id) ?? null,
  }));
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
