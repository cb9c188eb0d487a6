import { z } from 'zod';

import type { AppDeps } from '../../../context.ts';
import { razorpayAuthHeader } from '../razorpay/razorpay-api.ts';
import { hexEquals } from '../razorpay/razorpay-signature.ts';
import { markOrderPaid, razorpayLikeId, sandboxStoreOf, type SandboxRazorpayOrder } from './sandbox-store.ts';

/**
 * The sandbox gateways' server APIs, as plain handlers: Worldline's status API (`paynimoV2.req`)
 * and the Razorpay REST subset the server uses (`/v1/orders`, `/v1/orders/:id`,
 * `/v1/orders/:id/payments`, `/v1/payments/:id`, `/v1/payments/:id/capture`, HTTP Basic auth with
 * the sandbox key). The
 * sandbox plugin serves them over HTTP and the sandbox transport calls them in-process. Each
 * answers 404 while its gateway is live. Amounts in paise, as Razorpay's.
 */

/** What the sandbox handlers use: the configuration (each gateway's mode and keys) and the clock. */
export type SandboxDeps = Pick<AppDeps, 'config' | 'clock'>;

/** An HTTP answer of a sandbox API: status and JSON body. */
export interface SandboxAnswer {
  status: number;
  body: unknown;
}

/** The body of the Worldline status API request. */
export const worldlineStatusQuery = z.object({
  merchant: z.object({ identifier: z.string() }),
  transaction: z.object({
    requestType: z.string(),
    token: z.string().optional(),
    identifier: z.string().optional(),
    dateTime: z.string().optional(),
  }),
});

/**
 * Worldline's status API: dual verification (`requestType: "S"`, by tpsl_txn_id in `token`) or
 * offline verification (`"O"`, by our txnId in `identifier`), answering paynimoV2.req's shape;
 * status 9999 'Transaction Not Found' when unknown or for another merchant code.
 */
export function worldlineStatusApi(deps: SandboxDeps, query: z.infer<typeof worldlineStatusQuery>): SandboxAnswer {
  if (deps.config.worldline.mode !== 'sandbox') {
    return { status: 404, body: { success: false, error: 'Not found', code: 'NOT_FOUND' } };
  }
  const store = sandboxStoreOf(deps);
  const { merchant, transaction } = query;
  const found =
    merchant.identifier !== deps.config.worldline.merchantId
      ? undefined
      : transaction.requestType === 'S' && transaction.token
        ? store.worldline.get(transaction.token)
        : transaction.requestType === 'O' && transaction.identifier
          ? store.worldlineByTxnId(transaction.identifier)
          : undefined;
  const paymentTransaction = found
    ? {
        amount: found.amount,
        balanceAmount: 'NA',
        bankReferenceIdentifier: found.tpslTxnId,
        dateTime: found.dateTime,
        errorMessage: found.errorMessage,
        identifier: found.tpslTxnId,
        statusCode: found.statusCode,
        statusMessage: found.statusMessage,
      }
    : {
        amount: '',
        identifier: '',
        statusCode: '9999',
        statusMessage: 'F',
        errorMessage: 'Transaction Not Found',
        dateTime: transaction.dateTime ?? '',
      };
  const body = {
    merchantCode: merchant.identifier,
    merchantTransactionIdentifier: found?.txnId ?? transaction.identifier ?? '',
    merchantTransactionRequestType: transaction.requestType,
    responseType: 'web',
    transactionState: null,
    paymentMethod: { token: found?.tpslTxnId ?? '', paymentTransaction },
  };
  return { status: 200, body };
}

/** Razorpay's error body. */
export function razorpayError(description: string): { error: { code: string; description: string } } {
  return { error: { code: 'BAD_REQUEST_ERROR', description } };
}

/** 404 while Razorpay is live, 401 without the sandbox key's Basic auth; null when the call may go on. */
export function razorpayRefusal(deps: SandboxDeps, authorization: string | undefined): SandboxAnswer | null {
  const settings = deps.config.razorpay;
  if (settings.mode !== 'sandbox') return { status: 404, body: razorpayError('Not found') };
  const expected = razorpayAuthHeader(settings.keyId, settings.keySecret);
  if (authorization === undefined || !hexEquals(authorization, expected)) {
    return { status: 401, body: razorpayError('Authentication failed') };
  }
  return null;
}

/** The body of a Razorpay order creation (amount in paise). */
export const razorpayOrderInput = z.object({
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().max(40),
  notes: z.record(z.string(), z.string()).optional(),
});

/** `POST /v1/orders`: creates an order of at least 100 paise (400 'The amount must be at least INR 1.00'). */
export function razorpayCreateOrderApi(
  deps: SandboxDeps,
  authorization: string | undefined,
  input: z.infer<typeof razorpayOrderInput>,
): SandboxAnswer {
  const refused = razorpayRefusal(deps, authorization);
  if (refused) return refused;
  if (input.amount < 100) return { status: 400, body: razorpayError('The amount must be at least INR 1.00') };
  const order: SandboxRazorpayOrder = {
    id: razorpayLikeId('order'),
    entity: 'order',
    amount: input.amount,
    amount_paid: 0,
    amount_due: input.amount,
    currency: input.currency,
    receipt: input.receipt,
    status: 'created',
    attempts: 0,
    notes: input.notes ?? {},
    created_at: Math.floor(deps.clock.now().getTime() / 1000),
  };
  sandboxStoreOf(deps).orders.set(order.id, order);
  return { status: 200, body: order };
}

/** An entity of the store as Razorpay answers it (a copy), or 400 'The id provided does not exist'. */
function razorpayEntity(entity: object | undefined): SandboxAnswer {
  if (!entity) return { status: 400, body: razorpayError('The id provided does not exist') };
  return { status: 200, body: { ...entity } };
}

/** `GET /v1/orders/:id`: the order (400 'The id provided does not exist' when unknown). */
export function razorpayOrderApi(deps: SandboxDeps, authorization: string | undefined, id: string): SandboxAnswer {
  return razorpayRefusal(deps, authorization) ?? razorpayEntity(sandboxStoreOf(deps).orders.get(id));
}

/** `GET /v1/orders/:id/payments`: the order's payments as a collection (400 when the order is unknown). */
export function razorpayOrderPaymentsApi(
  deps: SandboxDeps,
  authorization: string | undefined,
  id: string,
): SandboxAnswer {
  const refused = razorpayRefusal(deps, authorization);
  if (refused) return refused;
  const store = sandboxStoreOf(deps);
  if (!store.orders.has(id)) return { status: 400, body: razorpayError('The id provided does not exist') };
  const items = [...store.payments.values()].filter((p) => p.order_id === id);
  return { status: 200, body: { entity: 'collection', count: items.length, items } };
}

/** `GET /v1/payments/:id`: the payment (400 'The id provided does not exist' when unknown). */
export function razorpayPaymentApi(deps: SandboxDeps, authorization: string | undefined, id: string): SandboxAnswer {
  return razorpayRefusal(deps, authorization) ?? razorpayEntity(sandboxStoreOf(deps).payments.get(id));
}

/** The body of a Razorpay capture (amount in paise). */
export const razorpayCaptureInput = z.object({ amount: z.number().int(), currency: z.string() });

/**
 * `POST /v1/payments/:id/capture` (Razorpay's "Capture a Payment"): an `authorized` payment
 * becomes `captured` and its order paid; answers the payment. Refused as Razorpay refuses, with
 * 400 `BAD_REQUEST_ERROR`: unknown id; 'This payment has already been captured'; any other status
 * 'Only payments which have been authorized and not yet captured can be captured'; an amount or
 * currency other than the authorized one 'Capture amount must be equal to the amount authorized'.
 */
export function razorpayCaptureApi(
  deps: SandboxDeps,
  authorization: string | undefined,
  id: string,
  input: z.infer<typeof razorpayCaptureInput>,
): SandboxAnswer {
  const refused = razorpayRefusal(deps, authorization);
  if (refused) return refused;
  const store = sandboxStoreOf(deps);
  const payment = store.payments.get(id);
  if (!payment) return { status: 400, body: razorpayError('The id provided does not exist') };
  if (payment.status === 'captured') {
    return { status: 400, body: razorpayError('This payment has already been captured') };
  }
  if (payment.status !== 'authorized') {
    return {
      status: 400,
      body: razorpayError('Only payments which have been authorized and not yet captured can be captured'),
    };
  }
  if (input.amount !== payment.amount || input.currency !== payment.currency) {
    return { status: 400, body: razorpayError('Capture amount must be equal to the amount authorized') };
  }
  payment.status = 'captured';
  payment.captured = true;
  const order = store.orders.get(payment.order_id);
  if (order) markOrderPaid(order);
  return { status: 200, body: { ...payment } };
}
