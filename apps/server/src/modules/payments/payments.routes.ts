import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  MSG,
  PAYMENT_CSV_TEMPLATE_FILE,
  assignPaymentsResultSchema,
  assignPaymentsSchema,
  errorBodySchema,
  idParamsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  revokePaymentsResultSchema,
  revokePaymentsSchema,
  uploadCsvPreviewSchema,
  uploadCsvResultSchema,
  uploadCsvSchema,
  concessionInputSchema,
  paymentRecordSchema,
} from '@parish/shared';

import { grantConcession } from './commands/grant-concession.ts';
import { PAYMENT_CSV_TEMPLATE, importDuesMatrix, previewDuesMatrix } from './payments.import.ts';
import { assignPayments } from './commands/assign-dues.ts';
import { revokePayments } from './commands/revoke-dues.ts';
import { getPayment, listPayments } from './payments.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Body limit of the account-head CSV upload: 20 MB of JSON (10,000+ rows × 20+ heads). */
export const UPLOAD_CSV_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Payments (`docs/domain.md`, §7 "Routes" and "Shapes the specification leaves open"): the staff list, tagging
 * (assign and revoke; a cashier or member gets 403 'Access denied. Admin permissions
 * required.', `docs/domain.md`, §5 "Tagging"), the account-head CSV upload and its template. Amounts are rupees on
 * the wire; every write is one transaction (per batch for the CSV) with its audit event.
 */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };
  // The payments list is also the accountant's, read-only (the reports' head tab; decision 0145).
  const bookReaders = { roles: ['admin', 'cashier', 'accountant'] as const };
  const tagging = { roles: ['admin'] as const, forbiddenMessage: MSG.accessDeniedAdmin };

  r.get(
    '/api/payments',
    {
      config: bookReaders,
      schema: {
        tags: ['payments'],
        summary:
          'Payments, one page, member and head populated; filters status, memberId, paymentHeadId, search (member name, mobile, parish number); sortBy member|amount|status|date.',
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema, ...errors },
      },
    },
    async (request) => listPayments(request.ctx, request.query),
  );
  r.get(
    '/api/payments/csv-template',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary: `The account-head CSV template (text/csv attachment ${PAYMENT_CSV_TEMPLATE_FILE}).`,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${PAYMENT_CSV_TEMPLATE_FILE}"`)
        .send(PAYMENT_CSV_TEMPLATE),
  );
  r.get(
    '/api/payments/:id',
    {
      config: staff,
      schema: {
        tags: ['payments'],
        summary: 'One payment with member, head and collector populated.',
        params: idParamsSchema,
        response: { 200: paymentSchema, ...errors },
      },
    },
    async (request) => getPayment(request.ctx, request.params.id),
  );
  r.post(
    '/api/payments/assign',
    {
      config: tagging,
      schema: {
        tags: ['payments'],
        summary:
          'Saves tags of a head in one transaction: creates or re-prices pending payments (custom amount when a number >= 0, else the head amount), never re-tags paid ones; replacePending revokes pending payments of members not selected.',
        body: assignPaymentsSchema,
        response: { 200: assignPaymentsResultSchema, ...errors },
      },
    },
    async (request) => assignPayments(request.ctx, request.body),
  );
  r.post(
    '/api/payments/revoke',
    {
      config: tagging,
      schema: {
        tags: ['payments'],
        summary: 'Cancels tags: removes the head’s pending payments of the given members (paid ones stay).',
        body: revokePaymentsSchema,
        response: { 200: revokePaymentsResultSchema, ...errors },
      },
    },
    async (request) => revokePayments(request.ctx, request.body),
  );
  uploadRoutes(app);
  r.post(
    '/api/payments/:id/concession',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary:
          'Lowers (kind lower, amount in rupees below the due) or waives (kind waive) a pending due, with a reason (widow, hardship, deceased, other + note); 409 when not pending or in an online checkout.',
        params: idParamsSchema,
        body: concessionInputSchema,
        response: { 200: paymentRecordSchema, ...errors },
      },
    },
    async (request) => grantConcession(request.ctx, request.params.id, request.body),
  );
}

/**
 * The account-head CSV routes of {@link paymentsRoutes} (admin): the upload and its dry run
 * (decision 0110). Amounts are rupees in the file; the answers count rows and payments.
 */
function uploadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { roles: ['admin'] as const };
  r.post(
    '/api/payments/upload-csv',
    {
      config: admin,
      bodyLimit: UPLOAD_CSV_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary:
          'Applies the account-head CSV (header ParishNumber, Name, Phone, then one column per head: (arrear), *miscellaneous*, plain current due) in batches of 1,000 rows, each one transaction; members and heads created when missing; reruns create no duplicates; a row whose name or phone differs from the member holding its parish number is applied only when listed in accept.',
        body: uploadCsvSchema,
        response: { 200: uploadCsvResultSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) =>
      importDuesMatrix(request.ctx, {
        csvData: request.body.csvData,
        updatePendingAmounts: request.body.updatePendingAmounts,
        accept: request.body.accept,
      }),
  );
  /**
   * `POST /api/payments/upload-csv/preview` (admin): the dry run of the account-head CSV (decision
   * 0110). Same body as the upload (`accept` and `updatePendingAmounts` ignored); answers the rows to
   * create, to apply, the mismatches and the row errors, and the heads that would be created. Writes
   * nothing. 400 as the upload; 413 above the upload's body limit.
   */
  r.post(
    '/api/payments/upload-csv/preview',
    {
      config: admin,
      bodyLimit: UPLOAD_CSV_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary:
          'Dry run of the account-head CSV: rows to create, rows to apply, mismatches (name or phone differs from the member holding the parish number, applied only when listed in accept) and row errors; writes nothing.',
        body: uploadCsvSchema,
        response: { 200: uploadCsvPreviewSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => previewDuesMatrix(request.ctx, { csvData: request.body.csvData }),
  );
}
