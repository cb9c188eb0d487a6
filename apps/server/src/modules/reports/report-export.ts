import {
  datedFileName,
  formatDisplayDate,
  formatPaisePlain,
  headTypeLabel,
  neutralizeCsvRows,
  paiseToRupees,
  REPORT_FILE_PREFIX,
  rupeesToPaise,
  type ReportExportQuery,
} from '@parish/shared';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';

import { queryRows } from '../../db/client.ts';
import { parishCalendar } from './parish-calendar.ts';
import { num } from './report-sql.ts';
import {
  dailyRange,
  dailyRows,
  detailsKeysetPage,
  directKeysetPage,
  headRows,
  memberDueRows,
  memberRows,
  resolveFilters,
  runReport,
  toPaymentRow,
  yearRows,
  type ReportContext,
  type ReportFilters,
} from './reports.service.ts';

/**
 * CSV downloads (specification sections 2 and 9: Download CSV for every report tab, dated file
 * names; `security-and-reliability.md`, CSV injection). Rows are produced page by page and
 * written to the reply as they come, so an export of a million payments never sits in memory
 * (`performance.md`, D3 and "Implementation consequences" 6). Every cell passes through
 * `neutralizeCsvRows`. Amounts are plain rupees with two decimals (no grouping, so spreadsheets
 * read them as numbers); dates dd/mm/yyyy in the parish time zone.
 */

/** Rows fetched per database round trip while streaming. */
export const EXPORT_CHUNK = 1000;

/** One CSV chunk: the rows neutralised and quoted, each line ending in CRLF. */
export function csvChunk(rows: (string | number | boolean | null | undefined)[][]): string {
  if (rows.length === 0) return '';
  return `${Papa.unparse(neutralizeCsvRows(rows), { newline: '\r\n' })}\r\n`;
}

const money = (rupees: number) => formatPaisePlain(rupeesToPaise(rupees));
const paise = (value: unknown) => formatPaisePlain(num(value));

/** The dated file name of a report's CSV, e.g. `daily_collection_report_2026-11-22.csv` (parish day). */
export function reportFileName(ctx: ReportContext, type: ReportExportQuery['type']): string {
  return datedFileName(REPORT_FILE_PREFIX[type], parishCalendar(ctx.now, ctx.timezone).today);
}

/**
 * Every row of a report as CSV chunks, header first.
 * @throws 400 (before the first chunk) on a bad sort column or range, as the report does
 */
export async function reportCsv(ctx: ReportContext, query: ReportExportQuery): Promise<AsyncGenerator<string>> {
  const filters = resolveFilters(query);
  if (filters.type === 'daily') dailyRange(ctx, filters);
  return generate(ctx, filters);
}

async function* generate(ctx: ReportContext, filters: ReportFilters): AsyncGenerator<string> {
  const tz = ctx.timezone;
  const date = (value: string | null) => formatDisplayDate(value, tz);
  switch (filters.type) {
    case 'overview': {
      const r = await runReport(ctx, { type: 'overview', page: 1 });
      if (r.type !== 'overview') return;
      yield csvChunk([
        ['Metric', 'Value'],
        ["Today's Collection", money(r.todaysCollection)],
        ['Total Receivables', money(r.totalReceivables)],
        ['Total Collected', money(r.totalCollected)],
        ['Total Outstanding', money(r.totalOutstanding)],
        ['Collection Rate (%)', r.collectionRate.toFixed(1)],
        ['Payments', r.payments.total],
        ['Paid Payments', r.payments.paid],
        ...r.byMethod.map((m) => [`Collected by ${m.method}`, money(m.amount)]),
      ]);
      return;
    }
    case 'daily': {
      const range = dailyRange(ctx, filters);
      yield csvChunk([['Date', 'Collections', 'Amount', 'By Method']]);
      for (let offset = 0; ; offset += EXPORT_CHUNK) {
        const { items } = await dailyRows(ctx, filters, range, EXPORT_CHUNK, offset);
        yield csvChunk(
          items.map((row) => [
            date(row.day),
            row.count,
            money(row.amount),
            row.byMethod.map((m) => `${m.method}: ${m.count} (${money(m.amount)})`).join('; '),
          ]),
        );
        if (items.length < EXPORT_CHUNK) return;
      }
    }
    case 'member': {
      yield csvChunk([['Name', 'Parish Number', 'Mobile', 'Amount Paid', 'Amount Pending', 'Payment Rate (%)']]);
      for (let offset = 0; ; offset += EXPORT_CHUNK) {
        const items = await memberRows(ctx, filters, EXPORT_CHUNK, offset);
        yield csvChunk(
          items.map((row) => [
            row.name,
            row.parishNumber,
            row.mobile,
            money(row.amountPaid),
            money(row.amountPending),
            row.paymentRate.toFixed(1),
          ]),
        );
        if (items.length < EXPORT_CHUNK) return;
      }
    }
    case 'head': {
      yield csvChunk([
        ['Payment Head', 'Base Amount', 'Type', 'Year', 'Collected', 'Outstanding', 'Collection Rate (%)'],
      ]);
      for (let offset = 0; ; offset += EXPORT_CHUNK) {
        const items = await headRows(ctx, filters, EXPORT_CHUNK, offset);
        yield csvChunk(
          items.map((row) => [
            row.name,
            money(row.amount),
            headTypeLabel(row.type),
            row.year,
            money(row.collected),
            money(row.outstanding),
            row.collectionRate.toFixed(1),
          ]),
        );
        if (items.length < EXPORT_CHUNK) return;
      }
    }
    case 'yearwise': {
      yield csvChunk([
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
      ]);
      const { items } = await yearRows(ctx, filters, 10_000, 0);
      yield csvChunk(
        items.map((row) => [
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
        ]),
      );
      return;
    }
    case 'details': {
      yield csvChunk([
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
      ]);
      let after: Parameters<typeof detailsKeysetPage>[2] = null;
      for (;;) {
        const raw = await detailsKeysetPage(ctx, filters, after, EXPORT_CHUNK);
        const items = raw.map(toPaymentRow);
        yield csvChunk(
          items.map((row) => [
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
          ]),
        );
        const last = raw.at(-1);
        if (raw.length < EXPORT_CHUNK || !last) return;
        after = {
          name: String(last.member_name),
          memberId: String(last.member_id),
          createdAt: new Date(last.created_at as string).toISOString(),
          id: String(last.id),
        };
      }
    }
    case 'direct': {
      yield csvChunk([
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
      ]);
      let after: { paidAt: string; id: string } | null = null;
      for (;;) {
        const raw = await directKeysetPage(ctx, filters, after, EXPORT_CHUNK);
        const items = raw.map(toPaymentRow);
        yield csvChunk(
          items.map((row) => [
            date(row.paidAt),
            row.memberName,
            row.parishNumber,
            row.headName,
            headTypeLabel(row.headType),
            money(row.amount),
            row.paymentMethod,
            row.transactionId,
            row.receiptNumber,
            row.collectedBy?.name ?? '',
          ]),
        );
        const last = items.at(-1);
        if (items.length < EXPORT_CHUNK || !last?.paidAt) return;
        after = { paidAt: last.paidAt, id: last.paymentId };
      }
    }
    case 'member-due': {
      yield csvChunk([['Name', 'Parish Number', 'Mobile', 'Arrears', 'Current Due', 'Miscellaneous', 'Total Pending']]);
      for (let offset = 0; ; offset += EXPORT_CHUNK) {
        const items = await memberDueRows(ctx, filters, EXPORT_CHUNK, offset);
        yield csvChunk(
          items.map((row) => [
            row.name,
            row.parishNumber,
            row.mobile,
            money(row.arrears),
            money(row.current),
            money(row.misc),
            money(row.totalPending),
          ]),
        );
        if (items.length < EXPORT_CHUNK) return;
      }
    }
  }
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
] as const;

type Row = Record<string, unknown>;

async function* keyset(ctx: ReportContext, table: 'members' | 'heads' | 'payments'): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const cursor = after ? sql`WHERE x.id > ${after}::uuid` : sql``;
    let rows: Row[];
    if (table === 'members') {
      rows = await queryRows<Row>(
        ctx.db,
        sql`SELECT x.id, x.name, x.mobile, x.parish_number, x.alternate_contact, x.current_location, x.email, x.address,
                   x.is_active, x.created_at FROM members x ${cursor} ORDER BY x.id LIMIT ${EXPORT_CHUNK}`,
      );
    } else if (table === 'heads') {
      rows = await queryRows<Row>(
        ctx.db,
        sql`SELECT x.id, x.name, x.description, x.amount_paise, x.type, x.year, x.due_date::text AS due_date,
                   x.variable_amount, x.is_active, x.created_at FROM payment_heads x ${cursor} ORDER BY x.id LIMIT ${EXPORT_CHUNK}`,
      );
    } else {
      rows = await queryRows<Row>(
        ctx.db,
        sql`SELECT x.id, x.member_id, m.name AS member_name, m.parish_number, x.payment_head_id, h.name AS head_name,
                   x.amount_paise, x.paid_amount_paise, x.status, x.year, x.due_date::text AS due_date, x.paid_at,
                   x.created_at, x.transaction_id, x.pg_transaction_id, x.payment_method, x.payment_gateway,
                   x.collection_mode, u.name AS collector_name, x.notes, x.receipt_number
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
    amount: paiseToRupees(num(row.amount_paise)),
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
    amount: paiseToRupees(num(row.amount_paise)),
    paidAmount: row.paid_amount_paise === null ? null : paiseToRupees(num(row.paid_amount_paise)),
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
  };
}

/** The dated file name of the full export: `parish_export_2026-11-22.json` / `.csv`. */
export function exportFileName(ctx: ReportContext, format: 'json' | 'csv'): string {
  return datedFileName('parish_export', parishCalendar(ctx.now, ctx.timezone).today, format);
}

/**
 * `GET /api/admin/export?format=json` as chunks of one JSON document
 * `{ exportedAt, members: [...], paymentHeads: [...], payments: [...] }` (money in rupees, as the
 * API answers it), read with keyset pages of 1,000 rows.
 */
export async function* fullExportJson(ctx: ReportContext): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(ctx.now.toISOString())}`;
  const sections = [
    ['members', 'members', memberRecord],
    ['paymentHeads', 'heads', headRecord],
    ['payments', 'payments', paymentRecord],
  ] as const;
  for (const [key, table, record] of sections) {
    yield `,${JSON.stringify(key)}:[`;
    let first = true;
    for await (const rows of keyset(ctx, table)) {
      const text = rows.map((row) => JSON.stringify(record(row))).join(',');
      yield first ? text : `,${text}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

/**
 * `GET /api/admin/export?format=csv` as CSV chunks: one file of three sections (members,
 * payment heads, payments). Each section starts with its own header row whose first cell is
 * `type`; every data row starts with its section's type (`member`, `payment_head`, `payment`),
 * so a spreadsheet filter on the first column separates them. Cells are neutralised.
 */
export async function* fullExportCsv(ctx: ReportContext): AsyncGenerator<string> {
  const tz = ctx.timezone;
  yield csvChunk([[...MEMBER_COLUMNS]]);
  for await (const rows of keyset(ctx, 'members')) {
    yield csvChunk(
      rows
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
        ]),
    );
  }
  yield csvChunk([[...HEAD_COLUMNS]]);
  for await (const rows of keyset(ctx, 'heads')) {
    yield csvChunk(
      rows
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
        ]),
    );
  }
  yield csvChunk([[...PAYMENT_COLUMNS]]);
  for await (const rows of keyset(ctx, 'payments')) {
    yield csvChunk(
      rows.map((row) => {
        const p = paymentRecord(row);
        return [
          'payment',
          p._id,
          p.memberId._id,
          p.memberId.name,
          p.memberId.parishNumber,
          p.paymentHeadId._id,
          p.paymentHeadId.name,
          paise(row.amount_paise),
          row.paid_amount_paise === null ? '' : paise(row.paid_amount_paise),
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
        ];
      }),
    );
  }
}
