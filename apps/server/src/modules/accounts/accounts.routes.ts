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
} from '@parish/shared';

import { booksOf } from './books.ts';
import { journalCsv } from './journal-csv.ts';
import { getLedgerMapping, setLedgerMapping } from './ledger-mapping.service.ts';
import { tallyXmlChunks } from './tally-xml.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The parish's books for its accountant (issue 30 items 1 and 2, decision 0146; `docs/domain.md`,
 * "Accounts export"): the ledger mapping (read by `ACCOUNTS_ROLES`, changed by an admin) and the
 * exports of a range of parish days, `tally.xml` (Tally Prime import) and `journal.csv` (one row per
 * ledger entry), both for `ACCOUNTS_ROLES` (admin, accountant; decision 0145).
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
}
