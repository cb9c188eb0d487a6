import {
  REPORT_DEFAULT_ORDER,
  REPORT_MSG,
  REPORT_SORT_FIELDS,
  paiseOfSum,
  paiseToRupees,
  type DueType,
  type HeadType,
  type PaymentReportRow,
  type ReportOf,
  type ReportType,
  type Rupees,
  type WardFilter,
} from '@parish/shared';
import { sql, type SQL } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { inWardSql } from '../../db/ward-exists.ts';
import { badRequest } from '../../lib/app-error.ts';
import { addDays, parishCalendar } from './parish-calendar.ts';
import { collectionRate, likePattern, num, paymentRate } from './report-sql.ts';
import { parishTimeZone } from '../settings/parish-time-zone.ts';

/**
 * The page queries of the reports (`reports.service.ts`) that the CSV export (`report-export.ts`)
 * pages through too: one page of rows of each report, sorted and filtered as the report is, and
 * the keyset pages of the payment lists. Money in rupees, days in the parish time zone.
 */

/** The filters of a report after validation: sort column and order resolved, range in parish days. */
export interface ReportFilters {
  type: ReportType;
  from: string | undefined;
  to: string | undefined;
  search: string | undefined;
  transactionId: string | undefined;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /** Member-due only: the one type of dues to list, sort and total by. */
  dueType: DueType | undefined;
  /** Member-due rows only: one ward's members (`none`: without a ward; decision 0136); absent for the parish. */
  wardId?: WardFilter;
}

/** Where the report runs: the database, "now" and the parish time zone. */
export interface ReportContext {
  db: Db;
  now: Date;
  timezone: string;
}

/**
 * The report context of a service call: `ctx.db`, "now" read once from `ctx.clock` (so every
 * figure and the file name of one report agree on the day), and the parish's time zone (`parishTimeZone`, decision 0135).
 */
export async function reportContext(ctx: ServiceContext): Promise<ReportContext> {
  return { db: ctx.db, now: ctx.clock.now(), timezone: await parishTimeZone(ctx) };
}

/**
 * Validates and completes a report's filters: the sort column must be one of
 * `REPORT_SORT_FIELDS[type]` (default the first), `from` must not be after `to`.
 * @throws 400 {@link REPORT_MSG.badSort} or {@link REPORT_MSG.badRange}
 */
export function resolveFilters(input: {
  type: ReportType;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  transactionId?: string | undefined;
  sortBy?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  dueType?: DueType | undefined;
}): ReportFilters {
  const fields: readonly string[] = REPORT_SORT_FIELDS[input.type];
  if (input.sortBy !== undefined && input.sortBy !== '' && !fields.includes(input.sortBy)) {
    throw badRequest(REPORT_MSG.badSort, 'sortBy');
  }
  if (input.from && input.to && input.from > input.to) throw badRequest(REPORT_MSG.badRange, 'from');
  return {
    type: input.type,
    from: input.from || undefined,
    to: input.to || undefined,
    search: input.search || undefined,
    transactionId: input.transactionId || undefined,
    sortBy: input.sortBy || fields[0] || '',
    sortOrder: input.sortOrder ?? REPORT_DEFAULT_ORDER[input.type],
    dueType: input.dueType,
  };
}

const dir = (order: 'asc' | 'desc') => (order === 'asc' ? sql`ASC` : sql`DESC`);

/** `(m.name ILIKE … OR m.mobile LIKE … OR m.parish_number ILIKE …)` for a member search, or true. */
export function memberSearchSql(search: string | undefined): SQL {
  if (!search) return sql`true`;
  const pattern = likePattern(search);
  // A phone search is digits (spaces, + and - allowed); a parish number such as FX004 is not.
  const digits = /^[\d\s+-]+$/.test(search) ? search.replace(/\D/g, '') : '';
  const mobile = digits.length >= 3 ? sql` OR m.mobile LIKE ${likePattern(digits)}` : sql``;
  return sql`(m.name ILIKE ${pattern} OR m.parish_number ILIKE ${pattern}${mobile})`;
}

/** The instant a parish day starts, as SQL (`'2026-11-22'` → 2026-11-21T18:30Z in Asia/Kolkata). */
function dayStart(day: string, timezone: string): SQL {
  return sql`((${day}::date)::timestamp AT TIME ZONE ${timezone})`;
}

// ---------------------------------------------------------------- overview

/** The overview figures (one statement on the summaries, plus the split by method); money in rupees. */
export async function overviewReport(rc: ReportContext): Promise<ReportOf<'overview'>> {
  const today = parishCalendar(rc.now, rc.timezone).today;
  const [totals, methods, testPayments] = await Promise.all([
    queryRows<Record<string, unknown>>(
      rc.db,
      sql`SELECT coalesce(sum(count), 0) AS total,
                 coalesce(sum(count) FILTER (WHERE status = 'paid'), 0) AS paid,
                 coalesce(sum(amount_paise), 0) AS receivable,
                 coalesce(sum(paid_amount_paise), 0) AS collected,
                 coalesce(sum(amount_paise) FILTER (WHERE status <> 'paid'), 0) AS outstanding,
                 coalesce(sum(count) FILTER (WHERE status = 'waived'), 0) AS waived,
                 coalesce(sum(concession_paise), 0) AS concessions,
                 (SELECT coalesce(sum(amount_paise), 0) FROM collection_day_summary WHERE day = ${today}::date) AS today
            FROM payment_head_status_summary`,
    ),
    byMethodSql(rc.db, sql`true`),
    testPaymentsSql(rc.db, sql`true`),
  ]);
  const t = totals[0] ?? {};
  const total = num(t.total);
  const paid = num(t.paid);
  return {
    type: 'overview',
    todaysCollection: paiseToRupees(paiseOfSum(t.today)),
    totalReceivables: paiseToRupees(paiseOfSum(t.receivable)),
    totalCollected: paiseToRupees(paiseOfSum(t.collected)),
    totalOutstanding: paiseToRupees(paiseOfSum(t.outstanding)),
    collectionRate: collectionRate(paid, total),
    // A waived due is not unpaid (docs/domain.md, §4 "Concessions").
    payments: { total, paid, unpaid: total - paid - num(t.waived) },
    byMethod: methods,
    totalConcessions: paiseToRupees(paiseOfSum(t.concessions)),
    testPayments,
  };
}

/**
 * Count and amount (rupees) of the test payments (sandbox checkouts, no real money) of the day
 * summary rows matching `where`: the separate line beside the collection totals, which leave
 * them out (`docs/domain.md`, §10 "Payment mode"; migration 0018).
 */
export async function testPaymentsSql(db: Db, where: SQL): Promise<{ count: number; amount: Rupees }> {
  const [row] = await queryRows<{ count: unknown; paise: unknown }>(
    db,
    sql`SELECT coalesce(sum(test_count), 0) AS count, coalesce(sum(test_paise), 0) AS paise
          FROM collection_day_summary WHERE ${where}`,
  );
  return { count: num(row?.count), amount: paiseToRupees(paiseOfSum(row?.paise)) };
}

/** Count and amount (rupees) per payment method of the day summary rows matching `where`, largest first. */
export async function byMethodSql(db: Db, where: SQL) {
  const rows = await queryRows<{ method: string | null; count: unknown; amount: unknown }>(
    db,
    sql`SELECT payment_method AS method, sum(count) AS count, sum(amount_paise) AS amount
          FROM collection_day_summary WHERE ${where}
         GROUP BY payment_method HAVING sum(count) <> 0 ORDER BY 3 DESC, 1`,
  );
  return rows.map((row) => ({
    method: row.method ?? 'unknown',
    count: num(row.count),
    amount: paiseToRupees(paiseOfSum(row.amount)),
  }));
}

// ---------------------------------------------------------------- daily

/** The day range of the daily report: default the last 30 days up to today; at most 366 days. */
export function dailyRange(rc: ReportContext, filters: ReportFilters): { from: string; to: string } {
  const today = parishCalendar(rc.now, rc.timezone).today;
  const to = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
  const from = filters.from ?? addDays(to, -29);
  if (from > to) throw badRequest(REPORT_MSG.badRange, 'from');
  if (addDays(from, 365) < to) throw badRequest(REPORT_MSG.rangeTooLong, 'to');
  return { from, to };
}

const DAILY_ORDER: Record<string, SQL> = { date: sql`day`, amount: sql`amount`, count: sql`count` };

/** Rows of the daily report (one per parish day with collections) with their split by method. */
export async function dailyRows(
  rc: ReportContext,
  filters: ReportFilters,
  range: { from: string; to: string },
  limit: number,
  offset: number,
) {
  const rows = await queryRows<{ day: string; count: unknown; amount: unknown; methods: unknown; total: unknown }>(
    rc.db,
    sql`WITH m AS (
          SELECT day, payment_method, sum(count) AS count, sum(amount_paise) AS amount
            FROM collection_day_summary WHERE day BETWEEN ${range.from}::date AND ${range.to}::date
           GROUP BY day, payment_method HAVING sum(count) <> 0),
        d AS (
          SELECT day::text AS day, sum(count) AS count, sum(amount) AS amount,
                 json_agg(json_build_array(payment_method, count, amount) ORDER BY amount DESC, payment_method) AS methods
            FROM m GROUP BY day)
        SELECT *, count(*) OVER () AS total FROM d
         ORDER BY ${DAILY_ORDER[filters.sortBy] ?? sql`day`} ${dir(filters.sortOrder)}, day DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
  const items = rows.map((row) => ({
    day: row.day,
    count: num(row.count),
    amount: paiseToRupees(paiseOfSum(row.amount)),
    byMethod: (parseJson(row.methods) as [string | null, unknown, unknown][]).map(([method, count, amount]) => ({
      method: method ?? 'unknown',
      count: num(count),
      amount: paiseToRupees(paiseOfSum(amount)),
    })),
  }));
  return { items, total: num(rows[0]?.total) };
}

function parseJson(value: unknown): unknown[] {
  if (typeof value === 'string') return JSON.parse(value) as unknown[];
  return (value as unknown[] | null) ?? [];
}

// ---------------------------------------------------------------- member analysis

const MEMBER_ORDER: Record<string, SQL> = {
  name: sql`m.name`,
  paid: sql`s.paid_paise`,
  pending: sql`s.unpaid_paise`,
  rate: sql`(s.paid_paise::float8 / greatest(s.assigned_paise, 1))`,
};

/** ORDER BY of member analysis; by name it is exactly the (name, id) index order, so a page stops early. */
function memberOrder(filters: ReportFilters): SQL {
  if (filters.sortBy === 'name') return sql`m.name ${dir(filters.sortOrder)}, m.id ${dir(filters.sortOrder)}`;
  return sql`${MEMBER_ORDER[filters.sortBy] ?? sql`m.name`} ${dir(filters.sortOrder)}, m.name, m.id`;
}

/** A member's id, name, parish number and mobile from a raw row of `members m` (`m.id`, …). */
function memberFields(row: Record<string, unknown>) {
  return {
    memberId: String(row.id),
    name: String(row.name),
    parishNumber: String(row.parish_number),
    mobile: String(row.mobile),
  };
}

/** One page of member analysis rows (members with payments). */
export async function memberRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT m.id, m.name, m.parish_number, m.mobile, s.paid_paise, s.unpaid_paise, s.assigned_paise,
               s.paid_count, s.unpaid_count
          FROM member_payment_summary s JOIN members m ON m.id = s.member_id
         WHERE s.total_count > 0 AND ${memberSearchSql(filters.search)}
         ORDER BY ${memberOrder(filters)}
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => ({
    ...memberFields(row),
    amountPaid: paiseToRupees(paiseOfSum(row.paid_paise)),
    amountPending: paiseToRupees(paiseOfSum(row.unpaid_paise)),
    paymentRate: paymentRate(paiseOfSum(row.paid_paise), paiseOfSum(row.assigned_paise)),
    paidCount: num(row.paid_count),
    pendingCount: num(row.unpaid_count),
  }));
}

// ---------------------------------------------------------------- payment head analysis

const HEAD_ORDER: Record<string, SQL> = {
  name: sql`h.name`,
  collected: sql`coalesce(s.collected, 0)`,
  outstanding: sql`coalesce(s.outstanding, 0)`,
  rate: sql`(coalesce(s.paid, 0)::float8 / greatest(coalesce(s.total, 0), 1))`,
};

/** Per payment head: payments in all and paid, collected and outstanding paise (from the status summary). */
export const HEAD_SUMMARY = sql`SELECT payment_head_id, sum(count) AS total,
           coalesce(sum(count) FILTER (WHERE status = 'paid'), 0) AS paid,
           sum(paid_amount_paise) AS collected,
           coalesce(sum(amount_paise) FILTER (WHERE status <> 'paid'), 0) AS outstanding
      FROM payment_head_status_summary GROUP BY payment_head_id`;

/** One page of payment head analysis rows, by head name unless asked otherwise (`docs/domain.md`, "Reports and Analytics"). */
export async function headRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const search = filters.search ? sql`h.name ILIKE ${likePattern(filters.search)}` : sql`true`;
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`WITH s AS (${HEAD_SUMMARY})
        SELECT h.id, h.name, h.amount_paise, h.type, h.year, h.is_active,
               coalesce(s.total, 0) AS total, coalesce(s.paid, 0) AS paid,
               coalesce(s.collected, 0) AS collected, coalesce(s.outstanding, 0) AS outstanding
          FROM payment_heads h LEFT JOIN s ON s.payment_head_id = h.id
         WHERE ${search}
         ORDER BY ${HEAD_ORDER[filters.sortBy] ?? sql`h.name`} ${dir(filters.sortOrder)}, h.name, h.year, h.id
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => ({
    paymentHeadId: String(row.id),
    name: String(row.name),
    amount: paiseToRupees(paiseOfSum(row.amount_paise)),
    type: row.type as HeadType,
    year: num(row.year),
    isActive: Boolean(row.is_active),
    collected: paiseToRupees(paiseOfSum(row.collected)),
    outstanding: paiseToRupees(paiseOfSum(row.outstanding)),
    collectionRate: collectionRate(num(row.paid), num(row.total)),
    paidCount: num(row.paid),
    totalCount: num(row.total),
  }));
}

// ---------------------------------------------------------------- year-wise summary

/** Per head year with payments: receivable, collected and pending paise in all and per head type, counts. */
export const YEAR_SQL = sql`SELECT h.year,
       sum(s.amount_paise) AS receivable,
       sum(s.paid_amount_paise) AS collected,
       coalesce(sum(s.amount_paise) FILTER (WHERE s.status <> 'paid'), 0) AS pending,
       sum(s.count) AS total,
       coalesce(sum(s.count) FILTER (WHERE s.status = 'paid'), 0) AS paid,
       coalesce(sum(s.paid_amount_paise) FILTER (WHERE h.type = 'arrear'), 0) AS arrears_collected,
       coalesce(sum(s.amount_paise) FILTER (WHERE h.type = 'arrear' AND s.status <> 'paid'), 0) AS arrears_pending,
       coalesce(sum(s.paid_amount_paise) FILTER (WHERE h.type = 'current due'), 0) AS current_collected,
       coalesce(sum(s.amount_paise) FILTER (WHERE h.type = 'current due' AND s.status <> 'paid'), 0) AS current_pending,
       coalesce(sum(s.paid_amount_paise) FILTER (WHERE h.type = 'miscellaneous'), 0) AS misc_collected,
       coalesce(sum(s.amount_paise) FILTER (WHERE h.type = 'miscellaneous' AND s.status <> 'paid'), 0) AS misc_pending
  FROM payment_head_status_summary s JOIN payment_heads h ON h.id = s.payment_head_id
 GROUP BY h.year HAVING sum(s.count) <> 0`;

/** One page of the year-wise summary (the heads' years, newest first by default). */
export async function yearRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT *, count(*) OVER () AS row_total FROM (${YEAR_SQL}) y
         ORDER BY year ${dir(filters.sortOrder)} LIMIT ${limit} OFFSET ${offset}`,
  );
  const r = (v: unknown) => paiseToRupees(paiseOfSum(v));
  return {
    total: num(rows[0]?.row_total),
    items: rows.map((row) => ({
      year: num(row.year),
      totalReceivable: r(row.receivable),
      collected: r(row.collected),
      pending: r(row.pending),
      collectionRate: collectionRate(num(row.paid), num(row.total)),
      arrears: { collected: r(row.arrears_collected), pending: r(row.arrears_pending) },
      current: { collected: r(row.current_collected), pending: r(row.current_pending) },
      misc: { collected: r(row.misc_collected), pending: r(row.misc_pending) },
    })),
  };
}

// ---------------------------------------------------------------- payment rows (details, direct)

const PAYMENT_COLUMNS = sql`p.id, p.member_id, m.name AS member_name, m.parish_number, m.mobile, p.payment_head_id,
  h.name AS head_name, h.type AS head_type, p.year, p.amount_paise, p.paid_amount_paise, p.status,
  p.created_at, p.paid_at, p.transaction_id, p.payment_method, p.payment_gateway, p.collected_by,
  u.name AS collector_name, p.receipt_number`;

const PAYMENT_JOINS = sql`payments p JOIN members m ON m.id = p.member_id
  JOIN payment_heads h ON h.id = p.payment_head_id LEFT JOIN staff_users u ON u.id = p.collected_by`;

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/** A payments row (raw SQL) as a report row; `amount` is the paid amount when paid. */
export function toPaymentRow(row: Record<string, unknown>): PaymentReportRow {
  const assigned = paiseOfSum(row.amount_paise);
  const paid = row.paid_amount_paise === null ? null : paiseOfSum(row.paid_amount_paise);
  const status = row.status as PaymentReportRow['status'];
  return {
    paymentId: String(row.id),
    memberId: String(row.member_id),
    memberName: String(row.member_name),
    parishNumber: String(row.parish_number),
    mobile: String(row.mobile),
    paymentHeadId: String(row.payment_head_id),
    headName: String(row.head_name),
    headType: row.head_type as HeadType,
    year: num(row.year),
    amount: paiseToRupees(status === 'paid' ? (paid ?? assigned) : assigned),
    assignedAmount: paiseToRupees(assigned),
    status,
    createdAt: iso(row.created_at) as string,
    paidAt: iso(row.paid_at),
    transactionId: (row.transaction_id as string | null) ?? null,
    paymentMethod: (row.payment_method as string | null) ?? null,
    paymentGateway: (row.payment_gateway as PaymentReportRow['paymentGateway']) ?? null,
    collectedBy:
      row.collected_by === null || row.collected_by === undefined
        ? null
        : { _id: String(row.collected_by), name: String(row.collector_name ?? '') },
    receiptNumber: (row.receipt_number as string | null) ?? null,
  };
}

const DETAILS_ORDER: Record<string, SQL> = {
  member: sql`m.name`,
  amount: sql`CASE WHEN p.status = 'paid' THEN coalesce(p.paid_amount_paise, p.amount_paise) ELSE p.amount_paise END`,
  status: sql`p.status`,
  date: sql`p.created_at`,
};

/** One page of payment details: every payment, by member name unless asked otherwise (`docs/domain.md`, "Reports and Analytics"). */
export async function detailsRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const order =
    filters.sortBy === 'member'
      ? sql`m.name ${dir(filters.sortOrder)}, m.id, p.created_at, p.id`
      : sql`${DETAILS_ORDER[filters.sortBy] ?? sql`m.name`} ${dir(filters.sortOrder)}, m.name, p.id`;
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_JOINS}
         WHERE ${memberSearchSql(filters.search)}
         ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map(toPaymentRow);
}

/**
 * Keyset pages of every payment in the details order (member name, member, created, id), for
 * the export: each call continues after `after`, so a million rows never sit in memory and no
 * page pays for a deep OFFSET.
 */
export async function detailsKeysetPage(
  rc: ReportContext,
  filters: ReportFilters,
  after: { name: string; memberId: string; createdAt: string; id: string } | null,
  limit: number,
) {
  const cursor = after
    ? sql`AND (m.name, m.id, p.created_at, p.id) > (${after.name}, ${after.memberId}::uuid, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_JOINS}
         WHERE ${memberSearchSql(filters.search)} ${cursor}
         ORDER BY m.name, m.id, p.created_at, p.id LIMIT ${limit}`,
  );
  return rows;
}

/** The WHERE of direct collections: paid, manual gateway, parish-day range, transaction id, member. */
export function directWhere(rc: ReportContext, filters: ReportFilters): SQL {
  const parts: SQL[] = [sql`p.status = 'paid'`, sql`p.payment_gateway = 'manual'`];
  if (filters.from) parts.push(sql`p.paid_at >= ${dayStart(filters.from, rc.timezone)}`);
  if (filters.to) parts.push(sql`p.paid_at < ${dayStart(addDays(filters.to, 1), rc.timezone)}`);
  if (filters.transactionId) {
    const pattern = likePattern(filters.transactionId);
    parts.push(
      sql`(p.transaction_id ILIKE ${pattern} OR p.pg_transaction_id ILIKE ${pattern} OR p.receipt_number ILIKE ${pattern})`,
    );
  }
  if (filters.search) parts.push(memberSearchSql(filters.search));
  return sql.join(parts, sql` AND `);
}

const DIRECT_ORDER: Record<string, SQL> = {
  date: sql`p.paid_at`,
  amount: sql`coalesce(p.paid_amount_paise, p.amount_paise)`,
  member: sql`m.name`,
};

/** One page of direct collections, newest first unless asked otherwise. */
export async function directRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_JOINS}
         WHERE ${directWhere(rc, filters)}
         ORDER BY ${DIRECT_ORDER[filters.sortBy] ?? sql`p.paid_at`} ${dir(filters.sortOrder)}, p.paid_at DESC, p.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map(toPaymentRow);
}

/**
 * Keyset pages of direct collections, newest first (paid_at, id descending), for the export.
 */
export async function directKeysetPage(
  rc: ReportContext,
  filters: ReportFilters,
  after: { paidAt: string; id: string } | null,
  limit: number,
) {
  const cursor = after ? sql`AND (p.paid_at, p.id) < (${after.paidAt}::timestamptz, ${after.id}::uuid)` : sql``;
  return queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM ${PAYMENT_JOINS}
         WHERE ${directWhere(rc, filters)} ${cursor}
         ORDER BY p.paid_at DESC, p.id DESC LIMIT ${limit}`,
  );
}

// ---------------------------------------------------------------- member-wise due

/** The summary column of the unpaid paise of each due type; the total without one. */
const DUE_COLUMN: Record<DueType, SQL> = {
  arrears: sql`s.arrear_unpaid_paise`,
  current: sql`s.current_unpaid_paise`,
  misc: sql`s.misc_unpaid_paise`,
};

/**
 * The Member-wise Due report's amount column: the unpaid paise of `filters.dueType` when given
 * (the dashboard's Arrears / Current / Misc cards), else the member's whole unpaid total.
 */
export function dueAmountSql(filters: ReportFilters): SQL {
  return filters.dueType ? DUE_COLUMN[filters.dueType] : sql`s.unpaid_paise`;
}

/**
 * One page of the member-wise due report: members who owe something, largest total first. The
 * default first page (largest total first) is a walk of the index
 * `member_payment_summary_parish_unpaid_idx` (parish, unpaid total descending, member; migration
 * 0048) for its 25 rows, not a sort of every owing member (issue 31, decision 0155); the member is
 * joined by its key (parish, id).
 */
export async function memberDueRows(rc: ReportContext, filters: ReportFilters, limit: number, offset: number) {
  const order = filters.sortBy === 'name' ? sql`m.name` : dueAmountSql(filters);
  const rows = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT m.id, m.name, m.parish_number, m.mobile, s.arrear_unpaid_paise, s.current_unpaid_paise,
               s.misc_unpaid_paise, s.unpaid_paise, s.unpaid_count
          FROM member_payment_summary s JOIN members m ON m.parish_id = s.parish_id AND m.id = s.member_id
         WHERE ${dueAmountSql(filters)} > 0 AND ${memberSearchSql(filters.search)}
           AND ${inWardSql(sql`m.ward_id`, filters.wardId)}
         ORDER BY ${order} ${dir(filters.sortOrder)}, s.member_id
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => ({
    ...memberFields(row),
    arrears: paiseToRupees(paiseOfSum(row.arrear_unpaid_paise)),
    current: paiseToRupees(paiseOfSum(row.current_unpaid_paise)),
    misc: paiseToRupees(paiseOfSum(row.misc_unpaid_paise)),
    totalPending: paiseToRupees(paiseOfSum(row.unpaid_paise)),
    pendingCount: num(row.unpaid_count),
  }));
}
