import type { VerifyAnswer } from '../verify-payment.ts';

/**
 * The gateway B return parameters (`docs/domain.md`, §4 "Callback states"), read from the
 * query or the hash under either of their names: txn_id | clnt_txn_ref, txn_status | status,
 * status_code, status_message | txn_msg, transaction_id | tpsl_txn_id, amount | txn_amt, hash.
 */
export interface CallbackParams {
  txnId: string | null;
  status: string | null;
  statusCode: string | null;
  statusMessage: string | null;
  transactionId: string | null;
  amount: string | null;
  hash: string | null;
  /** Why the server's return handler refused or failed it, when it says (`error`, `reason` or `message`). */
  reason: string | null;
}

const NAMES: Record<Exclude<keyof CallbackParams, 'reason'>, readonly string[]> = {
  txnId: ['txn_id', 'clnt_txn_ref'],
  status: ['txn_status', 'status'],
  statusCode: ['status_code'],
  statusMessage: ['status_message', 'txn_msg'],
  transactionId: ['transaction_id', 'tpsl_txn_id'],
  amount: ['amount', 'txn_amt'],
  hash: ['hash'],
};

function pick(search: URLSearchParams, hash: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = search.get(name) || hash.get(name);
    if (value) return value;
  }
  return null;
}

/** Reads the return parameters from a location's query string and hash (`#a=1&b=2` or `#/?a=1`). */
export function readCallbackParams(search: string, hash: string): CallbackParams {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#\/?\??/, ''));
  const params = Object.fromEntries(
    Object.entries(NAMES).map(([key, names]) => [key, pick(query, fragment, names)]),
  ) as Omit<CallbackParams, 'reason'>;
  return { ...params, reason: pick(query, fragment, ['error', 'reason', 'message']) };
}

/**
 * What the gateway reported (`docs/domain.md`, §4 "Callback states"): code 0300 or status success
 * is success, 0398 pending, anything else failed. Only the server's verification decides whether
 * the dues are paid.
 */
export function reportedOutcome(params: CallbackParams): 'success' | 'pending' | 'failed' {
  const code = params.statusCode ?? (params.status && /^\d{4}$/.test(params.status) ? params.status : null);
  if (code === '0300' || params.status?.toLowerCase() === 'success') return 'success';
  if (code === '0398') return 'pending';
  return 'failed';
}

/**
 * Where the browser goes after a success (`docs/domain.md`, §4 "Callback states"): the dashboard
 * when a token exists (with the outcome in the query, which the dashboard shows and clears), else
 * `/?payment=success&txn=…`.
 */
export function successTarget(txnId: string, amount: string | null, signedIn: boolean): string {
  if (!signedIn) return `/?payment=success&txn=${encodeURIComponent(txnId)}`;
  const query = new URLSearchParams({ payment: 'success', txn_id: txnId, gateway: 'worldline' });
  if (amount) query.set('amount', amount);
  return `/customer/dashboard?${query.toString()}`;
}

/**
 * How many of a successful transaction's dues it did not pay because they were already paid (the
 * refunds queue has that money; `docs/domain.md`, §4 "Paid twice"); null when none or unknown.
 */
export function alreadyPaid(
  result: Pick<VerifyAnswer, 'paymentIds' | 'paymentsUpdated'> | null | undefined,
): number | null {
  if (!result?.paymentIds || result.paymentsUpdated === undefined) return null;
  const count = result.paymentIds.length - result.paymentsUpdated;
  return count > 0 ? count : null;
}

/** A payment link's page: `/pay/<mobile digits>/<token>` and nothing else (never another site). */
const PAY_LINK_PATH = /^\/pay\/\d{10,15}\/[A-Za-z0-9_-]{20,200}$/;

/**
 * Where a gateway's return lands when a payment link started the payment (decision 0140;
 * `docs/domain.md`, §9 "Payment links without a password"): that link's confirmation page
 * `/pay/<mobile>/<token>/done?txn=…`, whatever the outcome (the page asks the server and, on a
 * failure, goes back to the link with the reason). Null when the stored payment context is not a
 * link's or is another transaction's (then the usual targets apply).
 * @param context the payment context of this tab (`readPaymentContext`), or null
 * @param txnId the transaction the gateway returned
 */
export function payLinkDoneTarget(
  context: { txnId: string; payLink?: string } | null,
  txnId: string | null,
): string | null {
  if (!context?.payLink || !txnId || context.txnId !== txnId || !PAY_LINK_PATH.test(context.payLink)) return null;
  return `${context.payLink}/done?txn=${encodeURIComponent(txnId)}`;
}
