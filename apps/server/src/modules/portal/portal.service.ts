import { asc, desc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import {
  ZERO_PAISE,
  addPaise,
  paiseToRupees,
  type CustomerPayments,
  type CustomerPaymentsQuery,
  type CustomerTransactions,
  type Language,
  type PaymentRecord,
} from '@parish/shared';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
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
    // The snapshot the rows were read in: the key the answer is kept under (decision 0163).
    snapshot: sql<string | null>`pg_current_snapshot()::text`,
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

/** A member's whole portal answer (every status), as read under one database snapshot. */
interface KeptAnswer {
  /** `pg_current_snapshot()` of the statement that read it. */
  snapshot: string;
  items: PaymentRecord[];
  summary: CustomerPayments['summary'];
  arrearsBlocking: boolean;
}

/** How many members' answers each process keeps (a few kilobytes each). */
const KEPT_MEMBERS = 2_000;

/**
 * Each database handle's kept answers, by parish and member ({@link keptKey}). An answer read under
 * snapshot S is exact for any later statement that sees S: equal snapshots see the same committed
 * transactions, and any commit anywhere (a payment, a checkout, a head renamed, SQL typed by hand,
 * in any process) gives the next statement another snapshot (decision 0163, as the dashboard's
 * answers, decision 0055). Nothing here depends on the clock.
 */
const keptAnswers = new WeakMap<object, LRUCache<string, KeptAnswer>>();

/** The key of a member's kept answer: the parish of the request (the policies' scope) and the member. */
const keptKey = (memberId: string): string => `${currentParishId() ?? ''}:${memberId}`;

/**
 * Whether answers are kept (true unless switched off). For measuring the portal as if every request
 * came after a commit (`scripts/bench/portal.ts`), and for tests of the statement itself.
 */
let keeping = true;

/**
 * Switches the keeping of portal answers on or off for this process (decision 0163). Off, every
 * request reads its rows, as when something was committed since the member's last request.
 * @param on true to keep answers (the default), false to read every time
 */
export function keepPortalAnswers(on: boolean): void {
  keeping = on;
}

/**
 * Reads the member's whole answer (all statuses): one prepared statement, the sums taken here.
 * @returns the answer and the snapshot it was read in (null when the member has no payment: no
 *   row carries it, and such an answer is not kept)
 */
async function readAnswer(ctx: ServiceContext, memberId: string): Promise<KeptAnswer | Omit<KeptAnswer, 'snapshot'>> {
  let statement = statements.get(ctx.db);
  if (!statement) statements.set(ctx.db, (statement = portalStatement(ctx.db)));
  const rows = await statement.execute({ memberId });
  const sums = { arrears: ZERO_PAISE, current: ZERO_PAISE, misc: ZERO_PAISE, paid: ZERO_PAISE };
  const count = { arrears: 0, current: 0, misc: 0, paid: 0 };
  const items: PaymentRecord[] = [];
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
  const snapshot = rows[0]?.snapshot;
  return typeof snapshot === 'string'
    ? { snapshot, items, summary, arrearsBlocking }
    : { items, summary, arrearsBlocking };
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
 * planned-once statement). The whole answer is kept under the snapshot it was read in; a request
 * whose account lookup saw the same snapshot (`ctx.snapshot`: nothing committed since, anywhere)
 * takes it without a statement (decision 0163).
 * @throws 401 without a signed-in caller (cannot happen behind the route's customer role)
 */
export async function getCustomerPayments(
  ctx: ServiceContext,
  query: CustomerPaymentsQuery,
): Promise<CustomerPayments> {
  const memberId = actorOf(ctx).id;
  let kept = keptAnswers.get(ctx.db);
  if (!kept) keptAnswers.set(ctx.db, (kept = new LRUCache({ max: KEPT_MEMBERS })));
  const key = keptKey(memberId);
  const held = keeping && ctx.snapshot ? kept.get(key) : undefined;
  let answer: Omit<KeptAnswer, 'snapshot'>;
  if (held && held.snapshot === ctx.snapshot) answer = held;
  else {
    const read = await readAnswer(ctx, memberId);
    if (keeping && 'snapshot' in read) kept.set(key, read);
    answer = read;
  }
  const items = query.status ? answer.items.filter((item) => item.status === query.status) : answer.items;
  return { items, total: items.length, summary: answer.summary, arrearsBlocking: answer.arrearsBlocking };
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
