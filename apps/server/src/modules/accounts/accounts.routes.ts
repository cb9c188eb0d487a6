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
} from '@parish/shared';

import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';

import { booksOf } from './books.ts';
import { journalCsv } from './journal-csv.ts';
import { getLedgerMapping, setLedgerMapping } from './ledger-mapping.service.ts';
import { receiptsAndPayments } from './receipts-payments.ts';
import { receiptsPaymentsPdf, receiptsPaymentsXlsx } from './receipts-payments-files.ts';
import { tallyXml } from './tally-xml.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The parish's books for its accountant (issue 30 items 1 and 2, decision 0146; `docs/domain.md`,
 * "Accounts export"): the ledger mapping (read by `ACCOUNTS_ROLES`, changed by an admin) and the
 * exports of a range of parish days, `tally.xml` (Tally Prime import) and `journal.csv` (one row per
 * ledger entry), both for `ACCOUNTS_ROLES` (admin, accountant; decision 0145); and the receipts
 * side of the Receipts and Payments account of a financial year (decision 0153), same roles.
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
      return attachment(reply, 'application/xml; charset=utf-8', `tally_${mode}_${from}_${to}.xml`).send(
        tallyXml(books, books.company),
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
}
