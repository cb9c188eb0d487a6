import { z } from 'zod';

/**
 * Online payment settings (`docs/domain.md`, "§10 Gateways", "Payment mode"): each gateway is
 * `live` when its credentials are set, `test` when they are the gateway's test credentials
 * (decision 0119: Razorpay `rzp_test_…`, a Worldline test merchant); else `sandbox` when `PAYMENTS_SANDBOX=true` (or the
 * database is the demo parish, {@link withDemoSandbox}), where the server plays the gateway itself
 * under `/api/sandbox/…` with the published {@link SANDBOX_SECRETS}; else `off` (no online
 * payment), whatever `HOST` or `PUBLIC_URL` say. The product's code path is the
 * same in both modes: only base URLs and secrets differ. In sandbox mode a URL that starts with
 * `/` is the server's own sandbox API (answered in-process by the sandbox transport); any other
 * URL is fetched.
 */

/** Environment variables of online payment (documented in the README, "Online payment"). */
export const gatewayEnvSchema = z.object({
  /** Worldline merchant code; with WORLDLINE_SALT makes Worldline live (a test merchant `T…`: test). */
  WORLDLINE_MERCHANT_ID: z.string().trim().min(1).optional(),
  /** Worldline hash salt (server side only). */
  WORLDLINE_SALT: z.string().trim().min(1).optional(),
  /** Worldline scheme code sent as items[].itemId: required with live credentials; the sandbox uses FIRST. */
  WORLDLINE_SCHEME_CODE: z.string().trim().min(1).optional(),
  /**
   * Whether the Worldline merchant is a test (UAT) merchant: default, when its code starts with
   * `T` (the kits' test merchant T206030); set it when Worldline issued a test code otherwise.
   */
  WORLDLINE_TEST_MERCHANT: z.stringbool().optional(),
  /** Paynimo checkout.js URL (live default https://www.paynimo.com/paynimocheckout/server/lib/checkout.js). */
  WORLDLINE_CHECKOUT_URL: z.url().optional(),
  /** Paynimo status API (live default https://www.paynimo.com/api/paynimoV2.req). */
  WORLDLINE_STATUS_URL: z.string().trim().min(1).optional(),
  /** Razorpay key id; with RAZORPAY_KEY_SECRET makes Razorpay live (`rzp_test_…`: test). */
  RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
  /** Razorpay key secret (server side only). */
  RAZORPAY_KEY_SECRET: z.string().trim().min(1).optional(),
  /** Razorpay webhook secret (defaults to the key secret when live). */
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Razorpay REST API base (live default https://api.razorpay.com). */
  RAZORPAY_API_URL: z.string().trim().min(1).optional(),
  /** Seconds between background re-checks of pending online transactions; 0 turns them off. */
  GATEWAY_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** true: gateways without credentials run in sandbox mode (no real money); default false (off). */
  PAYMENTS_SANDBOX: z.stringbool().default(false),
});

/**
 * A gateway's payment mode (`docs/domain.md`, §10 "Payment mode"): `live` (its credentials are
 * set), `test` (its test credentials are set: the real gateway, no real money, decision 0119),
 * `sandbox` (the server plays the gateway; no real money) or `off` (no online payment).
 */
export type PaymentMode = 'live' | 'test' | 'sandbox' | 'off';

/**
 * Whether a gateway in `mode` talks to the real gateway (`live` or `test`): its URLs, scripts and
 * Content-Security-Policy sources are the gateway's own.
 */
export function realGateway(mode: PaymentMode): boolean {
  return mode === 'live' || mode === 'test';
}

/** Whether payments in `mode` move no real money (`test` or `sandbox`): they are flagged `is_test` (decisions 0045, 0119). */
export function testMoney(mode: PaymentMode): boolean {
  return mode === 'test' || mode === 'sandbox';
}

/** Worldline (Paynimo) settings. */
export interface WorldlineSettings {
  mode: PaymentMode;
  /** Merchant code. */
  merchantId: string;
  /** Hash salt: server side only, never sent to a browser or logged. */
  salt: string;
  /** Scheme code sent as `items[].itemId`. */
  schemeCode: string;
  /** checkout.js to load. */
  checkoutScriptUrl: string;
  /** jQuery the live checkout.js needs, or null in the sandbox (its script brings a `$` shim). */
  jqueryScriptUrl: string | null;
  /** Status API of the dual verification (paynimoV2.req). */
  statusUrl: string;
}

/** Razorpay settings. */
export interface RazorpaySettings {
  mode: PaymentMode;
  /** Key id, public. */
  keyId: string;
  /** Key secret: API auth and checkout signatures; never sent out. */
  keySecret: string;
  /** Webhook secret: HMAC key of X-Razorpay-Signature. */
  webhookSecret: string;
  /** REST API base, without a trailing slash. */
  apiUrl: string;
  /** Standard Checkout script. */
  checkoutScriptUrl: string;
}

/** Online payment settings of {@link Config}. */
export interface GatewaySettings {
  worldline: WorldlineSettings;
  razorpay: RazorpaySettings;
  /** Seconds between background re-checks of pending transactions; 0 = off. */
  gatewayRecheckSeconds: number;
}

/**
 * The published sandbox credentials (README, "Online payment"). Not secret: they only sign the
 * sandbox's own simulated responses and can never settle anything with a live gateway, because
 * a live gateway's responses are checked with the live salt or secret.
 */
export const SANDBOX_SECRETS = {
  worldlineMerchantId: 'T000000',
  worldlineSalt: 'parish-dues-sandbox-worldline-salt',
  razorpayKeyId: 'rzp_test_parishsandbox',
  razorpayKeySecret: 'parish-dues-sandbox-razorpay-key-secret',
  razorpayWebhookSecret: 'parish-dues-sandbox-razorpay-webhook-secret',
} as const;

/**
 * Reads the online payment settings from the environment.
 * @throws Error listing invalid variables, and WORLDLINE_SCHEME_CODE missing beside Worldline
 * credentials (issue 27 item 16: the kits' sample `FIRST` is no merchant's scheme).
 */
export function loadGatewaySettings(env: NodeJS.ProcessEnv): GatewaySettings {
  const parsed = gatewayEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const worldlineLive = Boolean(v.WORLDLINE_MERCHANT_ID && v.WORLDLINE_SALT);
  const razorpayLive = Boolean(v.RAZORPAY_KEY_ID && v.RAZORPAY_KEY_SECRET);
  if (worldlineLive && !v.WORLDLINE_SCHEME_CODE) {
    throw new Error(
      'Invalid configuration:\n  WORLDLINE_SCHEME_CODE: required with WORLDLINE_MERCHANT_ID and WORLDLINE_SALT (the scheme code Worldline issued with them)',
    );
  }
  const schemeCode = v.WORLDLINE_SCHEME_CODE ?? 'FIRST';
  const worldlineTest = v.WORLDLINE_TEST_MERCHANT ?? /^T/i.test(v.WORLDLINE_MERCHANT_ID ?? '');
  const razorpayTest = (v.RAZORPAY_KEY_ID ?? '').startsWith('rzp_test_');
  const withoutCredentials: PaymentMode = v.PAYMENTS_SANDBOX ? 'sandbox' : 'off';
  return {
    worldline: worldlineLive
      ? {
          mode: worldlineTest ? 'test' : 'live',
          merchantId: v.WORLDLINE_MERCHANT_ID ?? '',
          salt: v.WORLDLINE_SALT ?? '',
          schemeCode,
          checkoutScriptUrl:
            v.WORLDLINE_CHECKOUT_URL ?? 'https://www.paynimo.com/paynimocheckout/server/lib/checkout.js',
          jqueryScriptUrl: 'https://www.paynimo.com/paynimocheckout/client/lib/jquery.min.js',
          statusUrl: v.WORLDLINE_STATUS_URL ?? 'https://www.paynimo.com/api/paynimoV2.req',
        }
      : {
          mode: withoutCredentials,
          merchantId: SANDBOX_SECRETS.worldlineMerchantId,
          salt: SANDBOX_SECRETS.worldlineSalt,
          schemeCode,
          checkoutScriptUrl: '/api/sandbox/worldline/checkout.js',
          jqueryScriptUrl: null,
          statusUrl: v.WORLDLINE_STATUS_URL ?? '/api/sandbox/worldline/api/paynimoV2.req',
        },
    razorpay: razorpayLive
      ? {
          mode: razorpayTest ? 'test' : 'live',
          keyId: v.RAZORPAY_KEY_ID ?? '',
          keySecret: v.RAZORPAY_KEY_SECRET ?? '',
          webhookSecret: v.RAZORPAY_WEBHOOK_SECRET ?? v.RAZORPAY_KEY_SECRET ?? '',
          apiUrl: (v.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/$/, ''),
          checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
        }
      : {
          mode: withoutCredentials,
          keyId: SANDBOX_SECRETS.razorpayKeyId,
          keySecret: SANDBOX_SECRETS.razorpayKeySecret,
          webhookSecret: SANDBOX_SECRETS.razorpayWebhookSecret,
          apiUrl: (v.RAZORPAY_API_URL ?? '/api/sandbox/razorpay').replace(/\/$/, ''),
          checkoutScriptUrl: '/api/sandbox/razorpay/checkout.js',
        },
    gatewayRecheckSeconds: v.GATEWAY_RECHECK_SECONDS,
  };
}

/**
 * The settings of the demo parish (`npm run demo`, `parish_settings.demo`): every gateway that is
 * `off` runs in `sandbox` mode instead (`docs/domain.md`, §10 "Payment mode"). Live gateways stay live.
 */
export function withDemoSandbox<T extends GatewaySettings>(settings: T): T {
  const sandboxIfOff = (mode: PaymentMode): PaymentMode => (mode === 'off' ? 'sandbox' : mode);
  return {
    ...settings,
    worldline: { ...settings.worldline, mode: sandboxIfOff(settings.worldline.mode) },
    razorpay: { ...settings.razorpay, mode: sandboxIfOff(settings.razorpay.mode) },
  };
}

/** Each gateway's payment mode, as `/api/health` reports it. */
export function paymentModes(settings: GatewaySettings): { worldline: PaymentMode; razorpay: PaymentMode } {
  return { worldline: settings.worldline.mode, razorpay: settings.razorpay.mode };
}

/**
 * Whether sandbox mode is on: at least one gateway has no live credentials (each gateway is live
 * only with both of its credentials, {@link loadGatewaySettings}). Then the sandbox gateways are
 * served and the gateway calls go through the sandbox transport.
 */
export function sandboxModeOn(settings: GatewaySettings): boolean {
  return settings.worldline.mode === 'sandbox' || settings.razorpay.mode === 'sandbox';
}

/**
 * Extra Content-Security-Policy sources the real gateways' checkouts need, live or test (helmet, app.ts):
 * nothing in the sandbox or off (the sandbox's scripts and pages are same-origin).
 * - Paynimo (Worldline): its checkout.js origin for scripts, frames, calls, its stylesheet
 *   (`/paynimocheckout/server/css/checkout.css`) and images; and, because checkout.js with
 *   `enableNewWindowFlow: false` submits a form to the card issuer's ACS page or the bank's
 *   net-banking page, which can be any https origin, `form-action https:`.
 * - Razorpay Standard Checkout: checkout.razorpay.com and api.razorpay.com (its own frame posts to
 *   the bank, inside its origin's policy).
 */
export function gatewayCspSources(settings: GatewaySettings): {
  scriptSrc: string[];
  frameSrc: string[];
  connectSrc: string[];
  styleSrc: string[];
  imgSrc: string[];
  formAction: string[];
} {
  const lists = { scriptSrc: [], frameSrc: [], connectSrc: [], styleSrc: [], imgSrc: [], formAction: [] } as Record<
    'scriptSrc' | 'frameSrc' | 'connectSrc' | 'styleSrc' | 'imgSrc' | 'formAction',
    string[]
  >;
  if (realGateway(settings.worldline.mode)) {
    const origin = new URL(settings.worldline.checkoutScriptUrl).origin;
    lists.scriptSrc.push(origin);
    lists.frameSrc.push(origin);
    lists.connectSrc.push(origin);
    lists.styleSrc.push(origin);
    lists.imgSrc.push(origin);
    lists.formAction.push('https:');
  }
  if (realGateway(settings.razorpay.mode)) {
    lists.scriptSrc.push('https://checkout.razorpay.com');
    lists.frameSrc.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    lists.connectSrc.push('https://api.razorpay.com', 'https://lumberjack.razorpay.com');
  }
  const unique = (list: string[]) => [...new Set(list)];
  return {
    scriptSrc: unique(lists.scriptSrc),
    frameSrc: unique(lists.frameSrc),
    connectSrc: unique(lists.connectSrc),
    styleSrc: unique(lists.styleSrc),
    imgSrc: unique(lists.imgSrc),
    formAction: unique(lists.formAction),
  };
}
