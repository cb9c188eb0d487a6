import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  COLLECTION_MSG,
  cashierCollectionsQuerySchema,
  cashierCollectionsSchema,
  collectPaymentInputSchema,
  collectResultSchema,
  errorBodySchema,
  idParamsSchema,
  memberPaymentsSchema,
  reverseInputSchema,
  reverseResultSchema,
} from '@parish/shared';

import { collectPayment, getMemberPayments, listOwnCollections } from './counter.service.ts';
import { officeRoutes } from './office.routes.ts';
import { reversePaymentReceipt } from './reversal.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Collection at the parish office (`docs/domain.md`, "§2 Screens", "§4 Payment rules", "§6 Roles",
 * "§7 API", §5 "Error and outcome messages", §7 "Shapes the specification leaves open" and §4
 * "Effective amount"): collect and reverse a payment, the cashier's own collections, and one
 * member's payments for the Payment Summary dialog (a receipt prints from `receipts.routes.ts`). Amounts on the wire are
 * rupees.
 */
export async function counterRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };

  r.post(
    '/api/payments/:id/collect',
    {
      config: staff,
      schema: {
        tags: ['collections'],
        summary:
          'Collects a pending payment at the office (cash, UPI or cheque). Exactly once: 409 when it is not pending. ' +
          'The amount (rupees) is never below the assigned one, and above it only on a variable-amount head (400).',
        params: idParamsSchema,
        body: collectPaymentInputSchema,
        response: { 200: collectResultSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: COLLECTION_MSG.collected,
      payment: await collectPayment(request.ctx, { ...request.body, paymentId: request.params.id }),
    }),
  );

  r.put(
    '/api/payments/:id/reverse',
    {
      config: staff,
      schema: {
        tags: ['collections'],
        summary:
          'Reverses the receipt holding a paid direct (manual) collection, with a reason: every payment on it back to ' +
          'pending, the receipt voided (kept with its number). Admins reverse any; a cashier only their own of a day ' +
          'not closed (403). Online payments and unpaid ones: 409.',
        params: idParamsSchema,
        body: reverseInputSchema,
        response: { 200: reverseResultSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: COLLECTION_MSG.reversed,
      payment: await reversePaymentReceipt(request.ctx, { ...request.body, paymentId: request.params.id }),
    }),
  );

  r.get(
    '/api/cashier/collections',
    {
      config: staff,
      schema: {
        tags: ['collections'],
        summary:
          'The caller’s own direct collections (paid, manual, collected by the caller), newest first, 20 a page; ' +
          'search, and from/to as inclusive parish-time-zone dates; with the rupee total of every match.',
        querystring: cashierCollectionsQuerySchema,
        response: { 200: cashierCollectionsSchema, ...errors },
      },
    },
    async (request) => listOwnCollections(request.ctx, request.query),
  );

  r.get(
    '/api/collections/members/:id/payments',
    {
      // A ward leader reads their own ward's members' dues (decision 0129).
      config: { roles: ['admin', 'cashier', 'ward_leader'] as const },
      schema: {
        tags: ['collections'],
        summary: 'One member’s payments for the Payment Summary dialog, with paid, pending and total in rupees.',
        params: idParamsSchema,
        response: { 200: memberPaymentsSchema, ...errors },
      },
    },
    async (request) => getMemberPayments(request.ctx, { memberId: request.params.id }),
  );

  await officeRoutes(app);
}
