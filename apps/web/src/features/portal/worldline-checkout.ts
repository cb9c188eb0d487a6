import type { WorldlineOrder, WorldlineVerifyInput } from '@parish/shared';

/**
 * The browser side of gateway B, Worldline Paynimo checkout.js (`docs/domain.md`, "§3 Data", "§5
 * Validation", §2 "Page sizes and timings" and §10 "Worldline checkout"). The server builds the
 * checkout configuration with its hash token; the browser loads the checkout script named by
 * `/api/worldline/config`, attaches the response handler (a function cannot travel as JSON) and
 * calls `$.pnCheckout(config)`. In sandbox mode the script is the server's own stand-in with the
 * same call shape.
 */

/** Gateway SDK wait: 30 attempts at 100 ms (`docs/domain.md`, §2 "Page sizes and timings"). */
export const SDK_WAIT_ATTEMPTS = 30;
/** Interval of the SDK wait (`docs/domain.md`, §2 "Page sizes and timings"). */
export const SDK_WAIT_INTERVAL_MS = 100;
/** Checkout watchdog (`docs/domain.md`, §2 "Page sizes and timings"). */
export const CHECKOUT_WATCHDOG_MS = 30_000;

/**
 * The checkout configuration as handed to `$.pnCheckout`: the server's `worldlineOrder` with the
 * browser's response handler attached to `consumerData` (`docs/domain.md`, §10 "Worldline checkout").
 */
export type PreparedCheckoutConfig = Omit<WorldlineOrder['worldlineOrder'], 'consumerData'> & {
  consumerData: Omit<WorldlineOrder['worldlineOrder']['consumerData'], 'responseHandler'> & {
    responseHandler: (response: WorldlineResponse) => void;
  };
};

/** What checkout.js hands the response handler (`docs/domain.md`, §10 "Worldline checkout"). */
export interface WorldlineResponse {
  paymentMethod?: { paymentTransaction?: { statusCode?: string; statusMessage?: string; identifier?: string } };
  /** The same 16-field pipe string the return URL receives as `msg` (`docs/domain.md`, §10 "Worldline response"). */
  stringResponse?: string;
}

/** `POST /api/worldline/verify-payment` body as the browser sends it (every field text). */
export type VerifyBody = WorldlineVerifyInput;

interface PaynimoJQuery {
  pnCheckout?: (config: PreparedCheckoutConfig) => void;
}

declare global {
  interface Window {
    $?: PaynimoJQuery;
    jQuery?: PaynimoJQuery;
    pnCheckoutShared?: { openNewWindow?: () => void };
  }
}

/**
 * Raised for checkout failures whose text is the product's own (`docs/domain.md`, §5 "Error and
 * outcome messages"; SDK missing, bad order).
 */
export class CheckoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

/** Session storage key of the payment in progress (`docs/domain.md`, §3 "Browser-side state"). */
export const PAYMENT_CONTEXT_KEY = 'worldlinePaymentContext';

/**
 * The payment in progress, kept in session storage so the return pages can tell what was paid
 * (`docs/domain.md`, §3 "Browser-side state"): the payment ids, our transaction id, the amount in
 * rupees, the member's name and the head's name (one payment) or the count (several).
 */
export interface PaymentContext {
  paymentIds: string[];
  txnId: string;
  /** Rupees. */
  amount: number;
  memberName: string;
  headName?: string;
  count: number;
  /** Which confirm dialog started it, so Try Again reopens the same one. */
  mode: 'single' | 'selected' | 'arrears';
  /**
   * The payment link's page that started it (`/pay/<mobile>/<token>`), when a link did: the
   * gateway's return goes back to that link's confirmation page (decision 0140).
   */
  payLink?: string;
}

/** Stores the payment context (session storage; ignored when storage is unavailable). */
export function savePaymentContext(context: PaymentContext): void {
  try {
    sessionStorage.setItem(PAYMENT_CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Private mode without storage: the return pages fall back to the query parameters.
  }
}

/** The stored payment context, or null. */
export function readPaymentContext(): PaymentContext | null {
  try {
    const raw = sessionStorage.getItem(PAYMENT_CONTEXT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<PaymentContext>;
    return Array.isArray(parsed.paymentIds) && typeof parsed.txnId === 'string' ? (parsed as PaymentContext) : null;
  } catch {
    return null;
  }
}

/** Forgets the payment context. */
export function clearPaymentContext(): void {
  try {
    sessionStorage.removeItem(PAYMENT_CONTEXT_KEY);
  } catch {
    // nothing stored
  }
}

const pnCheckout = () => window.$?.pnCheckout ?? window.jQuery?.pnCheckout;

/**
 * Adds the checkout scripts to the page once each, in order (live: Paynimo's jQuery, then
 * checkout.js; sandbox: the server's own checkout.js), each after the previous one has loaded.
 * Called when the confirm dialog opens, so the SDK is usually there by the time the order exists.
 */
export function loadCheckoutScripts(urls: readonly string[]): void {
  if (pnCheckout()) return;
  const [first, ...rest] = urls.filter(Boolean);
  if (!first) return;
  const existing = Array.from(document.scripts).find((script) => script.dataset.checkout === first);
  if (existing) {
    if (existing.dataset.loaded === 'true') loadCheckoutScripts(rest);
    else existing.addEventListener('load', () => loadCheckoutScripts(rest), { once: true });
    return;
  }
  const script = document.createElement('script');
  script.src = first;
  script.async = false;
  script.dataset.checkout = first;
  script.addEventListener(
    'load',
    () => {
      script.dataset.loaded = 'true';
      loadCheckoutScripts(rest);
    },
    { once: true },
  );
  document.head.appendChild(script);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for `$.pnCheckout` up to 30 × 100 ms (`docs/domain.md`, §2 "Page sizes and timings").
 * @throws CheckoutError 'Worldline Paynimo SDK not loaded. Please refresh the page and try again.'
 */
export async function waitForSdk(notLoadedMessage: string): Promise<NonNullable<PaynimoJQuery['pnCheckout']>> {
  for (let attempt = 0; attempt < SDK_WAIT_ATTEMPTS; attempt += 1) {
    const checkout = pnCheckout();
    if (checkout) return checkout;
    await sleep(SDK_WAIT_INTERVAL_MS);
  }
  const checkout = pnCheckout();
  if (checkout) return checkout;
  throw new CheckoutError(notLoadedMessage);
}

/**
 * Opens the checkout (`docs/domain.md`, §10 "Worldline checkout"): checks the order carries
 * consumer data, attaches the response handler, calls `$.pnCheckout` and, for the new-window flow,
 * `pnCheckoutShared.openNewWindow()`.
 * @throws CheckoutError 'Invalid payment request structure - consumerData is missing'.
 */
export function openCheckout(
  checkout: NonNullable<PaynimoJQuery['pnCheckout']>,
  order: WorldlineOrder,
  onResponse: (response: WorldlineResponse) => void,
  consumerDataMissingMessage: string,
): void {
  const config = order.worldlineOrder as Partial<WorldlineOrder['worldlineOrder']> | undefined;
  if (!config || typeof config !== 'object' || !config.consumerData || typeof config.consumerData !== 'object') {
    throw new CheckoutError(consumerDataMissingMessage);
  }
  const { responseHandler: _unused, ...consumerData } = config.consumerData;
  const prepared: PreparedCheckoutConfig = {
    ...(config as WorldlineOrder['worldlineOrder']),
    consumerData: { ...consumerData, responseHandler: onResponse },
  };
  checkout(prepared);
  if (prepared.features?.enableNewWindowFlow) window.pnCheckoutShared?.openNewWindow?.();
}

/**
 * Splits checkout.js's pipe string (`docs/domain.md`, §10 "Worldline response") into the verify
 * request's fields: status code, message, our transaction id, the gateway's transaction id, the
 * amount and the hash.
 */
export function verifyBodyFromResponse(
  txnId: string,
  response: WorldlineResponse,
): VerifyBody & { statusCode: string } {
  const fields = (response.stringResponse ?? '').split('|');
  const statusCode = fields[0] || response.paymentMethod?.paymentTransaction?.statusCode || '';
  return {
    txnId: fields[3] || txnId,
    status: fields[1] || response.paymentMethod?.paymentTransaction?.statusMessage || '',
    statusCode,
    statusMessage: fields[2] || fields[1] || '',
    transactionId: fields[5] || response.paymentMethod?.paymentTransaction?.identifier || '',
    amount: fields[6] || '',
    hash: fields[15] || '',
    ...(response.stringResponse ? { msg: response.stringResponse } : {}),
  };
}
