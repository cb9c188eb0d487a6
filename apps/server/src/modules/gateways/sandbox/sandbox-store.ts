import { randomBytes, randomInt } from 'node:crypto';

import type { Config } from '../../../config/env.ts';

/**
 * The sandbox gateways' own memory: what "the bank" decided. It stands for the gateway's
 * database, so it is kept apart from the product's tables and lives only as long as the
 * process (a restarted sandbox forgets its transactions: the status API then answers 9999 /
 * not found, as a real gateway does for an unknown id). Tests may change entries to play a
 * gateway that disagrees with what the browser was told.
 */

/** One Worldline sandbox transaction, as the sandbox's status API reports it. */
export interface SandboxWorldlineTxn {
  txnId: string;
  tpslTxnId: string;
  merchantId: string;
  /** Amount text as paid, e.g. `"1500.00"`. */
  amount: string;
  statusCode: string;
  statusMessage: string;
  errorMessage: string;
  /** `DD-MM-YYYY HH:MM:SS`. */
  dateTime: string;
}

/** A Razorpay sandbox order (amount in paise). */
export interface SandboxRazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

/** A Razorpay sandbox payment (amount in paise). */
export interface SandboxRazorpayPayment {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed';
  method: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

/**
 * A Razorpay sandbox settlement (Razorpay's Settlements entity, razorpay.com/docs/api/settlements):
 * amount (net credited), fees (including GST) and tax (the GST) in paise; `utr` the bank transfer's
 * reference; `created_at` unix seconds.
 */
export interface SandboxRazorpaySettlement {
  id: string;
  entity: 'settlement';
  amount: number;
  status: 'created' | 'processed' | 'failed';
  fees: number;
  tax: number;
  utr: string;
  created_at: number;
}

/** What the sandbox settled of one payment: its settlement, fee (with GST) and GST, in paise. */
export interface SandboxSettledPayment {
  settlementId: string;
  fee: number;
  tax: number;
  settledAt: number;
}

/** An order whose payment was captured: paid in full, as Razorpay shows it. */
export function markOrderPaid(order: SandboxRazorpayOrder): void {
  order.status = 'paid';
  order.amount_paid = order.amount;
  order.amount_due = 0;
}

/** Everything the sandbox remembers. */
export class SandboxStore {
  /** Worldline transactions by the gateway's id (tpsl_txn_id). */
  readonly worldline = new Map<string, SandboxWorldlineTxn>();
  /** Razorpay orders by id. */
  readonly orders = new Map<string, SandboxRazorpayOrder>();
  /** Razorpay payments by id. */
  readonly payments = new Map<string, SandboxRazorpayPayment>();
  /**
   * Razorpay's "Payment capture" setting of the sandbox merchant: on (the default), a successful
   * payment is `captured` at once; off, it stays `authorized` until the server captures it
   * (`POST /v1/payments/:id/capture`). Tests turn it off to play a dashboard without auto-capture.
   */
  razorpayAutoCapture = true;
  /** Razorpay settlements by id (made by `settleRazorpayPayments`, `sandbox-settlements.ts`). */
  readonly settlements = new Map<string, SandboxRazorpaySettlement>();
  /** What each settled payment's settlement was, by payment id. */
  readonly settledPayments = new Map<string, SandboxSettledPayment>();

  /** The Worldline transaction of our txnId, if the bank decided one. */
  worldlineByTxnId(txnId: string): SandboxWorldlineTxn | undefined {
    for (const txn of this.worldline.values()) if (txn.txnId === txnId) return txn;
    return undefined;
  }
}

// Keyed by the configuration object, which the app, its encapsulated child instances and every
// service context of the app share.
const stores = new WeakMap<object, SandboxStore>();

/**
 * The sandbox memory of an application (created on first use).
 * @param holder anything carrying the app's configuration: the app, its deps, a service context
 */
export function sandboxStoreOf(holder: { config: Config }): SandboxStore {
  let store = stores.get(holder.config);
  if (!store) {
    store = new SandboxStore();
    stores.set(holder.config, store);
  }
  return store;
}

/** `n` random decimal digits (the sandbox bank's ids). */
export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/** A Razorpay-like id: `prefix_` and 14 random letters and digits. */
export const razorpayLikeId = (prefix: string): string =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
