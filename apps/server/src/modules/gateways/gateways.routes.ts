import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  ErrorCode,
  GATEWAY_MSG,
  createCustomerOrderInputSchema,
  errorBodySchema,
  formatPaisePlain,
  paiseToRupees,
  paymentStatusSchema,
  razorpayConfigSchema,
  razorpayCreateOrderInputSchema,
  razorpayOrderSchema,
  razorpayStatusParamsSchema,
  razorpayVerifyInputSchema,
  txnIdParamsSchema,
  verifyResultSchema,
  worldlineCallbackInputSchema,
  worldlineConfigSchema,
  worldlineOrderSchema,
  worldlineVerifyInputSchema,
  type PaymentStatusResult,
  type VerifyResult,
} from '@parish/shared';

import { transactions } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { actorOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { selectTransactionRecords } from '../portal/portal.service.ts';
import { createRazorpayOrder } from './gateway-apis.ts';
import { GatewayUnavailableError } from './gateway-client.ts';
import { newTxnId, prepareOrder, recordPendingTransaction, type OrderLine } from './orders.service.ts';
import { verifyRazorpayCheckoutSignature, verifyRazorpayWebhookSignature } from './razorpay/razorpay-signature.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import {
  findTransaction,
  gatewayAuditContext,
  recheckPendingTransactions,
  settleTransaction,
  transactionResult,
} from './settle.ts';
import { verifyWorldlineResponse, worldlineRequestToken } from './worldline/worldline-hash.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** The raw bytes of webhook bodies, kept by the route's preParsing hook (B.4: sign the raw body). */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const redirectSchema = { 303: z.string().meta({ description: 'Redirect to the payment callback page' }) };

function orderPayments(lines: OrderLine[]) {
  return lines.map((line) => ({
    paymentId: line.paymentId,
    paymentHeadId: { _id: line.headId, name: line.headName },
    amount: paiseToRupees(line.amountPaise),
  }));
}

/** The callback page's query for a verify result (section 4, "Callback states"): no secrets. */
function callbackQuery(
  result: VerifyResult | null,
  fallback: { txnId?: string; message: string },
  reference?: string | null,
) {
  const params = new URLSearchParams();
  const txnId = result?.transactionId ?? fallback.txnId;
  if (txnId) params.set('txn_id', txnId);
  if (!result) {
    params.set('status', 'failed');
    params.set('status_code', '0399');
    params.set('message', fallback.message);
    return params;
  }
  const status = result.status === 'success' ? 'success' : result.status === 'pending' ? 'pending' : 'failed';
  const code =
    status === 'success'
      ? '0300'
      : status === 'pending'
        ? '0398'
        : result.statusCode && /^\d{4}$/.test(result.statusCode) && result.statusCode !== '0300'
          ? result.statusCode
          : '0399';
  params.set('status', status);
  params.set('status_code', code);
  params.set('amount', formatPaisePlain(Math.round(result.amount * 100)));
  params.set('message', result.message);
  if (reference) params.set('transaction_id', reference);
  return params;
}

/**
 * Online payment routes: Worldline (gateway B) and Razorpay (gateway A), live or sandbox
 * (`api-contract.md`, "Gateway B", "Gateway A"; specification sections 3, 4, 5, 7, 8), the
 * sandbox gateways, and the background re-check of pending transactions.
 */
export async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { roles: 'public' as const };
  const customer = { roles: ['customer'] as const };
  const ownerOrStaff = { roles: ['admin', 'cashier', 'customer'] as const };

  // Gateways and the sandbox bank pages post HTML forms (the return URL, Razorpay's callback).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  await app.register(sandboxRoutes);

  /** Records a response that failed its hash or signature check (security event; nothing else changes). */
  async function recordRejected(
    request: FastifyRequest,
    gateway: 'worldline' | 'razorpay',
    entityId: string,
    reason: string,
  ) {
    await app.db.transaction(async (tx) => {
      await recordAudit(tx, gatewayAuditContext(gateway, request), {
        action: 'transaction.verification_failed',
        entityType: 'transaction',
        entityId: entityId.slice(0, 100) || null,
        after: { reason, via: request.routeOptions.url },
      });
    });
  }

  async function statusAnswer(
    request: FastifyRequest,
    row: typeof transactions.$inferSelect,
  ): Promise<PaymentStatusResult> {
    const actor = actorOf(request);
    if (actor.type === 'member' && row.memberId !== actor.id) throw notFound(GATEWAY_MSG.transactionNotFound);
    const gateway = row.paymentGateway === 'razorpay' ? 'razorpay' : 'worldline';
    const result =
      row.status === 'pending'
        ? await settleTransaction(app, row.transactionId, { gateway, source: 'status' }, request)
        : await transactionResult(app, row.transactionId);
    const [transaction] = await selectTransactionRecords(app, eq(transactions.id, row.id), 1);
    if (!transaction) throw notFound(GATEWAY_MSG.transactionNotFound);
    return {
      success: result.success,
      status: result.status,
      statusCode: result.statusCode,
      message: result.message,
      transaction,
    };
  }

  // ---------------- Worldline (gateway B) ----------------

  r.get(
    '/api/worldline/config',
    {
      config: open,
      schema: {
        tags: ['worldline'],
        summary:
          'Worldline checkout settings (public): availability, mode sandbox|live, merchant code, scripts. Never the salt.',
        response: { 200: worldlineConfigSchema },
      },
    },
    async () => {
      const wl = app.config.worldline;
      return {
        available: true,
        mode: wl.mode,
        merchantId: wl.merchantId,
        checkoutScriptUrl: wl.checkoutScriptUrl,
        scriptUrls: [...(wl.jqueryScriptUrl ? [wl.jqueryScriptUrl] : []), wl.checkoutScriptUrl],
        currency: 'INR' as const,
      };
    },
  );

  r.post(
    '/api/worldline/create-customer-order',
    {
      config: customer,
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
    async (request) => {
      const actor = actorOf(request);
      const wl = app.config.worldline;
      const { member, lines, totalPaise } = await prepareOrder(app, actor.id, request.body);
      const txnId = newTxnId('WL', app.clock.now());
      await recordPendingTransaction(app, request, {
        gateway: 'worldline',
        txnId,
        gatewayOrderId: null,
        memberId: member.id,
        lines,
        totalPaise,
      });
      const amountText = formatPaisePlain(totalPaise);
      const consumerId = member.parishNumber;
      const consumerMobileNo = member.mobile.slice(-10);
      const consumerEmailId = member.email && !member.email.includes('|') ? member.email : '';
      const token = worldlineRequestToken(
        { merchantId: wl.merchantId, txnId, totalAmount: amountText, consumerId, consumerMobileNo, consumerEmailId },
        wl.salt,
      );
      const base = app.config.publicUrl;
      return {
        txnId,
        token,
        amount: paiseToRupees(totalPaise),
        consumerId,
        consumerMobileNo,
        consumerEmailId,
        mode: wl.mode,
        checkoutScriptUrl: wl.checkoutScriptUrl,
        payments: orderPayments(lines),
        worldlineOrder: {
          tarCall: false,
          features: {
            showPGResponseMsg: true,
            enableAbortResponse: true,
            enableExpressPay: false,
            enableNewWindowFlow: false,
            enableMerTxnDetails: true,
            enableInstrumentDeRegistration: false,
            hideSavedInstruments: false,
            separateCardMode: false,
            payWithSavedInstrument: false,
            enableSI: false,
            siDetailsAtMerchantEnd: false,
            hideSIDetails: true,
            hideSIConfirmation: true,
            expandSIDetails: false,
            enableDebitDay: false,
            showSIResponseMsg: false,
            showSIConfirmation: false,
            enableTxnForNonSICards: false,
            showAllModesWithSI: false,
          },
          consumerData: {
            deviceId: 'WEBSH2' as const,
            token,
            returnUrl: `${base}/api/worldline/callback`,
            redirectOnClose: `${base}/customer/dashboard`,
            paymentMode: 'all',
            merchantLogoUrl: '',
            merchantId: wl.merchantId,
            currency: 'INR' as const,
            consumerId,
            consumerMobileNo,
            consumerEmailId,
            txnId,
            items: [{ itemId: wl.schemeCode, amount: amountText, comAmt: '0' }],
            cartDescription: '',
            customStyle: {
              PRIMARY_COLOR_CODE: '#1971c2',
              SECONDARY_COLOR_CODE: '#FFFFFF',
              BUTTON_COLOR_CODE_1: '#1971c2',
              BUTTON_COLOR_CODE_2: '#FFFFFF',
            },
          },
        },
      };
    },
  );

  async function worldlineCallback(request: FastifyRequest, reply: FastifyReply, msg: string | undefined) {
    const go = (params: URLSearchParams) => reply.redirect(`/payment-callback?${params.toString()}`, 303);
    if (!msg) return go(callbackQuery(null, { message: GATEWAY_MSG.invalidResponse }));
    const fields = verifyWorldlineResponse(msg, app.config.worldline.salt);
    const claimedRef = (msg.split('|')[3] ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
    if (!fields) {
      await recordRejected(request, 'worldline', claimedRef, 'response hash does not verify');
      return go(callbackQuery(null, { txnId: claimedRef, message: GATEWAY_MSG.hashMismatch }));
    }
    try {
      const result = await settleTransaction(
        app,
        fields.clnt_txn_ref,
        { gateway: 'worldline', source: 'callback', msg: fields },
        request,
      );
      const row = await findTransaction(app, fields.clnt_txn_ref);
      return go(callbackQuery(result, { message: result.message }, row?.pgReferenceId ?? fields.tpsl_txn_id));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        return go(callbackQuery(null, { txnId: claimedRef, message: GATEWAY_MSG.transactionNotFound }));
      }
      throw error;
    }
  }

  const callbackSummary =
    "Worldline's return URL (public): takes the gateway's `msg`, verifies its SHA-512 hash, settles through dual " +
    'verification, then 303-redirects the browser to /payment-callback?txn_id&status&status_code&amount&message' +
    '&transaction_id (no token or hash in the URL).';

  r.get(
    '/api/worldline/callback',
    {
      config: open,
      schema: {
        tags: ['worldline'],
        summary: callbackSummary,
        querystring: worldlineCallbackInputSchema,
        response: redirectSchema,
      },
    },
    async (request, reply) => worldlineCallback(request, reply, request.query.msg),
  );

  r.post(
    '/api/worldline/callback',
    {
      config: open,
      schema: {
        tags: ['worldline'],
        summary: callbackSummary,
        body: worldlineCallbackInputSchema,
        response: redirectSchema,
      },
    },
    async (request, reply) => worldlineCallback(request, reply, request.body.msg),
  );

  r.post(
    '/api/worldline/verify-payment',
    {
      config: open,
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
      let fields;
      if (msg) {
        fields = verifyWorldlineResponse(msg, app.config.worldline.salt);
        if (!fields || fields.clnt_txn_ref !== txnId) {
          await recordRejected(
            request,
            'worldline',
            txnId,
            fields ? 'response is for another transaction' : 'response hash does not verify',
          );
          throw badRequest(GATEWAY_MSG.hashMismatch, 'msg');
        }
      }
      return settleTransaction(
        app,
        txnId,
        { gateway: 'worldline', source: 'verify', ...(fields && { msg: fields }), claimedStatusCode: statusCode },
        request,
      );
    },
  );

  r.get(
    '/api/worldline/payment-status/:txnId',
    {
      config: ownerOrStaff,
      schema: {
        tags: ['worldline'],
        summary:
          'The state of an online transaction by our txnId; a pending one is re-checked with the gateway first. ' +
          'A member sees only their own (404 otherwise); staff any.',
        params: txnIdParamsSchema,
        response: { 200: paymentStatusSchema, ...errors },
      },
    },
    async (request) => {
      const row = await findTransaction(app, request.params.txnId);
      if (!row) throw notFound(GATEWAY_MSG.transactionNotFound);
      return statusAnswer(request, row);
    },
  );

  // ---------------- Razorpay (gateway A) ----------------

  r.get(
    '/api/razorpay/config',
    {
      config: open,
      schema: {
        tags: ['razorpay'],
        summary:
          'Razorpay checkout settings (public): availability, mode sandbox|live, key id, script. Never a secret.',
        response: { 200: razorpayConfigSchema },
      },
    },
    async () => ({
      available: true,
      mode: app.config.razorpay.mode,
      keyId: app.config.razorpay.keyId,
      checkoutScriptUrl: app.config.razorpay.checkoutScriptUrl,
      currency: 'INR' as const,
    }),
  );

  r.post(
    '/api/razorpay/create-order',
    {
      config: customer,
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
    async (request) => {
      const actor = actorOf(request);
      const rz = app.config.razorpay;
      const { member, lines, totalPaise } = await prepareOrder(app, actor.id, request.body);
      if (totalPaise < 100) throw badRequest(GATEWAY_MSG.invalidAmount, 'paymentIds');
      const txnId = newTxnId('RP', app.clock.now());
      let order;
      try {
        order = await createRazorpayOrder(app, { amountPaise: totalPaise, receipt: txnId, notes: { txnId } });
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        request.log.warn({ err: error.message }, 'Razorpay order creation failed');
        throw new AppError(ErrorCode.UNAVAILABLE, GATEWAY_MSG.createOrderFailed);
      }
      await recordPendingTransaction(app, request, {
        gateway: 'razorpay',
        txnId,
        gatewayOrderId: order.id,
        memberId: member.id,
        lines,
        totalPaise,
      });
      const settingsName = lines.length === 1 ? (lines[0]?.headName ?? 'Parish dues') : `${lines.length} payments`;
      return {
        txnId,
        amount: paiseToRupees(totalPaise),
        mode: rz.mode,
        checkoutScriptUrl: rz.checkoutScriptUrl,
        order: {
          id: order.id,
          amount: order.amount,
          currency: order.currency,
          receipt: order.receipt ?? txnId,
          status: order.status,
        },
        checkout: {
          key: rz.keyId,
          amount: totalPaise,
          currency: 'INR' as const,
          order_id: order.id,
          name: 'Parish dues',
          description: settingsName,
          prefill: { name: member.name, email: member.email ?? '', contact: member.mobile },
          notes: { txnId },
          callback_url: `${app.config.publicUrl}/api/razorpay/callback`,
          redirect: true,
        },
        payments: orderPayments(lines),
      };
    },
  );

  async function transactionByOrderId(orderId: string) {
    const [row] = await app.db.select().from(transactions).where(eq(transactions.gatewayOrderId, orderId));
    return row ?? null;
  }

  r.post(
    '/api/razorpay/verify-payment',
    {
      config: customer,
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
    async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      const row = await transactionByOrderId(body.razorpay_order_id);
      if (!row || row.memberId !== actor.id) throw notFound(GATEWAY_MSG.transactionNotFound);
      const storedOrderId = row.gatewayOrderId ?? '';
      if (
        !verifyRazorpayCheckoutSignature(
          storedOrderId,
          body.razorpay_payment_id,
          body.razorpay_signature,
          app.config.razorpay.keySecret,
        )
      ) {
        await recordRejected(request, 'razorpay', row.transactionId, 'checkout signature does not verify');
        throw badRequest(GATEWAY_MSG.hashMismatch, 'razorpay_signature');
      }
      return settleTransaction(
        app,
        row.transactionId,
        { gateway: 'razorpay', source: 'verify', paymentId: body.razorpay_payment_id },
        request,
      );
    },
  );

  const razorpayCallbackBody = z.looseObject({
    razorpay_order_id: z.string().max(100).optional(),
    razorpay_payment_id: z.string().max(100).optional(),
    razorpay_signature: z.string().max(256).optional(),
    'error[description]': z.string().max(500).optional(),
    'error[metadata]': z.string().max(2000).optional(),
  });

  r.post(
    '/api/razorpay/callback',
    {
      config: open,
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
      const body = request.body;
      const go = (params: URLSearchParams) => reply.redirect(`/payment/callback/razorpay?${params.toString()}`, 303);
      let orderId = body.razorpay_order_id;
      let failedPaymentId: string | undefined;
      if (!orderId && body['error[metadata]']) {
        try {
          const meta = JSON.parse(body['error[metadata]']) as { order_id?: unknown; payment_id?: unknown };
          if (typeof meta.order_id === 'string') orderId = meta.order_id;
          if (typeof meta.payment_id === 'string') failedPaymentId = meta.payment_id;
        } catch {
          /* not JSON: treated as no order */
        }
      }
      const row = orderId ? await transactionByOrderId(orderId) : null;
      if (!row) return go(callbackQuery(null, { message: GATEWAY_MSG.transactionNotFound }));
      let result: VerifyResult;
      if (body.razorpay_payment_id && body.razorpay_signature) {
        const ok = verifyRazorpayCheckoutSignature(
          row.gatewayOrderId ?? '',
          body.razorpay_payment_id,
          body.razorpay_signature,
          app.config.razorpay.keySecret,
        );
        if (!ok) {
          await recordRejected(request, 'razorpay', row.transactionId, 'checkout signature does not verify');
          return go(callbackQuery(null, { txnId: row.transactionId, message: GATEWAY_MSG.hashMismatch }));
        }
        result = await settleTransaction(
          app,
          row.transactionId,
          { gateway: 'razorpay', source: 'callback', paymentId: body.razorpay_payment_id },
          request,
        );
      } else {
        const claimed =
          body['error[description]'] === GATEWAY_MSG.cancelledByUser
            ? GATEWAY_MSG.cancelledByUser
            : GATEWAY_MSG.paymentFailed;
        result = await settleTransaction(
          app,
          row.transactionId,
          {
            gateway: 'razorpay',
            source: 'callback',
            ...(failedPaymentId && { paymentId: failedPaymentId }),
            claimedFailure: claimed,
          },
          request,
        );
      }
      const fresh = await findTransaction(app, row.transactionId);
      const params = callbackQuery(result, { message: result.message }, fresh?.pgReferenceId);
      params.set('order_id', row.gatewayOrderId ?? '');
      if (fresh?.pgReferenceId) params.set('payment_id', fresh.pgReferenceId);
      return go(params);
    },
  );

  r.get(
    '/api/razorpay/payment-status/:id',
    {
      config: ownerOrStaff,
      schema: {
        tags: ['razorpay'],
        summary:
          'The state of a Razorpay transaction by our txnId or the Razorpay order id; a pending one is re-checked ' +
          'with Razorpay first. A member sees only their own (404 otherwise).',
        params: razorpayStatusParamsSchema,
        response: { 200: paymentStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [row] = await app.db
        .select()
        .from(transactions)
        .where(or(eq(transactions.transactionId, id), eq(transactions.gatewayOrderId, id)));
      if (!row || row.paymentGateway !== 'razorpay') throw notFound(GATEWAY_MSG.transactionNotFound);
      return statusAnswer(request, row);
    },
  );

  const webhookBody = z.looseObject({
    event: z.string().max(100),
    payload: z.record(z.string(), z.unknown()).optional(),
  });
  const webhookEntity = z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullish() }) });

  r.post(
    '/api/razorpay/webhook',
    {
      config: open,
      preParsing: async (request, _reply, payload) => {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of payload) {
          const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
          size += buffer.length;
          if (size > 1_048_576) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large');
          chunks.push(buffer);
        }
        const raw = Buffer.concat(chunks);
        rawBodies.set(request, raw);
        return Readable.from([raw]);
      },
      schema: {
        tags: ['razorpay'],
        summary:
          'Razorpay webhook (public): X-Razorpay-Signature must be the HMAC-SHA256 of the RAW body with the webhook ' +
          'secret (401 otherwise); deduplicated by x-razorpay-event-id; payment.captured / order.paid / ' +
          'payment.failed settle through the same dual verification. 200 {success, duplicate}.',
        body: webhookBody,
        response: { 200: z.object({ success: z.literal(true), duplicate: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (
        typeof signature !== 'string' ||
        !verifyRazorpayWebhookSignature(raw, signature, app.config.razorpay.webhookSecret)
      ) {
        await recordRejected(request, 'razorpay', '', 'webhook signature does not verify');
        throw new AppError(ErrorCode.UNAUTHORIZED, 'Invalid webhook signature');
      }
      const header = request.headers['x-razorpay-event-id'];
      const eventId =
        typeof header === 'string' && header ? header.slice(0, 200) : createHash('sha256').update(raw).digest('hex');
      const inserted = await app.db.execute(sqlInsertEvent(eventId, request.body));
      const rows = (inserted as unknown as { rows: unknown[] }).rows;
      if (rows.length === 0) return { success: true as const, duplicate: true };
      try {
        const event = request.body.event;
        const payment = webhookEntity.safeParse(request.body.payload?.['payment']);
        const order = webhookEntity.safeParse(request.body.payload?.['order']);
        const orderId =
          (payment.success ? payment.data.entity.order_id : null) ?? (order.success ? order.data.entity.id : null);
        if (['payment.captured', 'order.paid', 'payment.failed', 'payment.authorized'].includes(event) && orderId) {
          const row = await transactionByOrderId(orderId);
          if (row && row.status !== 'success') {
            await settleTransaction(
              app,
              row.transactionId,
              { gateway: 'razorpay', source: 'webhook', ...(payment.success && { paymentId: payment.data.entity.id }) },
              request,
            );
          }
        }
      } catch (error) {
        // Let Razorpay retry this event: forget it, then fail.
        await app.db.execute(sqlDeleteEvent(eventId));
        throw error;
      }
      return { success: true as const, duplicate: false };
    },
  );

  // ---------------- Background re-check ----------------
  const seconds = app.config.gatewayRecheckSeconds;
  if (seconds > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        recheckPendingTransactions(app)
          .catch((error: unknown) => app.log.error({ err: error }, 'gateway re-check failed'))
          .finally(() => {
            running = false;
          });
      }, seconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
}

/** Records a webhook event once: no row back means it was delivered before (B.4 dedupe). */
function sqlInsertEvent(eventId: string, payload: unknown) {
  return sql`insert into gateway_events (provider, event_id, payload)
             values ('razorpay', ${eventId}, ${JSON.stringify(payload)}::jsonb)
             on conflict (provider, event_id) do nothing returning event_id`;
}

/** Forgets an event whose processing failed, so Razorpay's retry is processed. */
function sqlDeleteEvent(eventId: string) {
  return sql`delete from gateway_events where provider = 'razorpay' and event_id = ${eventId}`;
}
