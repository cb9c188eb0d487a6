import type { FastifyInstance } from 'fastify';

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
  status: 'captured' | 'failed';
  method: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

/** Everything the sandbox remembers. */
export class SandboxStore {
  /** Worldline transactions by the gateway's id (tpsl_txn_id). */
  readonly worldline = new Map<string, SandboxWorldlineTxn>();
  /** Razorpay orders by id. */
  readonly orders = new Map<string, SandboxRazorpayOrder>();
  /** Razorpay payments by id. */
  readonly payments = new Map<string, SandboxRazorpayPayment>();

  /** The Worldline transaction of our txnId, if the bank decided one. */
  worldlineByTxnId(txnId: string): SandboxWorldlineTxn | undefined {
    for (const txn of this.worldline.values()) if (txn.txnId === txnId) return txn;
    return undefined;
  }
}

// Keyed by the configuration object, which every encapsulated child instance of one app shares.
const stores = new WeakMap<object, SandboxStore>();

/** The sandbox memory of an application (created on first use). */
export function sandboxStoreOf(app: FastifyInstance): SandboxStore {
  let store = stores.get(app.config);
  if (!store) {
    store = new SandboxStore();
    stores.set(app.config, store);
  }
  return store;
}
