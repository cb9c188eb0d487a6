import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import {
  errorBodySchema,
  idParamsSchema,
  paymentHeadBulkResultSchema,
  paymentHeadBulkSchema,
  paymentHeadInputSchema,
  paymentHeadListQuerySchema,
  paymentHeadListSchema,
  paymentHeadSchema,
  paymentHeadStatsSchema,
  paymentHeadUpdateSchema,
  paymentHeadWithStatsSchema,
  successSchema,
} from '@parish/shared';

import { yearEndRoutes } from './year-end.routes.ts';
import {
  bulkCreatePaymentHeads,
  createPaymentHead,
  deletePaymentHead,
  getPaymentHead,
  getPaymentHeadStats,
  listPaymentHeads,
  updatePaymentHead,
} from './payment-heads.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Payment heads (account heads, particulars; `docs/domain.md`, §7 "Routes" and "Shapes the
 * specification leaves open"): staff read, admins write. Amounts are rupees on the wire, paise in
 * the database; every write is one transaction with its audit event.
 */
export async function paymentHeadsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { roles: ['admin', 'cashier'] as const };
  const admin = { roles: ['admin'] as const };

  r.get(
    '/api/payment-heads',
    {
      config: staff,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Every payment head, year ascending then name, each with stats {assigned, paid, pending, collected, outstanding} (rupees); search matches name or description.',
        querystring: paymentHeadListQuerySchema,
        response: { 200: paymentHeadListSchema, ...errors },
      },
    },
    async (request) => listPaymentHeads(request.ctx, request.query),
  );
  await yearEndRoutes(app);
  r.get(
    '/api/payment-heads/:id',
    {
      config: staff,
      schema: {
        tags: ['payment-heads'],
        summary: 'One payment head with its stats; 404 when unknown.',
        params: idParamsSchema,
        response: { 200: paymentHeadWithStatsSchema, ...errors },
      },
    },
    async (request) => getPaymentHead(request.ctx, request.params.id),
  );
  r.get(
    '/api/payment-heads/:id/stats',
    {
      config: staff,
      schema: {
        tags: ['payment-heads'],
        summary: 'A head’s figures: counts assigned/paid/pending, collected and outstanding in rupees.',
        params: idParamsSchema,
        response: { 200: paymentHeadStatsSchema, ...errors },
      },
    },
    async (request) => getPaymentHeadStats(request.ctx, request.params.id),
  );
  r.post(
    '/api/payment-heads',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Creates a head: name and amount required (rupees, above 0), type canonical or legacy, year 2020-2030 (default this year), due date only for current due / miscellaneous (default 31 March of the financial year).',
        body: paymentHeadInputSchema,
        response: { 201: paymentHeadSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createPaymentHead(request.ctx, request.body)),
  );
  r.put(
    '/api/payment-heads/:id',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Replaces a head’s editable fields; the amount is immutable (400 when a different one is sent); type arrear clears the due date.',
        params: idParamsSchema,
        body: paymentHeadUpdateSchema,
        response: { 200: paymentHeadSchema, ...errors },
      },
    },
    async (request) => updatePaymentHead(request.ctx, request.params.id, request.body),
  );
  r.delete(
    '/api/payment-heads/:id',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary: 'Deletes a head and its pending payments; 409 while any of its payments is paid.',
        params: idParamsSchema,
        response: { 200: successSchema, ...errors },
      },
    },
    async (request) => {
      await deletePaymentHead(request.ctx, request.params.id);
      return { success: true as const };
    },
  );
  r.post(
    '/api/payment-heads/bulk',
    {
      config: admin,
      schema: {
        tags: ['payment-heads'],
        summary:
          'Creates heads from a list; each row is checked like the form, valid rows are created, invalid rows reported as {row, message}.',
        body: paymentHeadBulkSchema,
        response: { 200: paymentHeadBulkResultSchema, ...errors },
      },
    },
    async (request) => bulkCreatePaymentHeads(request.ctx, request.body),
  );
}
