import {
  REPORT_FILE_PREFIX,
  datedFileName,
  formatDisplayDate,
  formatPaisePlain,
  headTypeLabel,
  paiseOfSum,
  paiseToRupees,
  rupeesToPaise,
  type PaymentReportRow,
  type ReportExportQuery,
  type Rupees,
} from '@parish/shared';
import { setImmediate } from 'node:timers/promises';

import { sql, type SQL } from 'drizzle-orm';

import type { ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { memberVisible } from '../../db/import-batches.ts';
import { UTF8_BOM, type Cell } from '../../lib/spreadsheet.ts';
import { csvChunk, tableDownload, type Download, type TableFormat } from '../../lib/table-download.ts';
import { csvBoolean, csvDate, csvInstantDate, csvLine, csvPaise, csvPlain, type CsvSqlCell } from './csv-sql.ts';
import { parishCalendar } from './parish-calendar.ts';
import {
  dailyRange,
  dailyRows,
  detailsKeysetPage,
  directKeysetPage,
  headRows,
  memberDueRows,
  memberRows,
  overviewReport,
  testPaymentsSql,
  reportContext,
  resolveFilters,
  toPaymentRow,
  yearRows,
  type ReportContext,
  type ReportFilters,
} from './report-rows.ts';
import { num } from './report-sql.ts';

/**
 * CSV downloads: every report tab and the full export, with dated file names (`docs/domain.md`,
 * "File names"). Rows are produced page by page and written to the reply as they come, so an
 * export of a million payments never sits in memory (`docs/domain.md`, "D3 Streamed export").
 * Every cell passes through `neutralizeCsvRows` (`docs/domain.md`, "EX-01 CSV injection"); the
 * full export's CSV is built by the database with the same rules (`csv-sql.ts`, decision 0058).
 * Amounts are plain rupees with two decimals (no grouping, so spreadsheets read them as numbers);
 * dates dd/mm/yyyy in the parish time zone.
 */

/** Rows fetched per database round trip while streaming. */
export const EXPORT_CHUNK = 1000;

const money = (amount: Rupees) => formatPaisePlain(rupeesToPaise(amount));
const paiseText = (value: unknown) => formatPaisePlain(paiseOfSum(value));

/**
 * Every row of a report as a CSV or .xlsx download (`GET /api/admin/reports/export`), header
 * first; "now" (the file's date, the daily range) read once from `ctx.clock`, days in
 * `PARISH_TIMEZONE`.
 * @returns the dated file name (e.g. `daily_collection_report_2026-11-22.csv`) and the chunks
 * @throws 400 (before the first chunk) on a bad sort column or range, as the report does
 */
export async function reportExport(ctx: ServiceContext, query: ReportExportQuery): Promise<Download> {
  const rc = await reportContext(ctx);
  const filters = resolveFilters(query);
  if (filters.type === 'daily') dailyRange(rc, filters);
  const baseName = `${REPORT_FILE_PREFIX[query.type]}_${parishCalendar(rc.now, rc.timezone).today}`;
  return tableDownload(baseName, query.format, reportChunks(rc, filters));
}

/** The rows of a report of any type, header first, a page at a time (see {@link reportExport}). */
async function* reportChunks(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  switch (filters.type) {
    case 'overview':
      return yield* overviewCsv(rc);
    case 'daily':
      return yield* dailyCsv(rc, filters);
    case 'member':
      return yield* memberCsv(rc, filters);
    case 'head':
      return yield* headCsv(rc, filters);
    case 'yearwise':
      return yield* yearwiseCsv(rc, filters);
    case 'details':
      return yield* detailsCsv(rc, filters);
    case 'direct':
      return yield* directCsv(rc, filters);
    case 'member-due':
      return yield* memberDueCsv(rc, filters);
  }
}

/**
 * The header row, then pages of {@link EXPORT_CHUNK} rows read by offset until a short page.
 * @param page reads `limit` rows from `offset`, @param cells one row's CSV cells
 */
async function* offsetPages<T>(
  header: Cell[],
  page: (limit: number, offset: number) => Promise<T[]>,
  cells: (row: T) => Cell[],
): AsyncGenerator<Cell[][]> {
  yield [header];
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const items = await page(EXPORT_CHUNK, offset);
    yield items.map(cells);
    if (items.length < EXPORT_CHUNK) return;
  }
}

/**
 * The header row, then keyset pages of {@link EXPORT_CHUNK} payments (raw rows, shown as
 * report rows) until a short page or a last row without a cursor.
 * @param page reads the rows after a cursor (null: from the start), @param cursorAfter the
 *   cursor after a page's last raw row, or null to stop
 */
async function* paymentPages<C>(
  header: Cell[],
  page: (after: C | null) => Promise<Record<string, unknown>[]>,
  cells: (row: PaymentReportRow) => Cell[],
  cursorAfter: (last: Record<string, unknown>) => C | null,
): AsyncGenerator<Cell[][]> {
  yield [header];
  let after: C | null = null;
  for (;;) {
    const raw = await page(after);
    yield raw.map(toPaymentRow).map(cells);
    const last = raw.at(-1);
    if (raw.length < EXPORT_CHUNK || !last) return;
    after = cursorAfter(last);
    if (after === null) return;
  }
}

/** The overview's line of test payments (sandbox, no real money), apart from the totals. */
const TEST_PAYMENTS_LINE = 'Test payments (no real money)';

async function* overviewCsv(rc: ReportContext): AsyncGenerator<Cell[][]> {
  const r = await overviewReport(rc);
  yield [
    ['Metric', 'Value'],
    ["Today's Collection", money(r.todaysCollection)],
    ['Total Receivables', money(r.totalReceivables)],
    ['Total Collected', money(r.totalCollected)],
    ['Total Outstanding', money(r.totalOutstanding)],
    ['Collection Rate (%)', r.collectionRate.toFixed(1)],
    ['Payments', r.payments.total],
    ['Paid Payments', r.payments.paid],
    ...r.byMethod.map((m) => [`Collected by ${m.method}`, money(m.amount)]),
    // Apart from every total above (docs/domain.md, §10 "Payment mode").
    ...(r.testPayments?.count ? [[TEST_PAYMENTS_LINE, money(r.testPayments.amount)]] : []),
  ];
}

async function* dailyCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  const range = dailyRange(rc, filters);
  yield* offsetPages(
    ['Date', 'Collections', 'Amount', 'By Method'],
    async (limit, offset) => (await dailyRows(rc, filters, range, limit, offset)).items,
    (row) => [
      formatDisplayDate(row.day, rc.timezone),
      row.count,
      money(row.amount),
      row.byMethod.map((m) => `${m.method}: ${m.count} (${money(m.amount)})`).join('; '),
    ],
  );
  // The range's test payments, apart from the days above (docs/domain.md, §10 "Payment mode").
  const test = await testPaymentsSql(rc.db, sql`day BETWEEN ${range.from}::date AND ${range.to}::date`);
  if (test.count > 0) yield [[TEST_PAYMENTS_LINE, test.count, money(test.amount), '']];
}

function memberCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  return offsetPages(
    ['Name', 'Parish Number', 'Mobile', 'Amount Paid', 'Amount Pending', 'Payment Rate (%)'],
    (limit, offset) => memberRows(rc, filters, limit, offset),
    (row) => [
      row.name,
      row.parishNumber,
      row.mobile,
      money(row.amountPaid),
      money(row.amountPending),
      row.paymentRate.toFixed(1),
    ],
  );
}

function headCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  return offsetPages(
    ['Payment Head', 'Base Amount', 'Type', 'Year', 'Collected', 'Outstanding', 'Collection Rate (%)'],
    (limit, offset) => headRows(rc, filters, limit, offset),
    (row) => [
      row.name,
      money(row.amount),
      headTypeLabel(row.type),
      row.year,
      money(row.collected),
      money(row.outstanding),
      row.collectionRate.toFixed(1),
    ],
  );
}

async function* yearwiseCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  yield [
    [
      'Year',
      'Total Receivable',
      'Collected',
      'Pending',
      'Collection Rate (%)',
      'Arrears Collected',
      'Arrears Pending',
      'Current Due Collected',
      'Current Due Pending',
      'Miscellaneous Collected',
      'Miscellaneous Pending',
    ],
  ];
  const { items } = await yearRows(rc, filters, 10_000, 0);
  yield items.map((row) => [
    row.year,
    money(row.totalReceivable),
    money(row.collected),
    money(row.pending),
    row.collectionRate.toFixed(1),
    money(row.arrears.collected),
    money(row.arrears.pending),
    money(row.current.collected),
    money(row.current.pending),
    money(row.misc.collected),
    money(row.misc.pending),
  ]);
}

function detailsCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  const date = (value: string | null) => formatDisplayDate(value, rc.timezone);
  return paymentPages<Parameters<typeof detailsKeysetPage>[2]>(
    [
      'Member',
      'Parish Number',
      'Payment Head',
      'Type',
      'Year',
      'Amount',
      'Status',
      'Created Date',
      'Paid Date',
      'Transaction ID',
    ],
    (after) => detailsKeysetPage(rc, filters, after, EXPORT_CHUNK),
    (row) => [
      row.memberName,
      row.parishNumber,
      row.headName,
      headTypeLabel(row.headType),
      row.year,
      money(row.amount),
      row.status,
      date(row.createdAt),
      date(row.paidAt),
      row.transactionId,
    ],
    (last) => ({
      name: String(last.member_name),
      memberId: String(last.member_id),
      createdAt: new Date(last.created_at as string).toISOString(),
      id: String(last.id),
    }),
  );
}

function directCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  return paymentPages<{ paidAt: string; id: string }>(
    [
      'Date',
      'Member',
      'Parish Number',
      'Payment Head',
      'Type',
      'Amount',
      'Method',
      'Transaction ID',
      'Receipt Number',
      'Collected By',
    ],
    (after) => directKeysetPage(rc, filters, after, EXPORT_CHUNK),
    (row) => [
      formatDisplayDate(row.paidAt, rc.timezone),
      row.memberName,
      row.parishNumber,
      row.headName,
      headTypeLabel(row.headType),
      money(row.amount),
      row.paymentMethod,
      row.transactionId,
      row.receiptNumber,
      row.collectedBy?.name ?? '',
    ],
    (last) => {
      const row = toPaymentRow(last);
      return row.paidAt ? { paidAt: row.paidAt, id: row.paymentId } : null;
    },
  );
}

function memberDueCsv(rc: ReportContext, filters: ReportFilters): AsyncGenerator<Cell[][]> {
  return offsetPages(
    ['Name', 'Parish Number', 'Mobile', 'Arrears', 'Current Due', 'Miscellaneous', 'Total Pending'],
    (limit, offset) => memberDueRows(rc, filters, limit, offset),
    (row) => [
      row.name,
      row.parishNumber,
      row.mobile,
      money(row.arrears),
      money(row.current),
      money(row.misc),
      money(row.totalPending),
    ],
  );
}

// ---------------------------------------------------------------- full export

const MEMBER_COLUMNS = [
  'type',
  '_id',
  'name',
  'mobile',
  'parishNumber',
  'alternateContact',
  'currentLocation',
  'email',
  'address',
  'isActive',
  'createdAt',
] as const;
const HEAD_COLUMNS = [
  'type',
  '_id',
  'name',
  'description',
  'amount',
  'headType',
  'year',
  'dueDate',
  'variable_amount',
  'isActive',
  'createdAt',
] as const;
const PAYMENT_COLUMNS = [
  'type',
  '_id',
  'memberId',
  'memberName',
  'parishNumber',
  'paymentHeadId',
  'paymentHeadName',
  'amount',
  'paidAmount',
  'status',
  'year',
  'dueDate',
  'paidAt',
  'createdAt',
  'transactionId',
  'pgTransactionId',
  'paymentMethod',
  'paymentGateway',
  'collectionMode',
  'collectedBy',
  'notes',
  'receiptNumber',
  'testPayment',
] as const;

type Row = Record<string, unknown>;

/**
 * Lets the event loop run its timers and I/O before the next page's statement. A PGlite statement
 * runs in this process and settles through promise callbacks only, so back-to-back pages would
 * otherwise starve the loop: the reply's first bytes (already written) would not reach the client,
 * and no other request would be served, until the socket's buffer filled (measured: 1.5 s of
 * starvation before the first byte at 1,000,000 payments; `docs/domain.md` §12 "D3 Streamed export").
 */
const yieldToEventLoop = () => setImmediate();

async function* keyset(rc: ReportContext, table: 'members' | 'heads' | 'payments'): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    await yieldToEventLoop();
    const cursor = after ? sql`WHERE x.id > ${after}::uuid` : sql``;
    let rows: Row[];
    if (table === 'members') {
      rows = await queryRows<Row>(
        rc.db,
        sql`SELECT x.id, x.name, x.mobile, x.parish_number, x.alternate_contact, x.current_location, x.email, x.address,
                   x.is_active, x.created_at FROM members x
             WHERE ${memberVisible(sql`x.import_batch_id`)} ${after ? sql`AND x.id > ${after}::uuid` : sql``}
             ORDER BY x.id LIMIT ${EXPORT_CHUNK}`,
      );
    } else if (table === 'heads') {
      rows = await queryRows<Row>(
        rc.db,
        sql`SELECT x.id, x.name, x.description, x.amount_paise, x.type, x.year, x.due_date::text AS due_date,
                   x.variable_amount, x.is_active, x.created_at FROM payment_heads x ${cursor} ORDER BY x.id LIMIT ${EXPORT_CHUNK}`,
      );
    } else {
      rows = await queryRows<Row>(
        rc.db,
        sql`SELECT x.id, x.member_id, m.name AS member_name, m.parish_number, x.payment_head_id, h.name AS head_name,
                   x.amount_paise, x.paid_amount_paise, x.status, x.year, x.due_date::text AS due_date, x.paid_at,
                   x.created_at, x.transaction_id, x.pg_transaction_id, x.payment_method, x.payment_gateway,
                   x.collection_mode, u.name AS collector_name, x.notes, x.receipt_number, x.is_test
              FROM payments x JOIN members m ON m.id = x.member_id JOIN payment_heads h ON h.id = x.payment_head_id
              LEFT JOIN staff_users u ON u.id = x.collected_by
              ${cursor} ORDER BY x.id LIMIT ${EXPORT_CHUNK}`,
      );
    }
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = String(last.id);
  }
}

const isoOrNull = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

function memberRecord(row: Row) {
  return {
    _id: String(row.id),
    name: String(row.name),
    mobile: String(row.mobile),
    parishNumber: String(row.parish_number),
    alternateContact: (row.alternate_contact as string | null) ?? null,
    currentLocation: (row.current_location as string | null) ?? null,
    email: (row.email as string | null) ?? null,
    address: (row.address as string | null) ?? null,
    isActive: Boolean(row.is_active),
    createdAt: isoOrNull(row.created_at),
  };
}

function headRecord(row: Row) {
  return {
    _id: String(row.id),
    name: String(row.name),
    description: String(row.description ?? ''),
    amount: paiseToRupees(paiseOfSum(row.amount_paise)),
    type: String(row.type),
    year: num(row.year),
    dueDate: (row.due_date as string | null) ?? null,
    variable_amount: Boolean(row.variable_amount),
    isActive: Boolean(row.is_active),
    createdAt: isoOrNull(row.created_at),
  };
}

function paymentRecord(row: Row) {
  return {
    _id: String(row.id),
    memberId: { _id: String(row.member_id), name: String(row.member_name), parishNumber: String(row.parish_number) },
    paymentHeadId: { _id: String(row.payment_head_id), name: String(row.head_name) },
    amount: paiseToRupees(paiseOfSum(row.amount_paise)),
    paidAmount: row.paid_amount_paise === null ? null : paiseToRupees(paiseOfSum(row.paid_amount_paise)),
    status: String(row.status),
    year: num(row.year),
    dueDate: (row.due_date as string | null) ?? null,
    paidAt: isoOrNull(row.paid_at),
    createdAt: isoOrNull(row.created_at),
    transactionId: (row.transaction_id as string | null) ?? null,
    pgTransactionId: (row.pg_transaction_id as string | null) ?? null,
    paymentMethod: (row.payment_method as string | null) ?? null,
    paymentGateway: (row.payment_gateway as string | null) ?? null,
    collectionMode: (row.collection_mode as string | null) ?? null,
    collectedBy: (row.collector_name as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    receiptNumber: (row.receipt_number as string | null) ?? null,
    /** Paid by a sandbox (test) checkout: no real money (`docs/domain.md`, §10 "Payment mode"). */
    testPayment: Boolean(row.is_test),
  };
}

/**
 * The full export (`GET /api/admin/export`): members, payment heads and payments, as one JSON
 * document ({@link fullExportJson}, keyset pages of 1,000 rows), one CSV file of three sections
 * written by the database ({@link fullExportCsv}, pages of {@link FULL_EXPORT_CSV_CHUNK} rows), or
 * an .xlsx workbook of the same rows ({@link fullExportRows}); "now" read once from `ctx.clock`.
 * @returns the dated file name (`parish_export_2026-11-22.json` / `.csv` / `.xlsx`, parish day) and the chunks
 */
export async function fullExport(ctx: ServiceContext, input: { format: 'json' | TableFormat }): Promise<Download> {
  const rc = await reportContext(ctx);
  const today = parishCalendar(rc.now, rc.timezone).today;
  if (input.format === 'csv') {
    return {
      fileName: `parish_export_${today}.csv`,
      contentType: 'text/csv; charset=utf-8',
      chunks: fullExportCsv(rc, FULL_EXPORT_CSV_CHUNK[ctx.database.kind], FULL_EXPORT_CSV_IN_FLIGHT[ctx.database.kind]),
    };
  }
  if (input.format !== 'json') return tableDownload(`parish_export_${today}`, input.format, fullExportRows(rc));
  return {
    fileName: datedFileName('parish_export', today, 'json'),
    contentType: 'application/json; charset=utf-8',
    chunks: fullExportJson(rc),
  };
}

/**
 * `GET /api/admin/export?format=json` as chunks of one JSON document
 * `{ exportedAt, members: [...], paymentHeads: [...], payments: [...] }` (money in rupees, as the
 * API answers it), read with keyset pages of 1,000 rows.
 */
async function* fullExportJson(rc: ReportContext): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(rc.now.toISOString())}`;
  const sections = [
    ['members', 'members', memberRecord],
    ['paymentHeads', 'heads', headRecord],
    ['payments', 'payments', paymentRecord],
  ] as const;
  for (const [key, table, record] of sections) {
    yield `,${JSON.stringify(key)}:[`;
    let first = true;
    for await (const rows of keyset(rc, table)) {
      const text = rows.map((row) => JSON.stringify(record(row))).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

/**
 * The full export as row chunks: one table of three sections (members, payment heads, payments).
 * Each section starts with its own header row whose first cell is `type`; every data row starts
 * with its section's type (`member`, `payment_head`, `payment`), so a spreadsheet filter on the
 * first column separates them. Cells are neutralised. The .xlsx download
 * (`GET /api/admin/export?format=xlsx`) is made from these rows; the CSV is written by the database
 * ({@link fullExportCsv}) and must stay byte-identical to {@link csvText} of these rows (the tests
 * compare them).
 */
export async function* fullExportRows(rc: ReportContext): AsyncGenerator<Cell[][]> {
  const tz = rc.timezone;
  yield [[...MEMBER_COLUMNS]];
  for await (const rows of keyset(rc, 'members')) {
    yield rows
      .map(memberRecord)
      .map((m) => [
        'member',
        m._id,
        m.name,
        m.mobile,
        m.parishNumber,
        m.alternateContact,
        m.currentLocation,
        m.email,
        m.address,
        m.isActive,
        formatDisplayDate(m.createdAt, tz),
      ]);
  }
  yield [[...HEAD_COLUMNS]];
  for await (const rows of keyset(rc, 'heads')) {
    yield rows
      .map(headRecord)
      .map((h) => [
        'payment_head',
        h._id,
        h.name,
        h.description,
        money(h.amount),
        h.type,
        h.year,
        formatDisplayDate(h.dueDate, tz),
        h.variable_amount,
        h.isActive,
        formatDisplayDate(h.createdAt, tz),
      ]);
  }
  yield [[...PAYMENT_COLUMNS]];
  for await (const rows of keyset(rc, 'payments')) {
    yield rows.map((row) => {
      const p = paymentRecord(row);
      return [
        'payment',
        p._id,
        p.memberId._id,
        p.memberId.name,
        p.memberId.parishNumber,
        p.paymentHeadId._id,
        p.paymentHeadId.name,
        paiseText(row.amount_paise),
        row.paid_amount_paise === null ? '' : paiseText(row.paid_amount_paise),
        p.status,
        p.year,
        formatDisplayDate(p.dueDate, tz),
        formatDisplayDate(p.paidAt, tz),
        formatDisplayDate(p.createdAt, tz),
        p.transactionId,
        p.pgTransactionId,
        p.paymentMethod,
        p.paymentGateway,
        p.collectionMode,
        p.collectedBy,
        p.notes,
        p.receiptNumber,
        p.testPayment,
      ];
    });
  }
}

/**
 * Rows of the full export's CSV per database statement, by engine: each statement returns one text
 * of this many CSV lines (`string_agg`), so no row becomes a JavaScript object. On PGlite every
 * request shares one connection, so a page stays small enough that its statement holds it well
 * under the 250 ms a request-path statement may take: 5,000 payments took about 60 ms at 100,000
 * payments but up to 250 ms between two chunks at 1,000,000 (id order is random heap order), so
 * 2,500, which costs no measurable total time; PostgreSQL's pool has no such limit and larger
 * pages save round trips (`docs/domain.md`, §12 "D3 Streamed export"; decision 0058).
 */
export const FULL_EXPORT_CSV_CHUNK = { pglite: 2_500, postgres: 20_000 } as const;

/**
 * Pages of the full export's CSV read at once, by engine ({@link fullExportCsv}): one on PGlite
 * (one connection, shared by every request), two on PostgreSQL (two cores on the target machine;
 * measured at 1,000,000 payments, issue 18).
 */
export const FULL_EXPORT_CSV_IN_FLIGHT = { pglite: 1, postgres: 2 } as const;

/** The keyset page of one section: the CSV text of its rows, how many, and the last id (null when none). */
interface CsvPage {
  text: string | null;
  n: number;
  last: string | null;
}

/**
 * One section of the full export's CSV: its header line (CRLF-terminated), the SQL of its raw rows
 * in id order, and the SQL of one row's CSV line over those rows (aliased `p`).
 */
export interface CsvSection {
  header: string;
  /** The table whose ids key the section (its rows are counted to slice it, {@link fullExportCsv}). */
  table: 'members' | 'payment_heads' | 'payments';
  /**
   * The section's raw rows (with an `id` column) in id order: after a cursor (null: from the
   * start), at most `limit` (null: all), and within `slice` when given (ids from `from`
   * inclusive to `before` exclusive; null: unbounded on that side).
   */
  rows(after: string | null, limit: number | null, slice?: IdSlice): SQL;
  /** One raw row's CSV line (`csv-sql.ts`), over the rows aliased `p`. */
  line: SQL;
}

/**
 * The three sections of the full export's CSV (members, payment heads, payments), as
 * {@link fullExportRows} writes them, cells built in SQL: neutralised and quoted as
 * `neutralizeCsvRows` and papaparse do, instants dd/mm/yyyy in `timeZone`, paise as plain rupees.
 * Also what the bench measures its floors with (`scripts/bench/export.ts`).
 * @param timeZone the parish's IANA zone
 */
export function fullExportCsvSections(timeZone: string): CsvSection[] {
  const after = (cursor: string | null, slice?: IdSlice) =>
    sql`${cursor ? sql`AND x.id > ${cursor}::uuid` : sql``} ${slice?.from ? sql`AND x.id >= ${slice.from}::uuid` : sql``} ${slice?.before ? sql`AND x.id < ${slice.before}::uuid` : sql``}`;
  const limit = (n: number | null) => (n === null ? sql`` : sql`LIMIT ${n}`);
  const col = (name: string) => sql.raw(`p.${name}`);
  const text = (name: string): CsvSqlCell => ({ text: col(name) });
  return [
    {
      header: csvChunk([[...MEMBER_COLUMNS]]),
      table: 'members',
      rows: (cursor, n, slice) =>
        sql`SELECT x.id, x.name, x.mobile, x.parish_number, x.alternate_contact, x.current_location, x.email,
                   x.address, x.is_active, x.created_at FROM members x
             WHERE ${memberVisible(sql`x.import_batch_id`)} ${after(cursor, slice)}
             ORDER BY x.id ${limit(n)}`,
      line: csvLine([
        { cell: sql`'member'` },
        { cell: csvPlain(col('id')) },
        text('name'),
        text('mobile'),
        text('parish_number'),
        text('alternate_contact'),
        text('current_location'),
        text('email'),
        text('address'),
        { cell: csvBoolean(col('is_active')) },
        { cell: csvInstantDate(col('created_at'), timeZone) },
      ]),
    },
    {
      header: csvChunk([[...HEAD_COLUMNS]]),
      table: 'payment_heads',
      rows: (cursor, n, slice) =>
        sql`SELECT x.id, x.name, x.description, x.amount_paise, x.type, x.year, x.due_date, x.variable_amount,
                   x.is_active, x.created_at FROM payment_heads x
             WHERE true ${after(cursor, slice)} ORDER BY x.id ${limit(n)}`,
      line: csvLine([
        { cell: sql`'payment_head'` },
        { cell: csvPlain(col('id')) },
        text('name'),
        { text: sql`coalesce(p.description, '')` },
        { cell: csvPaise(col('amount_paise')) },
        { cell: csvPlain(col('type')) },
        { cell: csvPlain(col('year')) },
        { cell: csvDate(col('due_date')) },
        { cell: csvBoolean(col('variable_amount')) },
        { cell: csvBoolean(col('is_active')) },
        { cell: csvInstantDate(col('created_at'), timeZone) },
      ]),
    },
    {
      header: csvChunk([[...PAYMENT_COLUMNS]]),
      table: 'payments',
      rows: (cursor, n, slice) =>
        sql`SELECT x.id, x.member_id, m.name AS member_name, m.parish_number, x.payment_head_id, h.name AS head_name,
                   x.amount_paise, x.paid_amount_paise, x.status, x.year, x.due_date, x.paid_at, x.created_at,
                   x.transaction_id, x.pg_transaction_id, x.payment_method, x.payment_gateway, x.collection_mode,
                   u.name AS collector_name, x.notes, x.receipt_number, x.is_test
              FROM payments x JOIN members m ON m.id = x.member_id JOIN payment_heads h ON h.id = x.payment_head_id
              LEFT JOIN staff_users u ON u.id = x.collected_by
             WHERE true ${after(cursor, slice)} ORDER BY x.id ${limit(n)}`,
      line: csvLine([
        { cell: sql`'payment'` },
        { cell: csvPlain(col('id')) },
        { cell: csvPlain(col('member_id')) },
        text('member_name'),
        text('parish_number'),
        { cell: csvPlain(col('payment_head_id')) },
        text('head_name'),
        { cell: csvPaise(col('amount_paise')) },
        { cell: csvPaise(col('paid_amount_paise')) },
        { cell: csvPlain(col('status')) },
        { cell: csvPlain(col('year')) },
        { cell: csvDate(col('due_date')) },
        { cell: csvInstantDate(col('paid_at'), timeZone) },
        { cell: csvInstantDate(col('created_at'), timeZone) },
        text('transaction_id'),
        text('pg_transaction_id'),
        text('payment_method'),
        { cell: csvPlain(col('payment_gateway')) },
        text('collection_mode'),
        text('collector_name'),
        text('notes'),
        text('receipt_number'),
        { cell: csvBoolean(col('is_test')) },
      ]),
    },
  ];
}

/**
 * `GET /api/admin/export?format=csv` as text chunks, byte-identical to {@link csvText} of
 * {@link fullExportRows} (the .xlsx path) but written by the database
 * ({@link fullExportCsvSections}): the byte order mark and the members' header first, before any
 * statement, so the first byte leaves at once; then each section's header and its rows in keyset
 * pages of `chunk` rows in id order, each page ONE statement whose single row holds the page's CSV
 * lines as one text (`string_agg`), so no row becomes a JavaScript object.
 * Each page reads its own snapshot (as the JSON path does): a row changed during a long download
 * appears once, as it was when its page was read.
 *
 * With `inFlight` > 1 (PostgreSQL, whose pool gives each statement a connection and a core of its
 * own), a section of more than `chunk` rows is cut into slices of about `chunk` rows by its own ids
 * ({@link idSlicesOf}), and up to `inFlight` pages are read at once
 * in output order: the next slice's first page while the current one's is read or sent. A slice
 * with more rows than a page goes on by keyset; at most `inFlight` pages are held. On PGlite every
 * statement holds the one connection every request shares, so pages are read one after the other
 * with the event loop served between them.
 * @param chunk rows per statement, {@link FULL_EXPORT_CSV_CHUNK} of the engine (tests make it small
 *   to cross page and slice boundaries)
 * @param inFlight pages read at once ({@link FULL_EXPORT_CSV_IN_FLIGHT} of the engine)
 */
export async function* fullExportCsv(rc: ReportContext, chunk: number, inFlight = 1): AsyncGenerator<string> {
  yield UTF8_BOM;
  for (const section of fullExportCsvSections(rc.timezone)) {
    yield section.header;
    // string_agg takes the rows in the sub-select's order (id): a plain aggregate over one
    // ordered sub-select, as the PostgreSQL manual describes; an ORDER BY inside string_agg would
    // sort every page again (PostgreSQL 15 does not see the input is sorted), spilling to disk.
    const read = (task: PageTask): Promise<CsvPage | undefined> => {
      const page = queryRows<CsvPage>(
        rc.db,
        sql`SELECT string_agg(${section.line}, '') AS text, count(*)::int AS n,
                   max(p.id::text COLLATE "C") AS last
              FROM (${section.rows(task.after, chunk, task.slice)}) p`,
      ).then((rows) => rows[0]);
      // Read ahead, a page may fail while the one before is being sent: its error is thrown
      // where it is awaited, never as an unhandled rejection.
      page.catch(() => undefined);
      return page;
    };
    const slices = inFlight > 1 ? await idSlicesOf(rc.db, section.table, chunk) : [{ from: null, before: null }];
    // Pages not yet started, and pages being read, both in output order. A download ended early
    // (the client went away) leaves the pages read ahead unread: their statements finish and their
    // connections go back to the pool.
    const waiting: PageTask[] = slices.map((slice) => ({ slice, after: null }));
    const reading: { task: PageTask; page: Promise<CsvPage | undefined> }[] = [];
    await yieldToEventLoop();
    while (waiting.length > 0 || reading.length > 0) {
      while (reading.length < inFlight && waiting.length > 0) {
        const task = waiting.shift()!;
        reading.push({ task, page: read(task) });
      }
      const { task, page: pending } = reading.shift()!;
      const page = await pending;
      // A full page: the slice goes on after its last id, before anything read ahead; started now
      // when pages are read at once, else after this page is sent and the event loop served.
      if (page && Number(page.n) >= chunk && page.last) {
        const next = { slice: task.slice, after: page.last };
        if (inFlight > 1) reading.unshift({ task: next, page: read(next) });
        else waiting.unshift(next);
      }
      if (page?.text) yield page.text;
      await yieldToEventLoop();
    }
  }
}

/** A page of a section to read: its slice of ids, and the last id read before it in that slice. */
interface PageTask {
  slice: IdSlice;
  after: string | null;
}

/** A slice of the uuid space: ids from `from` (inclusive) to `before` (exclusive); null is open. */
export interface IdSlice {
  from: string | null;
  before: string | null;
}

/** At most this many slices of a section ({@link idSlicesOf}). */
const MAX_SLICES = 256;

/**
 * A section's table cut into slices of about `chunk` rows (at most {@link MAX_SLICES}), in id
 * order, by its own ids: every slice but the first starts at a row's id (the first row of its
 * slice), read from the primary key in one statement. Ids are time-ordered (decision 0157:
 * payments since migration 0050) or random (older rows, other tables); either way the slices hold
 * about as many rows each. One open slice when the table holds at most `chunk` rows.
 * @param table the section's table (its rows as the caller's parish sees them)
 * @param chunk rows per page
 */
export async function idSlicesOf(db: DbOrTx, table: CsvSection['table'], chunk: number): Promise<IdSlice[]> {
  const [counted] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  const rows = Number(counted?.n ?? 0);
  if (rows <= chunk) return [{ from: null, before: null }];
  const step = Math.max(chunk, Math.ceil(rows / MAX_SLICES));
  const bounds = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM (SELECT x.id, row_number() OVER (ORDER BY x.id) AS n FROM ${sql.identifier(table)} x) s
         WHERE n > 1 AND (n - 1) % ${step} = 0 ORDER BY id`,
  );
  const starts = [null, ...bounds.map((row) => row.id)];
  return starts.map((from, i) => ({ from, before: starts[i + 1] ?? null }));
}
