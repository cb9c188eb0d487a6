import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createCustomerOrderInputSchema,
  paymentStatusSchema,
  txnIdParamsSchema,
  verifyResultSchema,
  worldlineCallbackInputSchema,
  worldlineConfigSchema,
  worldlineOrderSchema,
  worldlineVerifyInputSchema,
} from '@parish/shared';

import { callbackQuery, errors, redirectSchema, roles } from '../route-helpers.ts';
import {
  createWorldlineCheckout,
  verifyWorldlinePayment,
  worldlineConfig,
  worldlinePaymentStatus,
  worldlineReturn,
  worldlineS2s,
} from './worldline.service.ts';

const callbackSummary =
  "Worldline's return URL (public): takes the gateway's `msg`, verifies its SHA-512 hash, settles through dual " +
  'verification, then 303-redirects the browser to /payment-callback?txn_id&status&status_code&amount&message' +
  '&transaction_id (no token or hash in the URL).';

/**
 * Worldline routes (gateway B; `docs/domain.md`, "§7 API"): its public settings, the member's
 * order, the return URL (GET and POST), the verify call and the status check. Each translates
 * HTTP to a `worldline.service.ts` call (amounts in rupees at this edge).
 */
export async function worldlineRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/worldline/config',
    {
      config: roles.open,
      schema: {
        tags: ['worldline'],
        summary:
          'Worldline checkout settings (public): availability, mode sandbox|live, merchant code, scripts. Never the salt.',
        response: { 200: worldlineConfigSchema },
      },
    },
    async (request) => worldlineConfig(request.ctx),
  );
  r.post(
    '/api/worldline/create-customer-order',
    {
      config: roles.customer,
      schema: {
        tags: ['worldline'],
        summary:
          "Creates a Worldline order for the signed-in member's own payments (paymentIds and/or paymentHeads). Every " +
          'amount is recomputed from the database (client amount ignored; customAmounts only on variable heads, never ' +
          'below the due amount). 400 arrears first / invalid amount; 404 foreign or unknown payment; 409 paid or held ' +
          'by another checkout. Answers the SHA-512 request token and the checkout configuration.',
        body: createCustomerOrderInputSchema,
        response: { 200: worldlineOrderSchema, ...errors },
      },
    },
    async (request) => createWorldlineCheckout(request.ctx, request.body),
  );
  const callback = { tags: ['worldline'], summary: callbackSummary, response: redirectSchema };
  r.get(
    '/api/worldline/callback',
    { config: roles.open, schema: { ...callback, querystring: worldlineCallbackInputSchema } },
    async (request, reply) => returnToCallbackPage(request, reply, request.query.msg),
  );
  r.post(
    '/api/worldline/callback',
    { config: roles.open, schema: { ...callback, body: worldlineCallbackInputSchema } },
    async (request, reply) => returnToCallbackPage(request, reply, request.body.msg),
  );
  r.get(
    '/api/worldline/s2s',
    {
      config: roles.open,
      schema: {
        tags: ['worldline'],
        summary:
          "Worldline's server-to-server notification (public): GET ?msg= with the 16-field response. The hash is " +
          'verified and the transaction settled through dual verification; answers text/plain ' +
          '`clnt_txn_ref|tpsl_txn_id|1` (or `|0` when the hash does not verify or the transaction is unknown).',
        querystring: worldlineCallbackInputSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const text = await worldlineS2s(request.ctx, { msg: request.query.msg, via: request.routeOptions.url });
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
  r.post(
    '/api/worldline/verify-payment',
    {
      config: roles.open,
      schema: {
        tags: ['worldline'],
        summary:
          'Verifies a Worldline payment (public, idempotent). Nothing in the body is trusted: `msg`, when given, must ' +
          'pass its hash check (400 otherwise); the outcome always comes from the gateway status API (dual ' +
          'verification). Answers {success, message, transactionId, paymentIds, paymentsUpdated}. 404 unknown txnId.',
        body: worldlineVerifyInputSchema,
        response: { 200: verifyResultSchema, ...errors },
      },
    },
    async (request) => {
      const { txnId, msg, statusCode } = request.body;
      return verifyWorldlinePayment(request.ctx, { txnId, msg, statusCode, via: request.routeOptions.url });
    },
  );
  r.get(
    '/api/worldline/payment-status/:txnId',
    {
      config: roles.ownerOrStaff,
      schema: {
        tags: ['worldline'],
        summary:
          'The state of an online transaction by our txnId; a pending one is re-checked with the gateway first. ' +
          'A member sees only their own (404 otherwise); staff any.',
        params: txnIdParamsSchema,
        response: { 200: paymentStatusSchema, ...errors },
      },
    },
    async (request) => worldlinePaymentStatus(request.ctx, request.params),
  );
}

/** Settles the return and 303-redirects the browser to the callback page with its query. */
async function returnToCallbackPage(request: FastifyRequest, reply: FastifyReply, msg: string | undefined) {
  const answer = await worldlineReturn(request.ctx, { msg, via: request.routeOptions.url });
  return reply.redirect(`/payment-callback?${callbackQuery(answer).toString()}`, 303);
}
