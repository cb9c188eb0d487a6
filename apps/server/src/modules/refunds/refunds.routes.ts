import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  applyRefundInputSchema,
  errorBodySchema,
  idParamsSchema,
  markRefundedInputSchema,
  refundActionResultSchema,
  refundListQuerySchema,
  refundListSchema,
  refundSummarySchema,
  voidTestPaymentsResultSchema,
} from '@parish/shared';

import { applyRefund, listRefunds, markRefunded, refundSummary, voidTestPayments } from './refunds.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The refunds and exceptions queue (`docs/domain.md`, §4 "Refunds and exceptions"; §7 API): staff
 * read it (the cashier read-only), the admin acts. And the admin's "void all test payments"
 * (§10 "Payment mode"). Each handler is one service call; amounts in rupees at this edge.
 */
export async function refundsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/refunds',
    {
      config: { roles: ['admin', 'cashier'] },
      schema: {
        tags: ['refunds'],
        summary: 'The refunds and exceptions queue (admin; cashier read-only): open entries by default, newest first.',
        querystring: refundListQuerySchema,
        response: { 200: refundListSchema, ...errors },
      },
    },
    async (request) => listRefunds(request.ctx, request.query),
  );
  r.get(
    '/api/admin/refunds/summary',
    {
      config: { roles: ['admin', 'cashier'] },
      schema: {
        tags: ['refunds'],
        summary: 'Refunds pending: the number of open entries and the rupees still to refund or apply.',
        response: { 200: refundSummarySchema, ...errors },
      },
    },
    async (request) => refundSummary(request.ctx),
  );
  r.post(
    '/api/admin/refunds/:id/refunded',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['refunds'],
        summary:
          "Refunded (admin): records a refund made in the gateway's own dashboard (reference, date, note). " +
          'No refund API is called. 409 when the entry is already closed.',
        params: idParamsSchema,
        body: markRefundedInputSchema,
        response: { 200: refundActionResultSchema, ...errors },
      },
    },
    async (request) => markRefunded(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/api/admin/refunds/:id/apply',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['refunds'],
        summary:
          'Apply to another due of this member (admin): a collection with its own receipt, only when the money ' +
          'still in the entry covers the due; the rest stays in the queue.',
        params: idParamsSchema,
        body: applyRefundInputSchema,
        response: { 200: refundActionResultSchema, ...errors },
      },
    },
    async (request) => applyRefund(request.ctx, request.params.id, request.body),
  );
  r.post(
    '/api/admin/test-payments/void',
    {
      config: { roles: ['admin'] },
      schema: {
        tags: ['refunds'],
        summary:
          'Void all test payments (admin, before going live): every payment paid by a sandbox checkout becomes ' +
          'pending again and its receipt is voided; audited.',
        response: { 200: voidTestPaymentsResultSchema, ...errors },
      },
    },
    async (request) => voidTestPayments(request.ctx),
  );
}
