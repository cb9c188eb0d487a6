import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema, idParamsSchema, receiptCheckParamsSchema, receiptCheckSchema } from '@parish/shared';

import { actorOf } from '../../context.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { sendHtml } from '../../lib/send-html.ts';
import { sendPdf } from '../../lib/send-pdf.ts';
import { checkReceipt } from './receipt-check.ts';
import { getReceiptHtml, getReceiptHtmlById, receiptPdfQuery, renderReceiptPdf } from './receipt.service.ts';
import { financialYearParam, renderStatementPdf } from './statement.service.ts';

/** The query of a receipt PDF: checked by `receiptPdfQuery` (400 with a clear message), not by the schema. */
const receiptPdfQuerySchema = z.object({
  layout: z.string().max(20).optional().meta({ description: 'a5 (default) or 80mm' }),
  lang: z.string().max(20).optional().meta({ description: "en, ml, hi or ta; default the member's language" }),
});
/** The query of a yearly statement: `fy` like 2026-27, checked by `financialYearParam`. */
const statementQuerySchema = z.object({ fy: z.string().max(20).optional().meta({ description: 'like 2026-27' }) });
const pdfResponse = z.any().meta({ description: 'application/pdf' });

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * Printing a receipt (`docs/domain.md`, §8 "Receipt content"): by the payment it holds
 * (`GET /api/payments/{id}/receipt`) or by its id (`GET /api/receipts/{id}/print`), as an HTML
 * document with its own strict policy, never cached; as a PDF (`GET /api/receipts/{id}/pdf?layout=a5|80mm&lang=`,
 * decision 0139). A member's yearly statement PDF (`GET /api/customer/statement.pdf?fy=2026-27`, the
 * member's own; `GET /api/members/{id}/statement.pdf?fy=2026-27`, staff; `docs/domain.md`, §8 "Yearly statement"). Staff print any receipt; a member only their
 * own (404 otherwise). `GET /api/receipt-check/{token}` (public) says whether a receipt a check link
 * names is genuine (issue 29 item 7). Reads only: issuing, numbering and voiding receipts are the ledger's
 * (`payments/`).
 */
export async function receiptsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/payments/:id/receipt',
    {
      config: { roles: ['admin', 'cashier', 'customer'] as const },
      schema: {
        tags: ['collections'],
        summary:
          'The printable receipt of a paid payment (text/html; prints 0.5 s after load, closes 1 s after printing). ' +
          'Staff: any payment; a member: only their own (404 otherwise). 404 when not paid.',
        params: idParamsSchema,
        produces: ['text/html'],
        response: { 200: z.string().meta({ description: 'HTML document' }), ...errors },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, await getReceiptHtml(request.ctx, { paymentId: request.params.id, nonce }), nonce);
    },
  );

  r.get(
    '/api/receipts/:id/print',
    {
      config: { roles: ['admin', 'cashier', 'customer'] as const },
      schema: {
        tags: ['collections'],
        summary:
          'The printable receipt by id (text/html), every line and the total; a voided one with VOID. A member: own only.',
        params: idParamsSchema,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, await getReceiptHtmlById(request.ctx, { receiptId: request.params.id, nonce }), nonce);
    },
  );

  r.get(
    '/api/receipt-check/:token',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['collections'],
        summary:
          'A receipt check link (no sign-in; issue 29 item 7): receipt number, day (YYYY-MM-DD, parish time), ' +
          "total in rupees, valid or voided, the member's initials, and whether it was test money. 404 otherwise.",
        params: receiptCheckParamsSchema,
        response: { 200: receiptCheckSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return checkReceipt(request.ctx, request.params.token);
    },
  );
}

/**
 * The receipt PDF and the yearly statement PDF (decision 0139; `docs/domain.md`, §8 "Receipt PDF"
 * and "Yearly statement"): `GET /api/receipts/{id}/pdf` (staff; a member their own),
 * `GET /api/customer/statement.pdf` (the member's own), `GET /api/members/{id}/statement.pdf` (staff).
 */
export async function receiptPdfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/receipts/:id/pdf',
    {
      config: { roles: ['admin', 'cashier', 'customer'] as const },
      schema: {
        tags: ['collections'],
        summary:
          'The receipt as a PDF (application/pdf, A5 or 80 mm roll), everything the printed receipt has; the amount in ' +
          "words in English and in the member's language (ml, hi, ta). 400 for a bad layout or lang; a member: own only (404).",
        params: idParamsSchema,
        querystring: receiptPdfQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const query = receiptPdfQuery(request.query);
      const { pdf, receiptNumber } = await renderReceiptPdf(request.ctx, { receiptId: request.params.id, ...query });
      return sendPdf(reply, pdf, `receipt-${receiptNumber ?? request.params.id}.pdf`);
    },
  );

  r.get(
    '/api/customer/statement.pdf',
    {
      config: { roles: ['customer'] as const },
      schema: {
        tags: ['portal'],
        summary:
          "The signed-in member's yearly statement (application/pdf): dues raised in the financial year, paid with " +
          'receipt numbers, concessions and balance. 400 unless fy is like 2026-27.',
        querystring: statementQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const fy = financialYearParam(request.query.fy);
      const pdf = await renderStatementPdf(request.ctx, { memberId: actorOf(request.ctx).id, fy });
      return sendPdf(reply, pdf, `statement-${request.query.fy}.pdf`);
    },
  );

  r.get(
    '/api/members/:id/statement.pdf',
    {
      config: { roles: ['admin', 'cashier'] as const },
      schema: {
        tags: ['members'],
        summary:
          "A member's yearly statement (application/pdf): dues raised in the financial year, paid with receipt numbers, " +
          'concessions and balance. 400 unless fy is like 2026-27; 404 for an unknown member.',
        params: idParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf'],
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const fy = financialYearParam(request.query.fy);
      const pdf = await renderStatementPdf(request.ctx, { memberId: request.params.id, fy });
      return sendPdf(reply, pdf, `statement-${request.query.fy}.pdf`);
    },
  );
}
