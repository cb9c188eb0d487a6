import { Readable } from 'node:stream';

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ACCOUNTS_ROLES,
  accountsExportQuerySchema,
  errorBodySchema,
  ledgerMappingInputSchema,
  ledgerMappingSchema,
  receiptsPaymentsQuerySchema,
  receiptsPaymentsSchema,
  settlementFetchResultSchema,
  STATEMENT_MAX_BYTES,
  settlementListSchema,
  settlementsQuerySchema,
  worldlineImportSchema,
} from '@parish/shared';

import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';

import { booksOf } from './books.ts';
import { journalCsv } from './journal-csv.ts';
import { getLedgerMapping, setLedgerMapping } from './ledger-mapping.service.ts';
import { receiptsAndPayments } from './receipts-payments.ts';
import { receiptsPaymentsPdf, receiptsPaymentsXlsx } from './receipts-payments-files.ts';
import { fetchRazorpaySettlementsNow, listSettlements } from './settlements.service.ts';
import { tallyXmlChunks } from './tally-xml.ts';
import { importWorldlineReport } from './worldline-report.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The parish's books for its accountant (issue 30 items 1 and 2, decision 0146; `docs/domain.md`,
 * "Accounts export"): the ledger mapping (read by `ACCOUNTS_ROLES`, changed by an admin) and the
 * exports of a range of parish days, `tally.xml` (Tally Prime import) and `journal.csv` (one row per
 * ledger entry), both for `ACCOUNTS_ROLES` (admin, accountant; decision 0145); and the receipts
 * side of the Receipts and Payments account of a financial year (decision 0153), same roles; and
 * the gateway settlements (issue 30 item 5, decision 0151), same roles: the online payments of a
 * range with their settlement, Razorpay's fetched on demand, Worldline's report imported.
 */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { roles: ACCOUNTS_ROLES };
  const tags = ['accounts'];
  const attachment = (reply: FastifyReply, type: string, fileName: string) =>
    reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`);

  r.get(
    '/api/accounts/ledger-mapping',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The ledger mapping in force, with every payment head of the parish.',
        response: { 200: ledgerMappingSchema, ...errors },
      },
    },
    async (request) => getLedgerMapping(request.ctx),
  );

  r.put(
    '/api/accounts/ledger-mapping',
    {
      config: { roles: ['admin'] as const },
      schema: {
        tags,
        summary: 'Replaces the ledger mapping (audited settings.ledger_mapping_changed).',
        body: ledgerMappingInputSchema,
        response: { 200: ledgerMappingSchema, ...errors },
      },
    },
    async (request) => setLedgerMapping(request.ctx, request.body),
  );

  r.get(
    '/api/accounts/tally.xml',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The receipts of a range of parish days as a Tally Prime XML import (masters, then vouchers).',
        querystring: accountsExportQuerySchema,
        produces: ['application/xml'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, mode } = request.query;
      const books = await booksOf(request.ctx, request.query);
      // Streamed a chunk of vouchers at a time, read ahead by one (`docs/domain.md`, §12 "D5"): a
      // year's XML is never one string in memory.
      return attachment(reply, 'application/xml; charset=utf-8', `tally_${mode}_${from}_${to}.xml`).send(
        Readable.from(tallyXmlChunks(books, books.company), { highWaterMark: 1 }),
      );
    },
  );

  r.get(
    '/api/accounts/journal.csv',
    {
      config: readers,
      schema: {
        tags,
        summary: 'The same entries as a double-entry journal CSV (one row per ledger entry).',
        querystring: accountsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const books = await booksOf(request.ctx, { ...request.query, mode: 'receipt' });
      return attachment(reply, 'text/csv; charset=utf-8', `journal_${from}_${to}.csv`).send(journalCsv(books));
    },
  );

  r.get(
    '/api/accounts/receipts-and-payments',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'The receipts side of the Receipts and Payments account of a financial year (JSON in rupees, A4 PDF or Excel).',
        description:
          'fy like 2026-27 (1 April to 31 March, parish time); format json (default), pdf or xlsx. Opening and closing ' +
          'balances by where the money sits (cash in hand, cheques not yet deposited, bank, with the gateways) and ' +
          'the income per ledger and head, net of voids made in the year. 400 for a bad or not yet begun year.',
        querystring: receiptsPaymentsQuerySchema,
        produces: ['application/json', 'application/pdf', XLSX_CONTENT_TYPE],
        response: { 200: receiptsPaymentsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fy, format } = request.query;
      const full = await receiptsAndPayments(request.ctx, fy);
      const { parishAddress: _address, timeZone: _zone, ...report } = full;
      reply.header('cache-control', 'no-store');
      if (format === 'pdf') {
        return attachment(reply, 'application/pdf', `receipts_and_payments_${report.financialYear}.pdf`).send(
          await receiptsPaymentsPdf(full),
        );
      }
      if (format === 'xlsx') {
        return attachment(reply, XLSX_CONTENT_TYPE, `receipts_and_payments_${report.financialYear}.xlsx`).send(
          await receiptsPaymentsXlsx(full),
        );
      }
      return report;
    },
  );

  settlementRoutes(app);
}

/**
 * The gateway settlements' routes (issue 30 item 5, decision 0151; `docs/domain.md`, "Gateway
 * settlements"), all for `ACCOUNTS_ROLES`: the online payments of a range with their settlement,
 * Razorpay's fetched now, Worldline's report imported; registered by {@link accountsRoutes}.
 */
function settlementRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { roles: ACCOUNTS_ROLES };
  const tags = ['accounts'];

  r.get(
    '/api/accounts/settlements',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'The online payments of a range of parish days with their settlement: gross, fee, GST, net (rupees), ' +
          'settlement UTR and day; unsettled after 3 working days flagged.',
        querystring: settlementsQuerySchema,
        response: { 200: settlementListSchema, ...errors },
      },
    },
    async (request) => listSettlements(request.ctx, request.query),
  );

  r.post(
    '/api/accounts/settlements/fetch',
    {
      config: readers,
      schema: {
        tags,
        summary:
          "Fetches the last 10 days' Razorpay settlements and records the new ones (audited " +
          'gateway.settlements_recorded; the same settlement twice records nothing), then matches bank lines by UTR. ' +
          '503 when Razorpay cannot be reached.',
        response: { 200: settlementFetchResultSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request) => fetchRazorpaySettlementsNow(request.ctx),
  );

  r.post(
    '/api/accounts/settlements/worldline',
    {
      config: readers,
      bodyLimit: Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary:
          "Imports Worldline's settlement report (CSV or .xlsx, base64, with its column mapping); a bad file " +
          'records nothing (400 naming the row); a UTR already recorded is skipped.',
        body: worldlineImportSchema,
        response: { 200: settlementFetchResultSchema, ...errors },
      },
    },
    async (request) => importWorldlineReport(request.ctx, request.body),
  );
}
