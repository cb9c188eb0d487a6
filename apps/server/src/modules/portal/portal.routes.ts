import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  customerPaymentsQuerySchema,
  customerPaymentsSchema,
  customerTransactionsQuerySchema,
  customerTransactionsSchema,
  errorBodySchema,
  memberLanguageSchema,
} from '@parish/shared';

import { getCustomerPayments, getCustomerTransactions, setMemberLanguage } from './portal.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The member portal (`docs/domain.md`, §2 "Customer dashboard" and §7 "Shapes the specification
 * leaves open"): the signed-in member's own payments and online transactions. Customer role only;
 * the member is always the token's, never a request field. Receipts:
 * `GET /api/payments/:id/receipt`.
 */
export async function portalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customer = { roles: ['customer'] as const };

  r.get(
    '/api/customer/payments',
    {
      config: customer,
      schema: {
        tags: ['portal'],
        summary:
          "The signed-in member's own payments (status pending|paid, or all), with the dashboard summary " +
          '{arrears, current, misc, paid} (each {amount in rupees, count}) and arrearsBlocking.',
        querystring: customerPaymentsQuerySchema,
        response: { 200: customerPaymentsSchema, ...errors },
      },
    },
    async (request) => getCustomerPayments(request.ctx, request.query),
  );

  r.get(
    '/api/customer/transactions',
    {
      config: customer,
      schema: {
        tags: ['portal'],
        summary: "The signed-in member's own online transactions, newest first (limit 1-100, default 50).",
        querystring: customerTransactionsQuerySchema,
        response: { 200: customerTransactionsSchema, ...errors },
      },
    },
    async (request) => getCustomerTransactions(request.ctx, { limit: request.query.limit }),
  );
  r.put(
    '/api/customer/language',
    {
      config: customer,
      schema: {
        tags: ['portal'],
        summary:
          "Keeps the signed-in member's language (en, ml, hi or ta) for their next sign-in " +
          '(docs/domain.md, "Member languages").',
        body: memberLanguageSchema,
        response: { 200: memberLanguageSchema, ...errors },
      },
    },
    async (request) => setMemberLanguage(request.ctx, request.body),
  );
}
