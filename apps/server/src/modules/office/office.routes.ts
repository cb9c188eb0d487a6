import { randomBytes } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  cashierDaysSchema,
  chequeListSchema,
  chequeStatusInputSchema,
  closeDayInputSchema,
  collectDuesInputSchema,
  collectDuesResultSchema,
  correctReceiptInputSchema,
  correctReceiptResultSchema,
  daySheetQuerySchema,
  daySheetSchema,
  errorBodySchema,
  idParamsSchema,
  inactiveMemberDuesSchema,
  receiptSummarySchema,
  reopenDayInputSchema,
  reverseInputSchema,
  reverseReceiptResultSchema,
  successSchema,
  updateUpiSettingsSchema,
  upiSettingsSchema,
} from '@parish/shared';

import { sendHtml } from '../../lib/send-html.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet.ts';
import { listUnclearedCheques, getUpiSettings, markCheque, setUpiSettings } from './cheques.service.ts';
import { collectDues } from './counter.service.ts';
import {
  closeDay,
  daySheetCsv,
  daySheetHtml,
  daySheetXlsx,
  getDaySheet,
  listCashierDays,
  reopenDay,
} from './day-sheet.service.ts';
import { getReceiptSummary, listInactiveMemberDues } from './receipt-summary.service.ts';
import { correctReceipt, reverseReceipt } from './reversal.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};

const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});

/**
 * The parish office day (`docs/domain.md`, "The office day"): several dues under one receipt,
 * a receipt's reversal with a reason, cheques, UPI settings and the cashier's day sheet (a receipt
 * prints from `receipts.routes.ts`). Staff only (admin and cashier) except the admin-only reopen
 * and UPI change. Amounts on the wire are rupees.
 */
export async function officeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const tags = ['collections'];

  r.post(
    '/api/collections',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Collects several pending dues of one member under one receipt, all or nothing. Idempotency-Key: the same ' +
          'key and body answer the first answer again; a different body is 422.',
        headers: idempotencyHeaders,
        body: collectDuesInputSchema,
        response: { 200: collectDuesResultSchema, ...errors },
      },
    },
    async (request) => collectDues(request.ctx, request.body, request.headers['idempotency-key']),
  );

  r.post(
    '/api/receipts/:id/reverse',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Reverses a receipt as a whole with a reason (wrong_member, wrong_amount, cheque_bounced, duplicate, other + ' +
          'note): voided, its dues pending again. A cashier only their own of a day not closed (403).',
        params: idParamsSchema,
        body: reverseInputSchema,
        response: { 200: reverseReceiptResultSchema, ...errors },
      },
    },
    async (request) => reverseReceipt(request.ctx, { ...request.body, receiptId: request.params.id }),
  );

  r.post(
    '/api/receipts/:id/correct',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'Corrects a receipt in one step: voided with a reason (wrong_member, wrong_amount, duplicate, other + note) ' +
          'and the lines in keep (payment ids) re-issued on a new receipt now, same method, reference and collector. ' +
          'The permissions of a reversal.',
        params: idParamsSchema,
        body: correctReceiptInputSchema,
        response: { 200: correctReceiptResultSchema, ...errors },
      },
    },
    async (request) => correctReceipt(request.ctx, { ...request.body, receiptId: request.params.id }),
  );

  r.get(
    '/api/receipts/:id',
    {
      config: staff,
      schema: {
        tags,
        summary:
          'A receipt with its member, method, every line and the total (rupees), as the reversal dialogs show it.',
        params: idParamsSchema,
        response: { 200: receiptSummarySchema, ...errors },
      },
    },
    async (request) => getReceiptSummary(request.ctx, request.params.id),
  );

  r.get(
    '/api/office/inactive-member-dues',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Pending dues of members marked inactive (a reversal of their receipt reopened them), rupees.',
        response: { 200: inactiveMemberDuesSchema, ...errors },
      },
    },
    async (request) => listInactiveMemberDues(request.ctx),
  );

  r.post(
    '/api/receipts/:id/cheque',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Marks a cheque awaiting clearance cleared, or bounced (a reversal with reason cheque_bounced).',
        params: idParamsSchema,
        body: chequeStatusInputSchema,
        response: {
          200: z.union([reverseReceiptResultSchema, successSchema.extend({ message: z.string() })]),
          ...errors,
        },
      },
    },
    async (request) => markCheque(request.ctx, { receiptId: request.params.id, status: request.body.status }),
  );

  r.get(
    '/api/cheques',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Cheques not yet cleared, oldest first, with their age in days.',
        response: { 200: chequeListSchema, ...errors },
      },
    },
    async (request) => listUnclearedCheques(request.ctx),
  );

  await daySheetRoutes(app);
}

/**
 * The day sheet's downloads (staff): `GET /api/day-sheets/csv` (UTF-8 CSV, neutralised cells) and
 * `GET /api/day-sheets/xlsx` (an Excel workbook of the same rows), each with the day sheet's query
 * (`cashierId?`, `day?` yyyy-mm-dd, parish time) and a `day_sheet_<day>` file name.
 */
function daySheetDownloadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const tags = ['collections'];
  const attachment = (reply: FastifyReply, type: string, fileName: string) =>
    reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`);

  r.get(
    '/api/day-sheets/csv',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The day sheet as CSV.',
        querystring: daySheetQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, text } = await daySheetCsv(request.ctx, request.query);
      return attachment(reply, 'text/csv; charset=utf-8', fileName).send(text);
    },
  );

  r.get(
    '/api/day-sheets/xlsx',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The day sheet as an Excel workbook (the rows of the CSV; text cells stay text).',
        querystring: daySheetQuerySchema,
        produces: [XLSX_CONTENT_TYPE],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await daySheetXlsx(request.ctx, request.query);
      return attachment(reply, XLSX_CONTENT_TYPE, fileName).send(bytes);
    },
  );
}

/** The cashier's day sheet, its close and reopen, and the parish UPI ID (see {@link officeRoutes}). */
async function daySheetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };
  const tags = ['collections'];

  r.get(
    '/api/day-sheets',
    {
      config: staff,
      schema: {
        tags,
        summary: 'A cashier’s day sheet (default: the caller, today): receipts, reversals, totals by method, state.',
        querystring: daySheetQuerySchema,
        response: { 200: daySheetSchema, ...errors },
      },
    },
    async (request) => getDaySheet(request.ctx, request.query),
  );

  r.get(
    '/api/day-sheets/days',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Days with office receipts or a close, newest first (admin: every cashier).',
        response: { 200: cashierDaysSchema, ...errors },
      },
    },
    async (request) => listCashierDays(request.ctx),
  );

  daySheetDownloadRoutes(app);

  r.get(
    '/api/day-sheets/print',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The printable day sheet (text/html).',
        querystring: daySheetQuerySchema,
        produces: ['text/html'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      return sendHtml(reply, await daySheetHtml(request.ctx, request.query, nonce), nonce);
    },
  );

  r.post(
    '/api/day-sheets/close',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Closes the caller’s day, with an optional cash count.',
        body: closeDayInputSchema,
        response: { 200: daySheetSchema, ...errors },
      },
    },
    async (request) => closeDay(request.ctx, request.body),
  );

  r.post(
    '/api/day-sheets/reopen',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reopens a cashier’s closed day (admin, audited).',
        body: reopenDayInputSchema,
        response: { 200: daySheetSchema, ...errors },
      },
    },
    async (request) => reopenDay(request.ctx, request.body),
  );

  await upiRoutes(app);
}

/** The parish UPI ID for the counter's QR code (see {@link officeRoutes}). */
async function upiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };
  const tags = ['collections'];

  r.get(
    '/api/office/upi',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The parish UPI ID and payee name for the counter’s QR code.',
        response: { 200: upiSettingsSchema, ...errors },
      },
    },
    async (request) => getUpiSettings(request.ctx),
  );

  r.put(
    '/api/office/upi',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sets the parish UPI ID (admin); empty turns the QR off.',
        body: updateUpiSettingsSchema,
        response: { 200: upiSettingsSchema, ...errors },
      },
    },
    async (request) => setUpiSettings(request.ctx, request.body),
  );
}
