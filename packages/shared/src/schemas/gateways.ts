import { z } from 'zod';

import { rupeesOutputSchema } from '../money-schemas.ts';

import { GATEWAY_MSG } from '../gateway-messages.ts';
import { transactionSchema, TRANSACTION_STATUSES } from './portal.ts';

/**
 * Online payment through Worldline (gateway B, Paynimo checkout.js) and Razorpay (gateway A,
 * Standard Checkout), live or in the built-in sandbox (`docs/domain.md`, "§3 Data", "§4 Payment
 * rules", "§5 Validation", "§7 API", §5 "Error and outcome messages" and "§10 Gateways";
 * `docs/ARCHITECTURE.md`, "Flow B: a Worldline payment" and "The Razorpay variant"; protocol facts
 * in `docs/domain.md`, "§10 Gateways"). Amounts on the wire are rupees, except the Razorpay order
 * and checkout `amount`, which Razorpay defines in paise.
 */

/**
 * Worldline status codes (`docs/domain.md`, §10 "Worldline status codes").
 * 0300 success; 0398 initiated and 0396/0397 awaited stay pending (re-checked, never failed);
 * 0399 failed; 0392 aborted by user; anything else is an unknown error (failed).
 */
export const WORLDLINE_STATUS = {
  success: '0300',
  initiated: '0398',
  awaited: '0396',
  awaitedNextDay: '0397',
  failed: '0399',
  aborted: '0392',
  notFound: '9999',
} as const;

/**
 * A gateway's payment mode (`docs/domain.md`, §10 "Payment mode"): the real one with live
 * credentials, the real one with test credentials (no real money, decision 0119), the server's
 * own sandbox (no real money), or off (no online payment).
 */
export const GATEWAY_MODES = ['sandbox', 'live', 'test', 'off'] as const;
/** `sandbox`, `live`, `test` or `off`. */
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/**
 * `GET /api/worldline/config` answer (public): whether card payment is available, the mode,
 * the merchant code and the checkout script to load; `scriptUrls` every script to load, in order
 * (live: Paynimo's jQuery, then checkout.js; sandbox: the server's own checkout.js, which brings
 * a tiny `$` shim). Never the salt.
 */
export const worldlineConfigSchema = z.object({
  available: z.boolean(),
  mode: z.enum(GATEWAY_MODES),
  merchantId: z.string(),
  checkoutScriptUrl: z.string(),
  scriptUrls: z.array(z.string()),
  currency: z.literal('INR'),
});

/** The Worldline config answer. */
export type WorldlineConfig = z.infer<typeof worldlineConfigSchema>;

/** An optional custom amount for a variable-amount payment: rupee text (`"1500.50"`) or number. */
const customAmountValue = z.union([z.string().max(20), z.number()]);

/**
 * `POST /api/worldline/create-customer-order` body (`docs/domain.md`, §7 "Shapes the specification
 * leaves open"). The payments to pay are `paymentIds` and/or `paymentHeads` (resolved to the
 * signed-in member's payments of those heads). `memberId`, `amount` and `dueMonth` are accepted for
 * compatibility and IGNORED: the member is the caller and every amount is recomputed from the
 * database. `customAmounts` maps a payment id to an amount text; used only for variable-amount
 * heads, and an amount below the due amount is raised to it (`docs/domain.md`, §5 "Variable-amount
 * payment"). Unknown fields (card data…) are a 400.
 */
export const createCustomerOrderInputSchema = z.strictObject({
  memberId: z.string().max(100).optional(),
  paymentHeads: z
    .array(z.strictObject({ paymentHeadId: z.uuid() }))
    .max(100)
    .optional(),
  paymentIds: z.array(z.uuid()).max(100).optional(),
  amount: z.union([z.number(), z.string().max(30)]).optional(),
  dueMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'dueMonth must be YYYY-MM')
    .optional(),
  customAmounts: z.record(z.uuid(), customAmountValue).optional(),
});

/** The Worldline order body. */
export type CreateCustomerOrderInput = z.infer<typeof createCustomerOrderInputSchema>;

/** One item of the Worldline checkout: our scheme code, the amount text (same string as hashed). */
export const worldlineItemSchema = z.object({
  itemId: z.string(),
  amount: z.string(),
  comAmt: z.string(),
});

/**
 * `consumerData` of the Paynimo checkout configuration (`docs/domain.md`, §10 "Worldline checkout"). The
 * browser adds `responseHandler` (a function) before calling `$.pnCheckout`. `token` is the
 * SHA-512 request hash (`docs/domain.md`, §10 "Worldline request token"); `items[0].amount` is the
 * exact amount string that was hashed.
 */
export const worldlineConsumerDataSchema = z.object({
  deviceId: z.literal('WEBSH2'),
  token: z.string(),
  returnUrl: z.string(),
  redirectOnClose: z.string(),
  responseHandler: z.string().optional(),
  paymentMode: z.string(),
  merchantLogoUrl: z.string(),
  merchantId: z.string(),
  currency: z.literal('INR'),
  consumerId: z.string(),
  consumerMobileNo: z.string(),
  consumerEmailId: z.string(),
  txnId: z.string(),
  items: z.array(worldlineItemSchema),
  cartDescription: z.string(),
  customStyle: z.record(z.string(), z.string()),
});

/** The checkout configuration passed to `$.pnCheckout` (`docs/domain.md`, §10 "Worldline checkout"). */
export const worldlineCheckoutConfigSchema = z.object({
  tarCall: z.boolean(),
  features: z.record(z.string(), z.boolean()),
  consumerData: worldlineConsumerDataSchema,
});

/** The Paynimo checkout configuration. */
export type WorldlineCheckoutConfig = z.infer<typeof worldlineCheckoutConfigSchema>;

/** One payment of an order as the order answers list it: id, head name, amount in rupees. */
export const orderPaymentSchema = z.object({
  paymentId: z.string(),
  paymentHeadId: z.object({ _id: z.string(), name: z.string() }),
  /** Rupees: what this order charges for the payment (the due amount, or more on a variable head). */
  amount: rupeesOutputSchema,
});

/**
 * `POST /api/worldline/create-customer-order` answer (`docs/domain.md`, §7 "Responses named by the specification"):
 * our `txnId`, the request hash `token`, the total `amount` in rupees, the consumer fields and
 * the checkout configuration `worldlineOrder` (with `consumerData`); plus the mode and the
 * script to load, and the payments the order covers.
 */
export const worldlineOrderSchema = z.object({
  txnId: z.string(),
  token: z.string(),
  amount: rupeesOutputSchema,
  consumerId: z.string(),
  consumerMobileNo: z.string(),
  consumerEmailId: z.string(),
  mode: z.enum(GATEWAY_MODES),
  checkoutScriptUrl: z.string(),
  payments: z.array(orderPaymentSchema),
  worldlineOrder: worldlineCheckoutConfigSchema,
});

/** The Worldline order answer. */
export type WorldlineOrder = z.infer<typeof worldlineOrderSchema>;

/**
 * `POST /api/worldline/verify-payment` body (`docs/domain.md`, §7 "Responses named by the specification", plus `msg`):
 * what the callback page read from the return parameters. Only `txnId` is required; nothing in
 * the body is trusted: `msg` (the gateway's pipe-separated response) is verified by its hash
 * when given, and the outcome is always confirmed with the gateway's status API.
 */
export const worldlineVerifyInputSchema = z.object({
  txnId: z.string().trim().min(1, GATEWAY_MSG.missingTransactionId).max(100),
  status: z.string().max(100).optional(),
  statusCode: z.string().max(10).optional(),
  statusMessage: z.string().max(500).optional(),
  transactionId: z.string().max(100).optional(),
  amount: z.union([z.string().max(30), z.number()]).optional(),
  hash: z.string().max(256).optional(),
  msg: z.string().max(4000).optional(),
});

/** The Worldline verify body. */
export type WorldlineVerifyInput = z.infer<typeof worldlineVerifyInputSchema>;

/**
 * Verify answer for both gateways (`docs/domain.md`, §7 "Responses named by the specification"): `success` true only
 * when the transaction is settled (paid); `status` the transaction's state (`pending` while the
 * bank's answer is awaited or the gateway's status API could not be reached); `transactionId`
 * our txn id; `paymentIds` the payments of the transaction; `paymentsUpdated` how many of them
 * this transaction made paid (the same number on every repeat delivery); `amount` rupees.
 */
export const verifyResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  statusCode: z.string().nullable(),
  transactionId: z.string(),
  paymentIds: z.array(z.string()),
  paymentsUpdated: z.number().int(),
  amount: rupeesOutputSchema,
});

/** The verify answer. */
export type VerifyResult = z.infer<typeof verifyResultSchema>;

/** `GET|POST /api/worldline/callback` input (query or form body): the gateway's `msg`. */
export const worldlineCallbackInputSchema = z.object({
  msg: z.string().max(4000).optional(),
});

/** Path parameters `{ txnId }` (our transaction id). */
export const txnIdParamsSchema = z.object({ txnId: z.string().min(1).max(100) });

/**
 * `GET /api/worldline/payment-status/{txnId}` and `GET /api/razorpay/payment-status/{id}` answer:
 * the transaction after a fresh check with the gateway while it is pending (`success` true when
 * paid), with the message to show.
 */
export const paymentStatusSchema = z.object({
  success: z.boolean(),
  status: z.enum(TRANSACTION_STATUSES),
  statusCode: z.string().nullable(),
  message: z.string(),
  transaction: transactionSchema,
});

/** The payment status answer. */
export type PaymentStatusResult = z.infer<typeof paymentStatusSchema>;

/** `GET /api/razorpay/config` answer (public): key id and mode; never the key or webhook secret. */
export const razorpayConfigSchema = z.object({
  available: z.boolean(),
  mode: z.enum(GATEWAY_MODES),
  keyId: z.string(),
  checkoutScriptUrl: z.string(),
  currency: z.literal('INR'),
});

/** The Razorpay config answer. */
export type RazorpayConfig = z.infer<typeof razorpayConfigSchema>;

/**
 * `POST /api/razorpay/create-order` body (`docs/domain.md`, §7 "Shapes the specification leaves
 * open": `{paymentIds[]}`), plus the same optional `customAmounts` as Worldline (variable-amount
 * heads only, never below the due amount).
 */
export const razorpayCreateOrderInputSchema = z.strictObject({
  paymentIds: z.array(z.uuid()).min(1, GATEWAY_MSG.noPayments).max(100),
  customAmounts: z.record(z.uuid(), customAmountValue).optional(),
});

/** The Razorpay order body. */
export type RazorpayCreateOrderInput = z.infer<typeof razorpayCreateOrderInputSchema>;

/**
 * Razorpay Standard Checkout options (`docs/domain.md`, §10 "Razorpay checkout"): `amount` in PAISE,
 * `order_id` the Razorpay order. With `callback_url` and `redirect: true` the outcome is POSTed to
 * the server (which verifies, settles and redirects to `/payment/callback/razorpay?…`), the same
 * in live and sandbox mode; a browser that prefers the modal may drop both and add a `handler`
 * that sends the three fields to `POST /api/razorpay/verify-payment`.
 */
export const razorpayCheckoutOptionsSchema = z.object({
  key: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  order_id: z.string(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  notes: z.object({ txnId: z.string() }),
  /** `/api/razorpay/callback` on this server: Razorpay POSTs the outcome there (with `redirect: true`). */
  callback_url: z.string(),
  redirect: z.boolean(),
});

/**
 * `POST /api/razorpay/create-order` answer: our `txnId` (also the order's `receipt`), the total
 * `amount` in rupees, the Razorpay order (`amount` in PAISE), the checkout options, the mode,
 * the script to load, and the payments the order covers.
 */
export const razorpayOrderSchema = z.object({
  txnId: z.string(),
  amount: rupeesOutputSchema,
  mode: z.enum(GATEWAY_MODES),
  checkoutScriptUrl: z.string(),
  order: z.object({
    id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    receipt: z.string(),
    status: z.string(),
  }),
  checkout: razorpayCheckoutOptionsSchema,
  payments: z.array(orderPaymentSchema),
});

/** The Razorpay order answer. */
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** `POST /api/razorpay/verify-payment` body: what Standard Checkout's `handler` receives. */
export const razorpayVerifyInputSchema = z.strictObject({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(256),
});

/** The Razorpay verify body. */
export type RazorpayVerifyInput = z.infer<typeof razorpayVerifyInputSchema>;

/** `GET /api/razorpay/payment-status/{id}` path: our txn id or the Razorpay order id. */
export const razorpayStatusParamsSchema = z.object({ id: z.string().min(1).max(100) });
