import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorBodySchema, idParamsSchema, receiptCheckParamsSchema, receiptCheckSchema } from '@parish/shared';

import { errorAnswers } from '../../lib/route-options.ts';
import { sendHtml } from '../../lib/send-html.ts';
import { checkReceipt } from './receipt-check.ts';
import { getReceiptHtml, getReceiptHtmlById } from './receipt.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * Printing a receipt (`docs/domain.md`, §8 "Receipt content"): by the payment it holds
 * (`GET /api/payments/{id}/receipt`) or by its id (`GET /api/receipts/{id}/print`), as an HTML
 * document with its own strict policy, never cached. Staff print any receipt; a member only their
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
