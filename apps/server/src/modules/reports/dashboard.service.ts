import {
  ZERO_PAISE,
  addPaise,
  paiseOfSum,
  paiseToRupees,
  type Dashboard,
  type Paise,
  type Rupees,
  type WardFilter,
} from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { dataVersionSql, type DataVersions } from '../../db/data-versions.ts';
import { assertWardExists, inWardSql } from '../../db/ward-exists.ts';
import { parishCalendar, type ParishCalendar } from './parish-calendar.ts';
import { collectionRate, dueGroupOf, methodBucketSql, num } from './report-sql.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

type Group = Dashboard['byType']['arrears'];
/** A due group's figures while summing, amounts in paise ({@link groupRupees} gives the answer's rupees). */
type GroupPaise = { [K in keyof Group]: K extends `${string}Amount` ? Paise : number };
/** A count and its sum in paise. */
type CountAmount = { count: number; amount: Paise };

/** One row of the collections statement: a method and gateway, its bucket and its sums (paise). */
type CollectionRow = { method: string | null; bucket: string } & Record<
  `${'all' | 'ytd' | 'today' | 'week' | 'month'}_${'count' | 'amount'}`,
  unknown
>;

const emptyGroup = (): GroupPaise => ({
  pendingAmount: ZERO_PAISE,
  pendingCount: 0,
  paidAmount: ZERO_PAISE,
  paidCount: 0,
});

/** Members in all and active ones. */
type MemberCounts = Dashboard['members'];

/**
 * Member counts by the members data version they were counted under (`data_versions`): exact for
 * every snapshot that reads the same version, whichever process or database wrote last. Keyed by
 * the version alone: versions are random, never shared by two databases' states.
 */
const memberCountsByVersion = new LRUCache<string, MemberCounts>({ max: 64 });

/** One row of the status statement: a payment status and head type, its count and sums (paise). */
type StatusRow = {
  status: string;
  type: string;
  count: unknown;
  amount: unknown;
  paid: unknown;
  concession?: unknown;
  test_count?: unknown;
  test_paise?: unknown;
};

/** What {@link readFigures} reads, in one statement and so one snapshot. */
interface Figures {
  /** `pg_current_snapshot()` of the statement: equal snapshots see equal data. */
  snapshot: string | null;
  members: MemberCounts;
  paymentHeads: Dashboard['paymentHeads'];
  statusRows: StatusRow[];
  collectionRows: CollectionRow[];
}

/**
 * Every figure of the dashboard in **one statement** (one snapshot, one round trip): the members
 * and payment heads in all and active, payments per status and head type
 * (`payment_head_status_summary`), and every collection figure in one pass over the day summary
 * (`collection_day_summary`): all time by method, the year by method bucket, and today, this week
 * and this month (a cashier's own manual collections for a cashier). Every period ends today: later
 * days (a clock moved back) count in none. Counting the members scans the members table (about
 * 6 ms of database time at 20,000 members), so their counts are kept under the members version
 * (`data_versions`) and, when `current` (read with the caller's account) holds kept counts, not
 * counted again.
 * @param own the cashier whose own manual collections today / week / month count, or null for all
 * @param ward one ward's figures ({@link wardSources}; member counts then not kept), or undefined for the parish's
 */
async function readFigures(
  db: Db,
  calendar: ParishCalendar,
  own: string | null,
  current: DataVersions | null,
  ward: WardFilter,
): Promise<Figures> {
  if (ward !== undefined) return readFiguresOf(db, calendar, own, wardSources(ward));
  const kept = current?.members ? memberCountsByVersion.get(current.members) : undefined;
  const sources: FigureSources = {
    memberCounts: kept
      ? sql`NULL AS version, NULL AS m_total, NULL AS m_active`
      : sql`${dataVersionSql.members} AS version, ${memberCountsSql(sql`true`)}`,
    statuses: sql`payment_head_status_summary`,
    days: sql`collection_day_summary`,
  };
  const figures = await readFiguresOf(db, calendar, own, sources);
  const members = kept ?? figures.members;
  if (!kept && figures.version !== null) memberCountsByVersion.set(figures.version, members);
  return { ...figures, members };
}

/**
 * Where {@link readFiguresOf} reads: the member counts' columns (`version`, `m_total`, `m_active`),
 * and the head-status and day summaries, or subqueries of the same columns.
 */
interface FigureSources {
  memberCounts: SQL;
  statuses: SQL;
  days: SQL;
}

/** The columns `m_total` and `m_active`: visible members matching `where` (a condition on `members`). */
function memberCountsSql(where: SQL): SQL {
  const visible = memberVisible(sql`members.import_batch_id`);
  return sql`(SELECT count(*) FROM members WHERE ${visible} AND ${where}) AS m_total,
             (SELECT count(*) FILTER (WHERE is_active) FROM members WHERE ${visible} AND ${where}) AS m_active`;
}

/**
 * The sources of one ward's figures (issue 28 item 7, decision 0136): the ward's members counted,
 * and the payments of its members summed into the columns of `payment_head_status_summary` and
 * `collection_day_summary` by the very rules of their triggers (`summaries_rebuild`, migration
 * 0024): a paid test payment counts as pending with its money apart, a collected amount is the paid
 * amount or else the assigned one, a day is the parish day of `paid_at`. A ward is a few hundred
 * members (decision 0126), read through `members_ward_idx` and the payments' member index.
 * @param ward a ward id, or `none` for the members without a ward
 */
function wardSources(ward: string): FigureSources {
  const inWard = (column: SQL) => inWardSql(column, ward);
  const collected = sql`coalesce(p.paid_amount_paise, p.amount_paise)`;
  const paidTest = sql`p.status = 'paid' AND p.is_test`;
  const wardPayments = sql`payments p JOIN members m ON m.id = p.member_id AND ${inWard(sql`m.ward_id`)}`;
  return {
    memberCounts: sql`NULL AS version, ${memberCountsSql(inWard(sql`members.ward_id`))}`,
    statuses: sql`(SELECT p.payment_head_id,
                          CASE WHEN ${paidTest} THEN 'pending' ELSE p.status::text END AS status,
                          count(*) AS count, sum(p.amount_paise) AS amount_paise,
                          coalesce(sum(${collected}) FILTER (WHERE p.status = 'paid' AND NOT p.is_test), 0) AS paid_amount_paise,
                          sum(p.concession_paise) AS concession_paise,
                          count(*) FILTER (WHERE ${paidTest}) AS test_count,
                          coalesce(sum(${collected}) FILTER (WHERE ${paidTest}), 0) AS test_paise
                     FROM ${wardPayments}
                    GROUP BY 1, 2)`,
    days: sql`(SELECT (p.paid_at AT TIME ZONE coalesce(z.timezone, 'Asia/Kolkata'))::date AS day,
                      p.payment_method, p.payment_gateway, p.collected_by,
                      count(*) FILTER (WHERE NOT p.is_test) AS count,
                      coalesce(sum(${collected}) FILTER (WHERE NOT p.is_test), 0) AS amount_paise
                 FROM ${wardPayments}
                 LEFT JOIN parish_timezone z ON z.parish_id = p.parish_id AND z.id = 1
                WHERE p.status = 'paid' AND p.paid_at IS NOT NULL
                GROUP BY 1, 2, 3, 4)`,
  };
}

/**
 * The one statement of {@link readFigures} over its sources: the summary tables for the parish,
 * subqueries of the same columns for a ward ({@link wardSources}).
 * @returns the figures, with the members data version the counts were read under (null when not read)
 */
async function readFiguresOf(
  db: Db,
  calendar: ParishCalendar,
  own: string | null,
  sources: FigureSources,
): Promise<Figures & { version: string | null }> {
  const ownPeriod = own ? sql`collected_by = ${own}::uuid AND payment_gateway = 'manual'` : sql`true`;
  const bucket = methodBucketSql(sql`payment_method`, sql`payment_gateway`);
  // The days from `first` through today.
  const daysFrom = (first: string) => sql`day >= ${first}::date AND day <= ${calendar.today}::date`;
  const [row] = await queryRows<
    Record<'snapshot' | 'version' | 'm_total' | 'm_active' | 'h_total' | 'h_active', unknown> & {
      statuses: StatusRow[] | string | null;
      collections: CollectionRow[] | string | null;
    }
  >(
    db,
    sql`SELECT pg_current_snapshot()::text AS snapshot, ${sources.memberCounts}, h.total AS h_total, h.active AS h_active,
               (SELECT json_agg(x) FROM (
                  SELECT s.status, h.type, sum(s.count) AS count, sum(s.amount_paise) AS amount,
                         sum(s.paid_amount_paise) AS paid, sum(s.concession_paise) AS concession,
                         sum(s.test_count) AS test_count, sum(s.test_paise) AS test_paise
                    FROM ${sources.statuses} s JOIN payment_heads h ON h.id = s.payment_head_id
                   GROUP BY s.status, h.type) x) AS statuses,
               (SELECT json_agg(x) FROM (
                  SELECT payment_method AS method, ${bucket} AS bucket,
                         sum(count) AS all_count, sum(amount_paise) AS all_amount,
                         sum(count) FILTER (WHERE ${daysFrom(calendar.yearStart)}) AS ytd_count,
                         sum(amount_paise) FILTER (WHERE ${daysFrom(calendar.yearStart)}) AS ytd_amount,
                         sum(count) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.today)}) AS today_count,
                         sum(amount_paise) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.today)}) AS today_amount,
                         sum(count) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.weekStart)}) AS week_count,
                         sum(amount_paise) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.weekStart)}) AS week_amount,
                         sum(count) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.monthStart)}) AS month_count,
                         sum(amount_paise) FILTER (WHERE ${ownPeriod} AND ${daysFrom(calendar.monthStart)}) AS month_amount
                    FROM ${sources.days} d
                   GROUP BY payment_method, payment_gateway) x) AS collections
          FROM (SELECT count(*) AS total, count(*) FILTER (WHERE is_active) AS active FROM payment_heads) h`,
  );
  return {
    snapshot: typeof row?.snapshot === 'string' ? row.snapshot : null,
    version: typeof row?.version === 'string' ? row.version : null,
    members: { total: num(row?.m_total), active: num(row?.m_active) },
    paymentHeads: { total: num(row?.h_total), active: num(row?.h_active) },
    statusRows: jsonRows(row?.statuses),
    collectionRows: jsonRows(row?.collections),
  };
}

/** A `json_agg` column as rows: the driver gives parsed JSON (PostgreSQL) or its text; null for none. */
function jsonRows<T>(value: T[] | string | null | undefined): T[] {
  if (value == null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/**
 * Whole dashboard answers (without `generatedAt`), each under the parish, the database snapshot it
 * was read in (`pg_current_snapshot()`), the parish day and the cashier it was for. Two statements whose
 * snapshots are equal see the same committed transactions and so the same rows (MVCC), so an
 * answer read under snapshot S is exact for every later statement that sees S: any commit that
 * wrote anything — a collection, a settlement, SQL typed by hand, in any process — gives the next
 * statement another snapshot. No row is written to keep it, so concurrent collections still lock
 * only their own summary rows. Decision: `docs/decisions/0055-dashboard-cached-under-the-database-snapshot.md`.
 */
const answersBySnapshot = new LRUCache<string, Omit<Dashboard, 'generatedAt'>>({ max: 64 });

/**
 * The current database snapshot (`pg_current_snapshot()` as text), in a statement of its own (0.2
 * ms): the key of {@link answersBySnapshot} and of the member-due report's totals
 * (`reports.service.ts`). Null when the database gives none.
 */
export async function currentSnapshot(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ snapshot: unknown }>(db, sql`SELECT pg_current_snapshot()::text AS snapshot`);
  return typeof row?.snapshot === 'string' ? row.snapshot : null;
}

/**
 * Payment counts by status, collected and unpaid paise, and the figures of each due group
 * (paise), from the status rows.
 */
function tallyStatuses(statusRows: readonly StatusRow[]) {
  const payments = { total: 0, paid: 0, pending: 0, failed: 0, waived: 0 };
  let collectedPaise = ZERO_PAISE;
  let unpaidPaise = ZERO_PAISE;
  let concessionPaise = ZERO_PAISE;
  // Paid test payments (sandbox, no real money): apart from every collected figure (migration 0018).
  const testPayments = zero();
  const groupPaise = { arrears: emptyGroup(), current: emptyGroup(), misc: emptyGroup() };
  for (const row of statusRows) {
    const count = num(row.count);
    const group = groupPaise[dueGroupOf(row.type)];
    payments.total += count;
    concessionPaise = addPaise(concessionPaise, paiseOfSum(row.concession));
    testPayments.count += num(row.test_count);
    testPayments.amount = addPaise(testPayments.amount, paiseOfSum(row.test_paise));
    // A waived due is neither paid nor outstanding (docs/domain.md, §4 "Concessions").
    if (row.status === 'waived') payments.waived += count;
    else if (row.status === 'paid') {
      payments.paid += count;
      collectedPaise = addPaise(collectedPaise, paiseOfSum(row.paid));
      group.paidCount += count;
      group.paidAmount = addPaise(group.paidAmount, paiseOfSum(row.paid));
    } else {
      if (row.status === 'failed') payments.failed += count;
      else payments.pending += count;
      unpaidPaise = addPaise(unpaidPaise, paiseOfSum(row.amount));
      group.pendingCount += count;
      group.pendingAmount = addPaise(group.pendingAmount, paiseOfSum(row.amount));
    }
  }
  return { payments, collectedPaise, unpaidPaise, concessionPaise, groupPaise, testPayments };
}

const zero = (): CountAmount => ({ count: 0, amount: ZERO_PAISE });

/**
 * The collection figures (paise) from the collection rows: each period's total, the year's per
 * method bucket, and all time per payment method.
 */
function tallyCollections(collectionRows: readonly CollectionRow[]) {
  const periods = { ytd: zero(), today: zero(), week: zero(), month: zero() };
  const methodsYtd = { online: zero(), upi: zero(), direct: zero(), card: zero() };
  const byMethod = new Map<string | null, CountAmount>();
  for (const row of collectionRows) {
    const method = byMethod.get(row.method) ?? zero();
    method.count += num(row.all_count);
    method.amount = addPaise(method.amount, paiseOfSum(row.all_amount));
    byMethod.set(row.method, method);
    const slot = methodsYtd[row.bucket as keyof typeof methodsYtd];
    for (const name of ['ytd', 'today', 'week', 'month'] as const) {
      const count = num(row[`${name}_count`]);
      const amount = paiseOfSum(row[`${name}_amount`]);
      periods[name].count += count;
      periods[name].amount = addPaise(periods[name].amount, amount);
      if (name === 'ytd' && slot) {
        slot.count += count;
        slot.amount = addPaise(slot.amount, amount);
      }
    }
  }
  return { periods, methodsYtd, byMethod };
}

const rupees = (v: CountAmount): { count: number; amount: Rupees } => ({
  count: v.count,
  amount: paiseToRupees(v.amount),
});

const groupRupees = (g: GroupPaise): Group => ({
  pendingAmount: paiseToRupees(g.pendingAmount),
  pendingCount: g.pendingCount,
  paidAmount: paiseToRupees(g.paidAmount),
  paidCount: g.paidCount,
});

/** All-time collections per method in rupees: largest amount first, then by method name, the unknown method last; none that sum to 0. */
function methodList(byMethod: ReadonlyMap<string | null, CountAmount>): Dashboard['collections']['byMethod'] {
  return [...byMethod]
    .filter(([, total]) => total.count !== 0)
    .sort(
      ([methodA, a], [methodB, b]) =>
        b.amount - a.amount || (methodA ?? '\uffff').localeCompare(methodB ?? '\uffff', 'en'),
    )
    .map(([method, total]) => ({
      method: method ?? 'unknown',
      count: total.count,
      amount: paiseToRupees(total.amount),
    }));
}

/**
 * `GET /api/admin/dashboard` (`docs/domain.md`, "Back-office shell" and "Derived figures"): every
 * figure of the dashboard cards, from the summary tables only (no scan of payments;
 * `docs/ARCHITECTURE.md`, "Summary tables"), in one statement ({@link readFigures}); the member
 * counts from memory while the members are unchanged (`ctx.dataVersions`, read with the caller's
 * account). While nothing has been committed since (the same database snapshot), the answer read
 * then is given again after one tiny statement ({@link answersBySnapshot}; `docs/domain.md`, §12
 * "B3 Dashboard": ≤ 50 ms at c = 10).
 * - Days, weeks (from Sunday), months and the year (from 1 January) are parish days in
 *   `PARISH_TIMEZONE`, "now" from `ctx.clock`.
 * - For a cashier (`actorOf(ctx)`), today / week / month and `amounts.todaysCollection` count
 *   only that cashier's own manual collections (`docs/domain.md`, "Cashier's own collections");
 *   every other figure is the parish's.
 * - With `query.wardId` (a ward id, or `none` for the members without a ward; issue 28 item 7,
 *   decision 0136), every figure but the payment heads counts only that ward's members and their
 *   payments ({@link wardSources}), by the same rules as the summary tables.
 * @returns the dashboard answer; money in rupees.
 * @throws 401 without a signed-in caller; 400 (field `wardId`) for a ward not of the parish
 */
export async function getDashboard(ctx: ServiceContext, query: { wardId?: WardFilter } = {}): Promise<Dashboard> {
  const actor = actorOf(ctx);
  const ward = query.wardId;
  await assertWardExists(ctx.db, ward);
  const calendar = parishCalendar(ctx.clock.now(), await parishTimeZone(ctx));
  const own = actor.type === 'staff' && actor.role === 'cashier' ? actor.id : null;
  // The snapshot is the whole database's: the parish is part of the key (two parishes read back to
  // back, with nothing committed between, share a snapshot; decision 0155).
  const keyOf = (snapshot: string) => JSON.stringify([currentParishId(), snapshot, calendar, own, ward ?? null]);
  const snapshot = await currentSnapshot(ctx.db);
  const kept = snapshot === null ? undefined : answersBySnapshot.get(keyOf(snapshot));
  if (kept) return { ...kept, generatedAt: ctx.clock.now().toISOString() };
  const figures = await readFigures(ctx.db, calendar, own, ctx.dataVersions, ward);
  const answer = { ...dashboardOf(figures, calendar, own), ...(ward !== undefined && { wardId: ward }) };
  if (figures.snapshot !== null) answersBySnapshot.set(keyOf(figures.snapshot), answer);
  return { ...answer, generatedAt: ctx.clock.now().toISOString() };
}

/** The dashboard answer (money in rupees) from the figures read (paise). */
function dashboardOf(figures: Figures, calendar: ParishCalendar, own: string | null): Omit<Dashboard, 'generatedAt'> {
  const { payments, collectedPaise, unpaidPaise, concessionPaise, groupPaise, testPayments } = tallyStatuses(
    figures.statusRows,
  );
  const { periods, methodsYtd, byMethod } = tallyCollections(figures.collectionRows);
  return {
    members: figures.members,
    paymentHeads: figures.paymentHeads,
    payments,
    amounts: {
      totalCollected: paiseToRupees(collectedPaise),
      totalPending: paiseToRupees(unpaidPaise),
      todaysCollection: paiseToRupees(periods.today.amount),
      totalConcessions: paiseToRupees(concessionPaise),
    },
    testPayments: rupees(testPayments),
    metrics: { collectionRate: collectionRate(payments.paid, payments.total) },
    collections: {
      byMethod: methodList(byMethod),
      methodsYtd: {
        online: rupees(methodsYtd.online),
        upi: rupees(methodsYtd.upi),
        direct: rupees(methodsYtd.direct),
        card: rupees(methodsYtd.card),
      },
    },
    byType: {
      arrears: groupRupees(groupPaise.arrears),
      current: groupRupees(groupPaise.current),
      misc: groupRupees(groupPaise.misc),
    },
    periods: {
      ytd: rupees(periods.ytd),
      today: rupees(periods.today),
      week: rupees(periods.week),
      month: rupees(periods.month),
    },
    scope: own ? 'own' : 'all',
    calendar,
  };
}
