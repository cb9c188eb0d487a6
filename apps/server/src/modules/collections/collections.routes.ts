import { randomBytes } from 'node:crypto';

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  COLLECTION_MSG,
  cashierCollectionsQuerySchema,
  cashierCollectionsSchema,
  collectPaymentInputSchema,
  collectResultSchema,
  errorBodySchema,
  idParamsSchema,
  memberPaymentsSchema,
  reverseResultSchema,
} from '@parish/shared';

import { collectPayment, getMemberPayments, listOwnCollections, reverseCollection } from './collections.service.ts';
import { getReceiptHtml } from './receipt.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** The Content-Security-Policy of a receipt: only its own nonce'd script and style run. */
function receiptCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data: https:",
    // The second language's script font (`GET /api/fonts/:file`).
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * Collection at the parish office (`docs/domain.md`, "§2 Screens", "§4 Payment rules", "§6 Roles",
 * "§7 API", §5 "Error and outcome messages", §7 "Shapes the specification leaves open" and §4
 * "Effective amount"): collect and reverse a payment, its printable receipt, the cashier's own
 * collections, and one member's payments for the Payment Summary dialog. Amounts on the wire are
 * rupees.
 */
export async function collectionsRoutes(app: FastifyInstance): Promise<void> {
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
          'Reverses a paid direct (manual) collection back to pending, clearing its details (kept in the audit trail). ' +
          'Admins reverse any; a cashier only their own (403). Online payments and unpaid ones: 409.',
        params: idParamsSchema,
        response: { 200: reverseResultSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: COLLECTION_MSG.reversed,
      payment: await reverseCollection(request.ctx, { paymentId: request.params.id }),
    }),
  );

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
      return sendReceipt(reply, nonce, await getReceiptHtml(request.ctx, { paymentId: request.params.id, nonce }));
    },
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
      config: staff,
      schema: {
        tags: ['collections'],
        summary: 'One member’s payments for the Payment Summary dialog, with paid, pending and total in rupees.',
        params: idParamsSchema,
        response: { 200: memberPaymentsSchema, ...errors },
      },
    },
    async (request) => getMemberPayments(request.ctx, { memberId: request.params.id }),
  );
}

/**
 * Sends a printable receipt: HTML, never cached, under its nonce'd Content-Security-Policy. Also
 * used by the signed receipt links (`modules/whatsapp-links`).
 */
export function sendReceipt(reply: FastifyReply, nonce: string, html: string): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', receiptCsp(nonce))
    .header('x-content-type-options', 'nosniff')
    .send(html);
}
