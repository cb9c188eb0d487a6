import {
  REPORT_PAGE_SIZE,
  ZERO_PAISE,
  addPaise,
  paiseOfSum,
  paiseToRupees,
  rupeesToPaise,
  type ReportOf,
  type ReportRequest,
  type ReportResponse,
  type Rupees,
} from '@parish/shared';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

import type { ServiceContext } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { currentSnapshot } from './dashboard.service.ts';
import {
  HEAD_SUMMARY,
  byMethodSql,
  testPaymentsSql,
  overviewReport,
  YEAR_SQL,
  dailyRange,
  dailyRows,
  detailsRows,
  directRows,
  directWhere,
  headRows,
  dueAmountSql,
  memberDueRows,
  memberRows,
  memberSearchSql,
  reportContext,
  resolveFilters,
  yearRows,
  type ReportContext,
  type ReportFilters,
} from './report-rows.ts';
import { likePattern, num } from './report-sql.ts';

/**
 * The reports of `POST /api/admin/reports` (`docs/domain.md`, "Reports and Analytics" and "B4
 * Reports"). Every figure is aggregated in SQL, from the summary tables where possible
 * (`docs/ARCHITECTURE.md`, "Summary tables"), and every list is one page: the browser never
 * receives every payment. Money in rupees. The page queries shared with the CSV export are in
 * `report-rows.ts`.
 */

/**
 * Runs one report page (`POST /api/admin/reports`), "now" from `ctx.clock` and days in
 * `PARISH_TIMEZONE` ({@link reportContext}).
 * @param request the validated body; `limit` defaults to 25 (year-wise 10)
 * @returns the page of the report's type; money in rupees
 * @throws 400 on a bad sort column or date range (see {@link resolveFilters})
 */
export async function runReport(ctx: ServiceContext, request: ReportRequest): Promise<ReportResponse> {
  const rc = await reportContext(ctx);
  const filters = resolveFilters(request);
  const limit = request.limit ?? REPORT_PAGE_SIZE[request.type];
  const page = request.page;
  const offset = (page - 1) * limit;
  switch (request.type) {
    case 'overview':
      return overviewReport(rc);
    case 'daily':
      return dailyReport(rc, filters, limit, page);
    case 'member':
      return memberReport(rc, filters, limit, page);
    case 'head':
      return headReport(rc, filters, limit, page);
    case 'yearwise':
      return yearwiseReport(rc, filters, limit, page);
    case 'details': {
      const [items, total] = await Promise.all([detailsRows(rc, filters, limit, offset), detailsTotal(rc, filters)]);
      return { type: 'details', items, total, page, limit };
    }
    case 'direct':
      return directReport(rc, filters, limit, page);
    case 'member-due':
      return memberDueReport(rc, filters, limit, page);
  }
}

async function dailyReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'daily'>> {
  const range = dailyRange(rc, filters);
  const inRange = sql`day BETWEEN ${range.from}::date AND ${range.to}::date`;
  const [{ items, total }, seriesRows, byMethod, testPayments] = await Promise.all([
    dailyRows(rc, filters, range, limit, (page - 1) * limit),
    queryRows<{ day: string; count: unknown; amount: unknown }>(
      rc.db,
      sql`SELECT g.day::date::text AS day, coalesce(sum(s.count), 0) AS count, coalesce(sum(s.amount_paise), 0) AS amount
            FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS g(day)
            LEFT JOIN collection_day_summary s ON s.day = g.day::date
           GROUP BY g.day ORDER BY g.day`,
    ),
    byMethodSql(rc.db, inRange),
    testPaymentsSql(rc.db, inRange),
  ]);
  const series = seriesRows.map((row) => ({
    day: row.day,
    count: num(row.count),
    amount: paiseToRupees(paiseOfSum(row.amount)),
  }));
  const totals = byMethod.reduce(
    (acc, row) => ({ count: acc.count + row.count, amountPaise: addPaise(acc.amountPaise, rupeesToPaise(row.amount)) }),
    { count: 0, amountPaise: ZERO_PAISE },
  );
  return {
    type: 'daily',
    from: range.from,
    to: range.to,
    items,
    total,
    page,
    limit,
    totals: { count: totals.count, amount: paiseToRupees(totals.amountPaise) },
    testPayments,
    series,
    byMethod,
  };
}

async function memberReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'member'>> {
  const [items, totals] = await Promise.all([
    memberRows(rc, filters, limit, (page - 1) * limit),
    queryRows<{ total: unknown }>(
      rc.db,
      filters.search
        ? sql`SELECT count(*) AS total FROM member_payment_summary s JOIN members m ON m.id = s.member_id
               WHERE s.total_count > 0 AND ${memberSearchSql(filters.search)}`
        : sql`SELECT count(*) AS total FROM member_payment_summary s WHERE s.total_count > 0`,
    ),
  ]);
  return { type: 'member', items, total: num(totals[0]?.total), page, limit };
}

async function headReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'head'>> {
  const search = filters.search ? sql`h.name ILIKE ${likePattern(filters.search)}` : sql`true`;
  const [items, totals, chartRows] = await Promise.all([
    headRows(rc, filters, limit, (page - 1) * limit),
    queryRows<{ total: unknown }>(rc.db, sql`SELECT count(*) AS total FROM payment_heads h WHERE ${search}`),
    queryRows<Record<string, unknown>>(
      rc.db,
      sql`WITH s AS (${HEAD_SUMMARY})
          SELECT h.id, h.name, s.collected, s.outstanding FROM s JOIN payment_heads h ON h.id = s.payment_head_id
           WHERE ${search}
           ORDER BY s.collected + s.outstanding DESC, h.name LIMIT 10`,
    ),
  ]);
  return {
    type: 'head',
    items,
    total: num(totals[0]?.total),
    page,
    limit,
    chart: chartRows.map((row) => ({
      paymentHeadId: String(row.id),
      name: String(row.name),
      collected: paiseToRupees(paiseOfSum(row.collected)),
      outstanding: paiseToRupees(paiseOfSum(row.outstanding)),
    })),
  };
}

async function yearwiseReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'yearwise'>> {
  const [{ items, total: pageTotal }, trendRows] = await Promise.all([
    yearRows(rc, filters, limit, (page - 1) * limit),
    queryRows<Record<string, unknown>>(
      rc.db,
      sql`SELECT year, receivable, collected FROM (${YEAR_SQL}) y ORDER BY year`,
    ),
  ]);
  return {
    type: 'yearwise',
    items,
    total: pageTotal || trendRows.length,
    page,
    limit,
    trend: trendRows.map((row) => ({
      year: num(row.year),
      totalReceivable: paiseToRupees(paiseOfSum(row.receivable)),
      collected: paiseToRupees(paiseOfSum(row.collected)),
    })),
  };
}

async function detailsTotal(rc: ReportContext, filters: ReportFilters): Promise<number> {
  const rows = filters.search
    ? await queryRows<{ total: unknown }>(
        rc.db,
        sql`SELECT coalesce(sum(s.total_count), 0) AS total FROM member_payment_summary s JOIN members m ON m.id = s.member_id
             WHERE ${memberSearchSql(filters.search)}`,
      )
    : await queryRows<{ total: unknown }>(
        rc.db,
        sql`SELECT coalesce(sum(count), 0) AS total FROM payment_head_status_summary`,
      );
  return num(rows[0]?.total);
}

/** Count and total of every direct collection matching the filters (from the day summary when only dates filter). */
async function directTotals(rc: ReportContext, filters: ReportFilters): Promise<{ count: number; amount: Rupees }> {
  let rows: { count: unknown; amount: unknown }[];
  if (!filters.search && !filters.transactionId) {
    const from = filters.from ? sql`AND day >= ${filters.from}::date` : sql``;
    const to = filters.to ? sql`AND day <= ${filters.to}::date` : sql``;
    rows = await queryRows(
      rc.db,
      sql`SELECT coalesce(sum(count), 0) AS count, coalesce(sum(amount_paise), 0) AS amount
            FROM collection_day_summary WHERE payment_gateway = 'manual' ${from} ${to}`,
    );
  } else {
    rows = await queryRows(
      rc.db,
      sql`SELECT count(*) AS count, coalesce(sum(coalesce(p.paid_amount_paise, p.amount_paise)), 0) AS amount
            FROM payments p JOIN members m ON m.id = p.member_id WHERE ${directWhere(rc, filters)}`,
    );
  }
  return { count: num(rows[0]?.count), amount: paiseToRupees(paiseOfSum(rows[0]?.amount)) };
}

async function directReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'direct'>> {
  const [items, totals] = await Promise.all([
    directRows(rc, filters, limit, (page - 1) * limit),
    directTotals(rc, filters),
  ]);
  return { type: 'direct', items, total: totals.count, page, limit, totals };
}

/**
 * The member-due report's totals (every owing member of the parish, not the page), each under the
 * database snapshot it was read in, the parish, the due type and the search. As the dashboard's
 * answers (decision 0055): a statement that sees the same snapshot sees the same committed rows, so
 * the totals read then are exact for it; any commit (a collection, a settlement, in any process)
 * gives the next statement another snapshot. The totals are a scan of the parish's summary rows
 * (25-45 ms on PGlite at 20,000 members), the page a walk of 25 index entries: paging through the
 * report, or opening it again while nothing was committed, costs the page only (issue 31, decision
 * 0155). Entries are a few numbers; 256 at most.
 */
const dueTotalsBySnapshot = new LRUCache<string, Record<string, unknown>>({ max: 256 });

/** The member-due totals as read (sums in paise), with the snapshot of the statement that read them. */
async function readDueTotals(rc: ReportContext, filters: ReportFilters) {
  const join = filters.search ? sql`JOIN members m ON m.parish_id = s.parish_id AND m.id = s.member_id` : sql``;
  const [row] = await queryRows<Record<string, unknown>>(
    rc.db,
    sql`SELECT pg_current_snapshot()::text AS snapshot, count(*) AS members,
               coalesce(sum(s.arrear_unpaid_paise), 0) AS arrears, coalesce(sum(s.current_unpaid_paise), 0) AS current,
               coalesce(sum(s.misc_unpaid_paise), 0) AS misc, coalesce(sum(s.unpaid_paise), 0) AS total
          FROM member_payment_summary s ${join}
         WHERE ${dueAmountSql(filters)} > 0 AND ${memberSearchSql(filters.search)}`,
  );
  return row ?? {};
}

async function memberDueReport(
  rc: ReportContext,
  filters: ReportFilters,
  limit: number,
  page: number,
): Promise<ReportOf<'member-due'>> {
  const keyOf = (snapshot: string) =>
    JSON.stringify([currentParishId(), snapshot, filters.dueType ?? null, filters.search ?? null]);
  const [items, snapshot] = await Promise.all([
    memberDueRows(rc, filters, limit, (page - 1) * limit),
    currentSnapshot(rc.db),
  ]);
  let t = snapshot === null ? undefined : dueTotalsBySnapshot.get(keyOf(snapshot));
  if (!t) {
    t = await readDueTotals(rc, filters);
    if (typeof t.snapshot === 'string') dueTotalsBySnapshot.set(keyOf(t.snapshot), t);
  }
  return {
    type: 'member-due',
    items,
    total: num(t.members),
    page,
    limit,
    totals: {
      members: num(t.members),
      arrears: paiseToRupees(paiseOfSum(t.arrears)),
      current: paiseToRupees(paiseOfSum(t.current)),
      misc: paiseToRupees(paiseOfSum(t.misc)),
      totalPending: paiseToRupees(paiseOfSum(t.total)),
    },
  };
}
