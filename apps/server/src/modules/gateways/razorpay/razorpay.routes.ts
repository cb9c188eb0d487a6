import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  paymentStatusSchema,
  razorpayConfigSchema,
  razorpayCreateOrderInputSchema,
  razorpayOrderSchema,
  razorpayStatusParamsSchema,
  razorpayVerifyInputSchema,
  verifyResultSchema,
} from '@parish/shared';

import { runInParish } from '../../../db/parish-scope.ts';
import {
  createRazorpayCheckout,
  razorpayConfig,
  razorpayPaymentStatus,
  razorpayReturn,
  razorpayWebhook,
  razorpayWebhookParish,
  verifyRazorpayPayment,
} from './razorpay.service.ts';
import { captureRawBody, rawBodyOf } from '../request-bodies.ts';
import { callbackQuery, errors, redirectSchema, roles } from '../route-helpers.ts';

const razorpayCallbackBody = z.looseObject({
  razorpay_order_id: z.string().max(100).optional(),
  razorpay_payment_id: z.string().max(100).optional(),
  razorpay_signature: z.string().max(256).optional(),
  'error[description]': z.string().max(500).optional(),
  'error[metadata]': z.string().max(2000).optional(),
});

const webhookBody = z.looseObject({
  event: z.string().max(100),
  payload: z.record(z.string(), z.unknown()).optional(),
});

/** A header's value when it was sent once. */
function single(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' ? header : undefined;
}

/**
 * Razorpay routes (gateway A; `docs/domain.md`, "§7 API"): its public settings, the member's
 * order, the verify call and the status check ({@link razorpayNewsRoutes}: the callback URL and
 * the webhook). Each translates
 * HTTP to a `razorpay.service.ts` call (amounts in rupees at this edge, except Razorpay's own
 * order and checkout fields, which are in paise).
 */
export async function razorpayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/razorpay/config',
    {
      config: roles.open,
      schema: {
        tags: ['razorpay'],
        summary:
          'Razorpay checkout settings (public): availability, mode sandbox|live, key id, script. Never a secret.',
        response: { 200: razorpayConfigSchema },
      },
    },
    async (request) => razorpayConfig(request.ctx),
  );
  r.post(
    '/api/razorpay/create-order',
    {
      config: roles.customer,
      schema: {
        tags: ['razorpay'],
        summary:
          "Creates a Razorpay order (amount in paise, receipt = our txnId) for the signed-in member's own payments, " +
          'with the Standard Checkout options. Same rules as Worldline (amounts from the database, arrears first, ' +
          '404 foreign, 409 paid or held). 503 when Razorpay cannot be reached.',
        body: razorpayCreateOrderInputSchema,
        response: { 200: razorpayOrderSchema, ...errors },
      },
    },
    async (request) => createRazorpayCheckout(request.ctx, request.body),
  );
  r.post(
    '/api/razorpay/verify-payment',
    {
      config: roles.customer,
      schema: {
        tags: ['razorpay'],
        summary:
          'Verifies a Razorpay checkout: HMAC-SHA256(stored order id | payment id, key secret) must match (400), then ' +
          "Razorpay's payments API must confirm it captured for the order's amount; settles exactly once. 404 when " +
          "the order is not the member's.",
        body: razorpayVerifyInputSchema,
        response: { 200: verifyResultSchema, ...errors },
      },
    },
    async (request) =>
      verifyRazorpayPayment(request.ctx, {
        orderId: request.body.razorpay_order_id,
        paymentId: request.body.razorpay_payment_id,
        signature: request.body.razorpay_signature,
        via: request.routeOptions.url,
      }),
  );
  r.get(
    '/api/razorpay/payment-status/:id',
    {
      config: roles.ownerOrStaff,
      schema: {
        tags: ['razorpay'],
        summary:
          'The state of a Razorpay transaction by our txnId or the Razorpay order id; a pending one is re-checked ' +
          'with Razorpay first. A member sees only their own (404 otherwise).',
        params: razorpayStatusParamsSchema,
        response: { 200: paymentStatusSchema, ...errors },
      },
    },
    async (request) => razorpayPaymentStatus(request.ctx, request.params),
  );
}

/**
 * Razorpay's own calls (`docs/domain.md`, "§7 API"): the callback URL the browser is sent back to
 * (a form post) and the webhook (its raw body kept for the signature).
 */
export async function razorpayNewsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/razorpay/callback',
    {
      config: roles.open,
      schema: {
        tags: ['razorpay'],
        summary:
          "Razorpay's callback_url (public, form post): on success the three checkout fields (signature checked with " +
          'the stored order id), on failure error[...] fields; settles through dual verification, then 303-redirects ' +
          'to /payment/callback/razorpay?txn_id&status&status_code&amount&message&order_id&payment_id.',
        body: razorpayCallbackBody,
        response: redirectSchema,
      },
    },
    async (request, reply) => {
      const answer = await razorpayReturn(request.ctx, { fields: request.body, via: request.routeOptions.url });
      const params = callbackQuery(answer);
      if (answer.settled) {
        params.set('order_id', answer.orderId);
        if (answer.paymentId) params.set('payment_id', answer.paymentId);
      }
      return reply.redirect(`/payment/callback/razorpay?${params.toString()}`, 303);
    },
  );
  r.post(
    '/api/razorpay/webhook',
    {
      config: roles.open,
      preParsing: captureRawBody,
      schema: {
        tags: ['razorpay'],
        summary:
          'Razorpay webhook (public): its parish is the one whose order (or Razorpay account id) the body names, never ' +
          "the caller's choice; X-Razorpay-Signature must be the HMAC-SHA256 of the RAW body with that parish's webhook " +
          'secret (401 otherwise); deduplicated by x-razorpay-event-id; payment.captured / order.paid / ' +
          'payment.failed settle through the same dual verification. 200 {success, duplicate}.',
        body: webhookBody,
        response: { 200: z.object({ success: z.literal(true), duplicate: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      // The parish from Razorpay's own ids in the body (the order, the account), then everything in it.
      const parishId = await razorpayWebhookParish(request.ctx, request.body);
      const { duplicate } = await runInParish(parishId, () =>
        razorpayWebhook(request.ctx, {
          rawBody: rawBodyOf(request),
          body: request.body,
          signature: single(request.headers['x-razorpay-signature']),
          eventId: single(request.headers['x-razorpay-event-id']),
          via: request.routeOptions.url,
        }),
      );
      return { success: true as const, duplicate };
    },
  );
}
