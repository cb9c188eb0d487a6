import { paiseToRupees, parseRupeesToPaise, type AuditMismatchDetails, type Paise } from '@parish/shared';

import type { AppDeps, AuditContext } from '../../context.ts';
import type { transactions } from '../../db/schema/index.ts';
import type { GatewayTransport } from './gateway-client.ts';

/**
 * What every online payment gateway adapter offers the gateway-neutral code (checkout, settlement,
 * re-check): open an order for a pending transaction, and decide from the gateway's own server
 * API what happened to it (`docs/ARCHITECTURE.md`, "Payment gateways"). Each adapter lives in its
 * folder (`worldline/`, `razorpay/`) with its hash or signature code, API calls and response
 * parsing. What the browser brings back (Worldline's `msg`, Razorpay's checkout signature) and
 * webhooks (Razorpay only) differ too much to share a method: the adapters verify them with their
 * own functions, before any evidence reaches {@link PaymentGateway.outcome}.
 */

/** The online gateways. */
export type GatewayName = 'worldline' | 'razorpay';

/** One row of `transactions` (an online transaction; amounts in paise). */
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * What a gateway's server says happened to a transaction, as an adapter decides it; settlement
 * applies it. Status codes are the gateway's own (`0300`, `captured`…).
 * - `paid`: confirmed with the order's amount; `pgReferenceId` is the gateway's payment reference.
 * - `pending`: not known yet, still in progress, or the gateway could not be asked.
 * - `failed`: the payment failed or was cancelled; `message` is shown to the member.
 * - `mismatch`: the gateway disagrees with the order or the response (amount, id, reference,
 *   status); never paid; `fail` fails the transaction for staff review, otherwise it stays pending.
 */
export type Outcome =
  | { kind: 'paid'; statusCode: string; pgReferenceId: string; method: string }
  | { kind: 'pending'; statusCode: string | null; reason: string }
  | { kind: 'failed'; statusCode: string | null; message: string; pgReferenceId?: string | undefined }
  | { kind: 'mismatch'; statusCode: string | null; message: string; fail: boolean; details: AuditMismatchDetails };

/**
 * The details of an amount mismatch, in rupees (`AuditMismatchDetails`): `gatewayAmount` is the
 * gateway's figure (paise, or rupee text as sent) in rupees, null when it is not an amount, then
 * kept as `gatewayAmountText`.
 * @param from whose figure it is: the signed response, or the status API
 */
export function amountMismatchDetails(
  from: 'response' | 'status',
  orderPaise: Paise,
  gateway: { paise: Paise } | { text: string },
): AuditMismatchDetails {
  const gatewayPaise = 'paise' in gateway ? gateway.paise : parseRupeesToPaise(gateway.text);
  return {
    reason: 'amount',
    from,
    orderAmount: paiseToRupees(orderPaise),
    gatewayAmount: gatewayPaise === null ? null : paiseToRupees(gatewayPaise),
    ...('text' in gateway && gatewayPaise === null && { gatewayAmountText: gateway.text.slice(0, 50) }),
  };
}

/**
 * What an adapter needs: the configuration (read at each call, so a changed setting applies at
 * once), the clock, a logger, and the transport of its HTTP calls.
 */
export type GatewayDeps = Pick<AppDeps, 'config' | 'clock' | 'log'> & { transport: GatewayTransport };

/** What delivered the news of a payment (named in audit records as `via`). */
export type SettleSource = 'callback' | 'verify' | 'webhook' | 'recheck' | 'status' | 's2s';

/**
 * A transaction as a settlement left it: the fields of its row that the answers use (amount in
 * paise), built from what the settlement wrote rather than read again.
 */
export type SettledTransaction = Pick<
  TransactionRow,
  | 'id'
  | 'transactionId'
  | 'memberId'
  | 'amountPaise'
  | 'paymentGateway'
  | 'status'
  | 'statusCode'
  | 'pgReferenceId'
  | 'errorMessage'
>;

/** One payment of an order: the head, the due amount and the amount charged, in paise. */
export interface OrderLine {
  paymentId: string;
  headId: string;
  headName: string;
  headType: string;
  /** The assigned (due) amount. */
  duePaise: Paise;
  /** What this order charges: the due amount, or a larger custom amount on a variable head. */
  amountPaise: Paise;
}

/** The member's contact fields sent to the gateway. */
export interface OrderMember {
  id: string;
  name: string;
  mobile: string;
  parishNumber: string;
  email: string | null;
}

/** An order to open with a gateway: the pending transaction about to be recorded. */
export interface GatewayOrder {
  /** Our transaction id (the gateway's `txnId` / `receipt`). */
  txnId: string;
  /** The total charged, in paise. */
  amountPaise: Paise;
  /** The paying member's contact fields. */
  member: OrderMember;
  /** The payments paid, amounts in paise. */
  lines: OrderLine[];
  /**
   * The address the gateway returns the member to and calls back, without a trailing slash: the
   * request's parish host or PUBLIC_URL (`publicUrlOf`, decisions 0117 and 0125).
   */
  publicUrl: string;
}

/** An order opened with a gateway. */
export interface OpenedOrder<Checkout> {
  /** The gateway's own order id (Razorpay `order_…`), or null when the gateway has none (Worldline). */
  gatewayOrderId: string | null;
  /** What the browser needs to start the gateway's checkout (amounts as the gateway wants them). */
  checkout: Checkout;
}

/**
 * One online payment gateway.
 * @typeParam Evidence what the news of a payment carries for this gateway, already verified
 * @typeParam Checkout what the browser needs to start this gateway's checkout
 */
export interface PaymentGateway<Evidence, Checkout> {
  /** The gateway, as stored in `transactions.payment_gateway`. */
  readonly name: GatewayName;
  /** The gateway's name for people and logs ("Worldline", "Razorpay"). */
  readonly displayName: string;
  /** The prefix of our transaction ids for this gateway (`WL…`, `RP…`). */
  readonly txnIdPrefix: 'WL' | 'RP';
  /** The smallest order the gateway accepts, in paise (Razorpay: ₹1.00 = 100). */
  readonly minimumPaise: Paise;
  /**
   * Opens an order for a transaction of `order.amountPaise` paise: computes the request hash or
   * calls the gateway's orders API, and returns the checkout for the browser.
   * @throws GatewayUnavailableError when the gateway cannot be reached or refuses the order.
   */
  createOrder(order: GatewayOrder): Promise<OpenedOrder<Checkout>>;
  /**
   * Asks the gateway's server API about a transaction (dual verification: never the browser's
   * word alone) and decides the {@link Outcome}; compares the gateway's amount with
   * `row.amountPaise` (paise). An unreachable API gives `pending`, never an error.
   */
  outcome(row: TransactionRow, evidence: Evidence): Promise<Outcome>;
}

/**
 * The audit context naming the gateway itself (callbacks, verify calls, webhooks, status checks),
 * or the system for the background re-check (`source` `recheck`); the request id and address
 * are kept from `caller`. Use it as `withAudit(ctx, gatewayAudit(...))`.
 */
export function gatewayAudit(
  gateway: GatewayName,
  caller: Pick<AuditContext, 'requestId' | 'ip'>,
  source?: string,
): AuditContext {
  return {
    actorType: source === 'recheck' ? 'system' : 'gateway',
    actorId: gateway,
    actorName: gateway === 'worldline' ? 'Worldline' : 'Razorpay',
    requestId: caller.requestId,
    ip: caller.ip,
  };
}
