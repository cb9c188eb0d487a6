import { Readable } from 'node:stream';

import {
  activitiesExportQuerySchema,
  activitiesQuerySchema,
  activitiesSchema,
  dashboardSchema,
  errorBodySchema,
  exportQuerySchema,
  idParamsSchema,
  reportExportQuerySchema,
  reportRequestSchema,
  reportResponseSchema,
  staffTransactionSchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionStatsSchema,
  wardDuesSchema,
  wardFilterQuerySchema,
  wardReportSchema,
} from '@parish/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';
import type { Download } from '../../lib/table-download.ts';
import { getDashboard } from './dashboard.service.ts';
import { activityExport, listActivities } from './activity-log.ts';
import { fullExport, reportExport } from './report-export.ts';
import { runReport } from './reports.service.ts';
import { wardDues, wardReport } from './ward-report.ts';
import { getTransaction, listTransactions, transactionStats } from './transactions.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * Sends a download's chunks as a streamed attachment of its content type. The stream reads ahead
 * one chunk only (`highWaterMark: 1`; `Readable.from` would otherwise buffer 16), so a slow
 * client holds at most a chunk or two in memory — a chunk of the full export is thousands of rows
 * (`docs/domain.md`, §12 "D3 Streamed export").
 */
function sendDownload(reply: FastifyReply, download: Download) {
  return reply
    .type(download.contentType)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .send(Readable.from(download.chunks, { highWaterMark: 1 }));
}

/**
 * Dashboard, reports, transactions list, audit trail and export (`docs/domain.md`, "§2 Screens",
 * "§3 Data", "§7 API", §2 "Page sizes and timings" and §7 "Shapes the specification leaves open";
 * issue 6). Staff routes admit admin and cashier; the audit trail and the full export are admin
 * only (`docs/domain.md`, §6 "Who may do what"); the ward-wise report and a ward's member-due list
 * also admit the ward leader, for their own ward (decision 0136).
 */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };
  // The collection reports are also the accountant's, read-only (decision 0145).
  const bookReaders = { roles: ['admin', 'cashier', 'accountant'] as const };

  wardReportRoutes(app);
  r.get(
    '/api/admin/dashboard',
    {
      config: staff,
      schema: {
        tags: ['reports'],
        summary:
          'Dashboard figures from the summary tables (docs/domain.md §3 response plus the cards of §2). For a cashier, today/week/month count only their own manual collections. With wardId (a ward, or none), one ward’s members and payments (decision 0136). Money in rupees; days in the parish time zone.',
        querystring: wardFilterQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => getDashboard(request.ctx, request.query),
  );

  r.post(
    '/api/admin/reports',
    {
      config: bookReaders,
      schema: {
        tags: ['reports'],
        summary:
          'One page of a report: overview, daily, member, head, yearwise, details, direct or member-due (25 rows per page; year-wise 10). Aggregated in SQL; money in rupees.',
        body: reportRequestSchema,
        response: { 200: reportResponseSchema, ...errors },
      },
    },
    async (request) => runReport(request.ctx, request.body),
  );

  r.get(
    '/api/admin/reports/export',
    {
      config: bookReaders,
      schema: {
        tags: ['reports'],
        summary:
          'Every row of a report as a dated download (e.g. daily_collection_report_2026-11-22.csv): format csv (UTF-8 with BOM, streamed; cells starting with = + - @ tab or CR are neutralised) or xlsx (text cells stay text).',
        querystring: reportExportQuerySchema,
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => sendDownload(reply, await reportExport(request.ctx, request.query)),
  );

  transactionRoutes(app);

  r.get(
    '/api/admin/activities',
    {
      config: admin,
      schema: {
        tags: ['reports'],
        summary:
          'The audit trail, newest first: limit (default 50, at most 200) entries before the id `before`, filtered by actor, action, memberId, from/to (parish days) and search; each with its actor role and the member, head or staff account it is about.',
        querystring: activitiesQuerySchema,
        response: { 200: activitiesSchema, ...errors },
      },
    },
    async (request) => listActivities(request.ctx, request.query),
  );

  r.get(
    '/api/admin/activities/export',
    {
      config: admin,
      schema: {
        tags: ['reports'],
        summary:
          'The Activity Log as filtered (actor, action, memberId, from, to, search), every entry: format csv (UTF-8 with BOM, neutralised) or xlsx, named activity_log_<date>.',
        querystring: activitiesExportQuerySchema,
        produces: ['text/csv', XLSX_CONTENT_TYPE],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => sendDownload(reply, await activityExport(request.ctx, request.query)),
  );

  r.get(
    '/api/admin/export',
    {
      config: admin,
      schema: {
        tags: ['reports'],
        summary:
          'Download of members, payment heads and payments (format json, csv or xlsx; type all), streamed. The CSV (UTF-8 with BOM) and the workbook are one table of three sections, each with its own header row starting with `type`.',
        querystring: exportQuerySchema,
        produces: ['application/json', 'text/csv', XLSX_CONTENT_TYPE],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => sendDownload(reply, await fullExport(request.ctx, { format: request.query.format })),
  );
}

/**
 * The staff's online transactions (`docs/domain.md`, §7 "Routes"): the list, the statistics and
 * one transaction; admin and cashier.
 */
function transactionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };

  r.get(
    '/api/transactions',
    {
      config: staff,
      schema: {
        tags: ['transactions'],
        summary: 'Online transactions, newest first, filtered by status and gateway (default 50 per page).',
        querystring: transactionListQuerySchema,
        response: { 200: transactionListSchema, ...errors },
      },
    },
    async (request) => listTransactions(request.ctx, request.query),
  );

  r.get(
    '/api/transactions/stats/summary',
    {
      config: staff,
      schema: {
        tags: ['transactions'],
        summary: 'Counts and amounts (rupees) of online transactions per status and per gateway.',
        response: { 200: transactionStatsSchema, ...errors },
      },
    },
    async (request) => transactionStats(request.ctx),
  );

  r.get(
    '/api/transactions/:id',
    {
      config: staff,
      schema: {
        tags: ['transactions'],
        summary: 'One online transaction with its payments. 404 when unknown.',
        params: idParamsSchema,
        response: { 200: staffTransactionSchema, ...errors },
      },
    },
    async (request) => getTransaction(request.ctx, request.params.id),
  );
}

/**
 * The ward-wise report and a ward's member-due list (decisions 0126, 0136): admin, cashier and the
 * ward leader, who gets their own ward's only.
 */
function wardReportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/reports/wards',
    {
      // A ward leader reads their own ward's row (decision 0136).
      config: { roles: ['admin', 'cashier', 'ward_leader', 'accountant'] as const },
      schema: {
        tags: ['reports'],
        summary:
          'Ward-wise report (decision 0126): per ward, then members without a ward — active members, raised, collected, pending (rupees; test money excluded) and collection rate. With wardId (a ward, or none) that row only; a ward leader gets their own ward’s row only, whatever is asked (decision 0136).',
        querystring: wardFilterQuerySchema,
        response: { 200: wardReportSchema, ...errors },
      },
    },
    async (request) => wardReport(request.ctx, request.query),
  );
  r.get(
    '/api/reports/wards/dues',
    {
      config: { roles: ['admin', 'cashier', 'ward_leader', 'accountant'] as const },
      schema: {
        tags: ['reports'],
        summary:
          'Member-due list of one ward (decision 0136): its members who owe, largest total pending first (rupees by due group), at most 500. With wardId a ward or none, absent the parish; a ward leader gets their own ward’s, whatever is asked.',
        querystring: wardFilterQuerySchema,
        response: { 200: wardDuesSchema, ...errors },
      },
    },
    async (request) => wardDues(request.ctx, request.query),
  );
}
