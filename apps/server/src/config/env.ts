import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

import { DEFAULT_PARISH_TIMEZONE, LANGUAGES, type Language } from '@parish/shared';
import { z } from 'zod';

import { prepareDataDir } from '../lib/data-dir-permissions.ts';
import { loadSettingsKey, type SettingsKey } from '../lib/settings-key.ts';
import { linkKeysFromSecret, readLinkKeys, type LinkKeys } from '../lib/link-keys.ts';
import { DEFAULT_WEB_DIST } from '../paths.ts';
import { loadBackupSettings, type BackupSettings } from './backup.ts';
import { loadGatewaySettings, type GatewaySettings } from './gateways.ts';

/**
 * WhatsApp template names by member language (decision 0141): `en` always present (the fallback of
 * a language with no approved translation).
 */
export type TemplateNames = Partial<Record<Language, string>> & { en: string };

/**
 * Reads a list `lang:name,...` of WhatsApp template names (a language of `LANGUAGES`, a name of
 * Meta's letters: lower-case, digits, underscores); `en` is required, as every other language falls
 * back to it. Refused at start-up when malformed.
 */
function templateNames(variable: string, fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((value, check): TemplateNames => {
      const names: Partial<Record<Language, string>> = {};
      for (const item of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const match = /^([a-z]{2}):([a-z0-9_]{1,512})$/.exec(item);
        const language = LANGUAGES.find((code) => code === match?.[1]);
        if (!match?.[2] || !language) {
          check.addIssue({ code: 'custom', message: `${variable} must look like en:payment,ml:payment_ml` });
          return z.NEVER;
        }
        names[language] = match[2];
      }
      if (!names.en) {
        check.addIssue({ code: 'custom', message: `${variable} must name the en template` });
        return z.NEVER;
      }
      return { ...names, en: names.en };
    });
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  PARISH_TIMEZONE: z
    .string()
    .default(DEFAULT_PARISH_TIMEZONE)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'PARISH_TIMEZONE must be an IANA time zone such as Asia/Kolkata'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // The key that seals each parish's secrets (decision 0130); DATA_DIR/settings-key when unset.
  SETTINGS_KEY: z.string().trim().min(32, 'SETTINGS_KEY must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().trim().min(3).max(50).default('admin'),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD must be at least 10 characters').optional(),
  PARISH_NAME: z.string().trim().min(1).max(150).default('St. Mary’s Parish'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(10).default(1200),
  // The reverse proxy whose X-Forwarded-For names the client (docs/deploy.md, "HTTPS with Caddy").
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => value === undefined || value === '' || parseTrustProxy(value) !== null,
      'TRUST_PROXY must be the proxy’s addresses or networks, comma-separated (e.g. 127.0.0.1 or loopback)',
    ),
  // The diocese's own host name (issue 28 item 5, decision 0131): served without a parish.
  DIOCESE_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
      'DIOCESE_HOST must be a host name, such as dues.diocese.example',
    )
    .optional(),
  // WhatsApp Cloud API (`docs/domain.md`, §10 "WhatsApp send", "WhatsApp answers", "WhatsApp error
  // codes" and "WhatsApp webhooks"); see Config.whatsapp.
  WHATSAPP_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).optional(),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION must look like v21.0')
    .default('v26.0'),
  WHATSAPP_BASE_URL: z.url().default('https://graph.facebook.com'),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_NOTIFY_ON_ASSIGN: z.stringbool().default(false),
  WHATSAPP_NOTIFY_ON_PAYMENT: z.stringbool().default(false),
  WHATSAPP_SEND_RECEIPTS: z.stringbool().default(true),
  WHATSAPP_PAYMENT_TEMPLATES: templateNames('WHATSAPP_PAYMENT_TEMPLATES', 'en:payment'),
  WHATSAPP_RECEIPT_TEMPLATES: templateNames('WHATSAPP_RECEIPT_TEMPLATES', 'en:receipt'),
  WHATSAPP_STATEMENT_TEMPLATES: templateNames('WHATSAPP_STATEMENT_TEMPLATES', 'en:statement'),
  WHATSAPP_ASSIGNMENT_TEMPLATES: templateNames('WHATSAPP_ASSIGNMENT_TEMPLATES', 'en:assignment'),
  WHATSAPP_SUCCESS_TEMPLATES: templateNames('WHATSAPP_SUCCESS_TEMPLATES', 'en:success'),
  WHATSAPP_SEND_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  WHATSAPP_WORKER: z.stringbool().default(true),
  EVENT_RELAY: z.stringbool().default(true),
  WHATSAPP_PAIR_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(6000),
  PAY_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  REMINDER_SCHEDULE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  SETTLEMENT_FETCH_HOURS: z.coerce.number().int().min(0).max(168).default(24),
  STAFF_MFA: z.enum(['offered', 'required'], 'STAFF_MFA must be offered or required').default('offered'),
  WHATSAPP_SIGN_IN_TEMPLATE: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'WHATSAPP_SIGN_IN_TEMPLATE must be a template name: lower-case letters, digits and _')
    .default('parish_sign_in_code'),
});

/**
 * WhatsApp Cloud API settings (`docs/domain.md`, §10 "WhatsApp send", "WhatsApp answers", "WhatsApp
 * error codes" and "WhatsApp webhooks"). Credentials stay on the server; `configured` is true only
 * with both the access token and the phone number id, and nothing is sent without them.
 */
export interface WhatsAppConfig {
  /** WHATSAPP_ACCESS_TOKEN: a System User (permanent) token, sent as the bearer. */
  accessToken: string | undefined;
  /** WHATSAPP_PHONE_NUMBER_ID: the business phone number's id (the path segment of the send URL). */
  phoneNumberId: string | undefined;
  /**
   * WHATSAPP_API_VERSION, default v26.0 (Graph API v26.0, released 29 July 2026; v21.0 stops on
   * 21 January 2027; `docs/domain.md`, §10 "WhatsApp send").
   */
  apiVersion: string;
  /** WHATSAPP_BASE_URL, default https://graph.facebook.com (tests point it at a local stand-in). */
  baseUrl: string;
  /** WHATSAPP_APP_SECRET: HMAC key of the webhook's X-Hub-Signature-256; webhooks are refused without it. */
  appSecret: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: the string Meta echoes in the webhook verification handshake. */
  verifyToken: string | undefined;
  /** WHATSAPP_NOTIFY_ON_ASSIGN (default false): message members when a head is assigned to them. */
  notifyOnAssign: boolean;
  /** WHATSAPP_NOTIFY_ON_PAYMENT (default false): send the `success` template after an online payment settles. */
  notifyOnPayment: boolean;
  /**
   * WHATSAPP_SEND_RECEIPTS (default true): after every receipt (counter or online) send the member
   * the receipt as a document (the `receipt` template, decision 0141). While it is on, the
   * `success` notice of WHATSAPP_NOTIFY_ON_PAYMENT is not sent (the receipt says it).
   */
  sendReceipts: boolean;
  /**
   * The approved template names by member language (decision 0141): WHATSAPP_PAYMENT_TEMPLATES for
   * the `payment` reminder (default `en:payment`) and WHATSAPP_RECEIPT_TEMPLATES for the receipt
   * document (default `en:receipt`), each a list `lang:name,...` of en, ml, hi, ta. A language
   * without a name is sent the English one. Decision 0143 adds WHATSAPP_STATEMENT_TEMPLATES (the
   * yearly statement document of a reminder round, default `en:statement`),
   * WHATSAPP_ASSIGNMENT_TEMPLATES (the new-assignment notice, default `en:assignment`) and
   * WHATSAPP_SUCCESS_TEMPLATES (the payment-success notice, default `en:success`), read alike.
   */
  templates: {
    payment: TemplateNames;
    receipt: TemplateNames;
    statement: TemplateNames;
    assignment: TemplateNames;
    success: TemplateNames;
  };
  /** WHATSAPP_SEND_INTERVAL_MS: pause between two messages, default 1000 (`docs/domain.md`, §9 "Sending"). */
  sendIntervalMs: number;
  /** WHATSAPP_TIMEOUT_MS: client timeout of one send, default 10000 (`docs/domain.md`, "RS-03"). */
  timeoutMs: number;
  /** WHATSAPP_RETRY_BASE_MS: first back-off after a 429 or 5xx, doubled each retry; default 1000. */
  retryBaseMs: number;
  /**
   * WHATSAPP_WORKER (default true): run the WhatsApp sender worker in this process
   * (`src/workers/reminder-sender.ts`), which sends queued jobs and notifications. With false,
   * this process still writes them (and sends immediate reminders itself); another process with
   * the worker on sends the rest.
   */
  worker: boolean;
  /** Whether sending is possible: access token and phone number id are both set. */
  configured: boolean;
  /**
   * WHATSAPP_PAIR_INTERVAL_MS (default 6000): least time between two messages to the same number,
   * and the least back-off after Meta's pair rate limit 131056 (`docs/domain.md`, §9 "Sending").
   */
  pairIntervalMs: number;
}

/** The server's configuration, validated at start-up (online payment: `./gateways.ts`). */
export interface Config extends GatewaySettings {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, generated secrets, lock file). */
  dataDir: string;
  /** A PostgreSQL server URL; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  parishTimezone: string;
  /** HMAC key for access tokens (HS256). */
  jwtSecret: string;
  /**
   * The key that seals each parish's secrets in the database (issue 28 item 4, decision 0130):
   * SETTINGS_KEY, else DATA_DIR/settings-key (read, or generated at first start and said in the log).
   */
  settingsKey: SettingsKey;
  /**
   * The online payment settings of a parish with no credentials of its own (decision 0130): the
   * environment's, without its gateway credentials (sandbox with PAYMENTS_SANDBOX, else off). The
   * environment's credentials serve the home parish (1) only.
   */
  gatewaysWithoutCredentials: GatewaySettings;
  /**
   * The keys that sign payment and receipt links: `DATA_DIR/link-keys` when a restore wrote it (the
   * keys of the machine the backup came from), else derived from `jwtSecret`
   * (`lib/link-keys.ts`; `docs/decisions/0071-backups-carry-the-link-keys.md`).
   */
  linkKeys: LinkKeys;
  adminUsername: string;
  /** First admin's password; when absent one is generated and printed once. */
  adminPassword: string | undefined;
  /** Default parish name for a new database (then editable in the settings screen). */
  parishName: string;
  /** The public origin used in generated links (never the request's Host header). */
  publicUrl: string;
  logLevel: string;
  /** Directory of the built web app, or null to serve the API only. */
  webDistDir: string | null;
  rateLimitPerMinute: number;
  /**
   * TRUST_PROXY: the addresses or networks (CIDR, or `loopback`, `linklocal`, `uniquelocal`) of the
   * reverse proxy in front of the app, whose `X-Forwarded-For` then names the client (Fastify's
   * `trustProxy`); `false` (the default) uses the connection's address and ignores the header
   * (`docs/domain.md`, "AU-02 Per-address throttle").
   */
  trustProxy: string[] | false;
  /**
   * DIOCESE_HOST: the host name of the diocese's own area (`/diocese`, `/api/diocese/...`), served in
   * no parish: a parish's routes there see no parish's data. null (the default): the diocese area
   * answers on every parish host instead (decision 0131).
   */
  dioceseHost: string | null;
  /** WhatsApp Cloud API settings (WHATSAPP_* variables). */
  whatsapp: WhatsAppConfig;
  /**
   * WHATSAPP_SIGN_IN_TEMPLATE (default `parish_sign_in_code`): the name of the approved
   * authentication template (copy-code button) that carries a member's sign-in code (decision
   * 0138; `docs/domain.md`, "Sign-in with a code on WhatsApp"). The same for every parish.
   */
  signInCodeTemplate: string;
  /**
   * EVENT_RELAY (default true): run the event relay worker (`src/workers/event-relay.ts`), which
   * carries change events between server processes sharing a PostgreSQL database
   * (LISTEN/NOTIFY), so every process's open screens see every change. Only on PostgreSQL; set
   * false for a process whose screens need not follow the others'.
   */
  eventRelay: boolean;
  /** Backups: BACKUP_KEEP, BACKUP_PASSPHRASE, BACKUP_COPY_DIR (`./backup.ts`). */
  backup: BackupSettings;
  /** PAY_LINK_DAYS (default 14): how long a signed payment link works (`docs/domain.md`, §9 "Payment links without a password"). */
  payLinkDays: number;
  /**
   * REMINDER_SCHEDULE_SECONDS (default 60; 0 turns it off): how often this process checks whether
   * the monthly scheduled reminders are due (`src/workers/scheduled-reminders.ts`).
   */
  reminderScheduleSeconds: number;
  /**
   * SETTLEMENT_FETCH_HOURS (default 24; 0 turns it off): how often this process fetches each
   * parish's Razorpay settlements (`src/workers/settlement-fetch.ts`, decision 0151).
   */
  settlementFetchHours: number;
  /**
   * STAFF_MFA (default `offered`): two-step sign-in is offered to every staff member, with a banner
   * until they set it up; `required`: an admin without it may do nothing but set it up
   * (`docs/domain.md`, "Two-step sign-in for staff").
   */
  staffMfa: 'offered' | 'required';
}

/**
 * Reads and validates the configuration from environment variables.
 * `DATA_DIR` is created for its owner only (and this process's umask set to 077:
 * `lib/data-dir-permissions.ts`). `JWT_SECRET` is generated and kept in `DATA_DIR/jwt-secret`
 * when absent; the link keys are read from `DATA_DIR/link-keys` when a restore wrote it.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means relative to where
  // the person ran npm (INIT_CWD), so `npm start` and `npm run demo` share ./data at the root.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), values.DATA_DIR);
  // The owner's only: this process creates folders 0700 and files 0600 (issue 27 item 19).
  prepareDataDir(dataDir);
  const jwtSecret = values.JWT_SECRET ?? readOrCreateSecret(path.join(dataDir, 'jwt-secret'));
  const webDistDir = values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    parishTimezone: values.PARISH_TIMEZONE,
    jwtSecret,
    settingsKey: loadSettingsKey(values.SETTINGS_KEY, dataDir),
    gatewaysWithoutCredentials: loadGatewaySettings(withoutGatewayCredentials(env)),
    linkKeys: readLinkKeys(dataDir) ?? linkKeysFromSecret(jwtSecret),
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    parishName: values.PARISH_NAME,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    logLevel: values.LOG_LEVEL,
    webDistDir: existsSync(path.join(webDistDir, 'index.html')) ? webDistDir : null,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy: (values.TRUST_PROXY && parseTrustProxy(values.TRUST_PROXY)) || false,
    dioceseHost: values.DIOCESE_HOST || null,
    ...loadGatewaySettings(env),
    whatsapp: {
      accessToken: values.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: values.WHATSAPP_PHONE_NUMBER_ID,
      apiVersion: values.WHATSAPP_API_VERSION,
      baseUrl: values.WHATSAPP_BASE_URL.replace(/\/$/, ''),
      appSecret: values.WHATSAPP_APP_SECRET,
      verifyToken: values.WHATSAPP_VERIFY_TOKEN,
      notifyOnAssign: values.WHATSAPP_NOTIFY_ON_ASSIGN,
      notifyOnPayment: values.WHATSAPP_NOTIFY_ON_PAYMENT,
      sendReceipts: values.WHATSAPP_SEND_RECEIPTS,
      templates: {
        payment: values.WHATSAPP_PAYMENT_TEMPLATES,
        receipt: values.WHATSAPP_RECEIPT_TEMPLATES,
        statement: values.WHATSAPP_STATEMENT_TEMPLATES,
        assignment: values.WHATSAPP_ASSIGNMENT_TEMPLATES,
        success: values.WHATSAPP_SUCCESS_TEMPLATES,
      },
      sendIntervalMs: values.WHATSAPP_SEND_INTERVAL_MS,
      timeoutMs: values.WHATSAPP_TIMEOUT_MS,
      retryBaseMs: values.WHATSAPP_RETRY_BASE_MS,
      worker: values.WHATSAPP_WORKER,
      configured: Boolean(values.WHATSAPP_ACCESS_TOKEN && values.WHATSAPP_PHONE_NUMBER_ID),
      pairIntervalMs: values.WHATSAPP_PAIR_INTERVAL_MS,
    },
    signInCodeTemplate: values.WHATSAPP_SIGN_IN_TEMPLATE,
    eventRelay: values.EVENT_RELAY,
    backup: loadBackupSettings(env, dataDir),
    payLinkDays: values.PAY_LINK_DAYS,
    reminderScheduleSeconds: values.REMINDER_SCHEDULE_SECONDS,
    settlementFetchHours: values.SETTLEMENT_FETCH_HOURS,
    staffMfa: values.STAFF_MFA,
  };
}

/** The environment without the gateway credentials (the variables that make a gateway live or test). */
function withoutGatewayCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const rest = { ...env };
  for (const name of [
    'WORLDLINE_MERCHANT_ID',
    'WORLDLINE_SALT',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
  ]) {
    delete rest[name];
  }
  return rest;
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** Names of address ranges that Fastify's `trustProxy` (proxy-addr) knows. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as the list Fastify's `trustProxy` takes: comma-separated IPv4/IPv6 addresses,
 * CIDR networks (`10.0.0.0/8`) or the range names `loopback`, `linklocal`, `uniquelocal`.
 * Trusting every address (`true`, `*`) is refused: then anyone could name their own address and
 * escape the per-address throttles.
 * @returns the list, or null when an entry is none of these
 */
export function parseTrustProxy(value: string): string[] | null {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const n = Number(bits);
    return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
  };
  return entries.every(valid) ? entries : null;
}
