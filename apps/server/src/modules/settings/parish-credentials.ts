import { and, eq, sql } from 'drizzle-orm';

import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_LABELS,
  CREDENTIALS_MSG,
  ErrorCode,
  PLAIN_CREDENTIAL_FIELDS,
  SECRET_CREDENTIAL_FIELDS,
  type CredentialField,
  type Credentials,
  type UpdateCredentials,
} from '@parish/shared';

import type { GatewaySettings, RazorpaySettings, WorldlineSettings } from '../../config/gateways.ts';
import type { Config, WhatsAppConfig } from '../../config/env.ts';
import { actorOf, type ServiceContext } from '../../context.ts';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { currentParishId } from '../../db/parish-scope.ts';
import { parishCredentials } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { openText, sealText } from '../../lib/secret-box.ts';
import type { SettingsKey } from '../../lib/settings-key.ts';
import { recordAudit } from '../audit/audit.repository.ts';

/**
 * Each parish's gateway credentials and WhatsApp Cloud API settings (issue 28 item 4, decision
 * 0130; migration 0030): entered by the parish's admin, the secrets sealed with the settings key
 * (`lib/settings-key.ts`) and never answered back; the parish's own values win over the environment,
 * whose RAZORPAY_*, WORLDLINE_* and WHATSAPP_* credentials serve the home parish (1) only. Read by
 * the gateways and the WhatsApp sender and webhooks (modules above this one).
 */

/** The home parish: the one the environment's credentials serve (decision 0130). */
export const HOME_PARISH_ID = 1;

const SECRET_SET: ReadonlySet<string> = new Set(SECRET_CREDENTIAL_FIELDS);

/** The parish of the work in progress, the home parish outside any (scripts, workers of one parish). */
export function parishInProgress(): number {
  return currentParishId() ?? HOME_PARISH_ID;
}

/** How many times each parish's credentials changed in this process (see {@link credentialsVersion}). */
const versions = new Map<number, number>();

/**
 * A counter of the changes to a parish's credentials made by this process (saved on the Settings
 * page, or cleared after a restore or an import): a cache of anything derived from them (the
 * Content-Security-Policy of `gateway-csp.ts`, decision 0134) keeps the version it was made at and
 * is remade when it differs. Changes made by another process are not counted: such caches also expire.
 * @returns 0 until the first change
 */
export function credentialsVersion(parishId: number): number {
  return versions.get(parishId) ?? 0;
}

function credentialsChanged(parishId: number): void {
  versions.set(parishId, credentialsVersion(parishId) + 1);
}

/** A stored row of `parish_credentials`. */
type CredentialRow = typeof parishCredentials.$inferSelect;

async function credentialRows(db: DbOrTx, parishId: number): Promise<CredentialRow[]> {
  return db.select().from(parishCredentials).where(eq(parishCredentials.parishId, parishId));
}

/**
 * What the Settings page shows of a parish's credentials (decision 0130): of each field whether it
 * is set, when it last changed and whether a restore cleared it; the plain ids' values; never a
 * secret's value.
 * @param parishId the parish (the request's: `parishInProgress()`)
 */
export async function credentialsAnswer(db: DbOrTx, parishId: number): Promise<Credentials> {
  const rows = new Map((await credentialRows(db, parishId)).map((row) => [row.field, row]));
  const fields: Record<string, unknown> = {};
  for (const field of CREDENTIAL_FIELDS) {
    const row = rows.get(field);
    const state = {
      set: Boolean(row && row.value !== '' && !row.needsReentry),
      updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
      needsReentry: row?.needsReentry ?? false,
    };
    fields[field] = SECRET_SET.has(field) ? state : { ...state, value: row && !row.sealed ? row.value : '' };
  }
  return { fields: fields as Credentials['fields'], homeEnvFallback: parishId === HOME_PARISH_ID };
}

/**
 * The opened values of a parish's credentials: each set field's text. A sealed value under another
 * key (its key id differs, or it does not open) is left out, as a cleared one is.
 * @param key the settings key in force (`config.settingsKey`)
 */
export async function openCredentials(
  db: DbOrTx,
  key: SettingsKey,
  parishId: number,
): Promise<Partial<Record<CredentialField, string>>> {
  const values: Partial<Record<CredentialField, string>> = {};
  for (const row of await credentialRows(db, parishId)) {
    if (row.value === '' || row.needsReentry || !isField(row.field)) continue;
    if (!row.sealed) {
      values[row.field] = row.value;
      continue;
    }
    if (row.keyId !== key.id) continue;
    const opened = openText(key.key, row.value);
    if (opened !== null) values[row.field] = opened;
  }
  return values;
}

function isField(name: string): name is CredentialField {
  return (CREDENTIAL_FIELDS as readonly string[]).includes(name);
}

/** The gateway and WhatsApp groups: a group's fields are set together or not at all (400 otherwise). */
const GROUPS: { fields: CredentialField[]; message: string }[] = [
  { fields: ['razorpayKeyId', 'razorpayKeySecret'], message: CREDENTIALS_MSG.razorpayPair },
  { fields: ['worldlineMerchantId', 'worldlineSalt', 'worldlineSchemeCode'], message: CREDENTIALS_MSG.worldlinePair },
  { fields: ['whatsappPhoneNumberId', 'whatsappAccessToken'], message: CREDENTIALS_MSG.whatsappPair },
];

/** The ids a webhook finds its parish by: each names one parish across the deployment. */
const ROUTING_FIELDS: CredentialField[] = ['razorpayAccountId', 'whatsappPhoneNumberId'];

/**
 * Saves a parish's credentials (admin; issue 28 item 4, decision 0130): each field of `input` a new
 * value (a secret sealed with the settings key), `null` to clear it, absent to keep it. Audited
 * `settings.credentials_updated` with the names of the fields changed and the plain ids before and
 * after, never a secret's value, in the same transaction.
 * @returns the answer of {@link credentialsAnswer} after the change
 * @throws AppError 400 VALIDATION_ERROR when a gateway's or WhatsApp's fields the input touches would
 *   be set only in part ({@link CREDENTIALS_MSG}), or when a Razorpay account id or WhatsApp phone number id is
 *   another parish's ({@link CREDENTIALS_MSG.takenByOtherParish}); nothing changes then. 401 without
 *   a signed-in caller.
 */
export async function updateCredentials(ctx: ServiceContext, input: UpdateCredentials): Promise<Credentials> {
  actorOf(ctx);
  const parishId = parishInProgress();
  const key = ctx.config.settingsKey;
  const saved = await ctx.db.transaction(async (tx) => {
    const rows = new Map((await credentialRows(tx, parishId)).map((row) => [row.field, row]));
    const isSet = (field: CredentialField): boolean => {
      const given = input[field];
      if (given !== undefined) return given !== null && given !== '';
      const row = rows.get(field);
      return Boolean(row && row.value !== '' && !row.needsReentry);
    };
    for (const group of GROUPS) {
      if (group.fields.every((field) => input[field] === undefined)) continue;
      const set = group.fields.filter(isSet).length;
      if (set > 0 && set < group.fields.length) {
        const missing: string = group.fields.find((field) => !isSet(field)) ?? '';
        throw new AppError(ErrorCode.VALIDATION_FAILED, group.message, [{ field: missing, message: group.message }]);
      }
    }
    for (const field of ROUTING_FIELDS) {
      const value = input[field];
      if (!value) continue;
      const owner = await parishOfCredential(tx, field, value);
      if (owner !== null && owner !== parishId) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, CREDENTIALS_MSG.takenByOtherParish, [
          { field, message: CREDENTIALS_MSG.takenByOtherParish },
        ]);
      }
    }
    const before = await credentialsAnswer(tx, parishId);
    const changed: CredentialField[] = [];
    const now = ctx.clock.now().toISOString();
    for (const field of CREDENTIAL_FIELDS) {
      const value = input[field];
      if (value === undefined) continue;
      changed.push(field);
      if (value === null || value === '') {
        await tx
          .delete(parishCredentials)
          .where(and(eq(parishCredentials.parishId, parishId), eq(parishCredentials.field, field)));
        continue;
      }
      const sealed = SECRET_SET.has(field);
      const values = {
        value: sealed ? sealText(key.key, value) : value,
        sealed,
        keyId: sealed ? key.id : null,
        needsReentry: false,
        updatedAt: now,
      };
      await tx
        .insert(parishCredentials)
        .values({ parishId, field, ...values })
        .onConflictDoUpdate({ target: [parishCredentials.parishId, parishCredentials.field], set: values });
    }
    const after = await credentialsAnswer(tx, parishId);
    await recordAudit(tx, ctx.audit, {
      action: 'settings.credentials_updated',
      entityType: 'parish_credentials',
      entityId: String(parishId),
      before: auditView(before),
      after: { ...auditView(after), changed: changed.map((field) => CREDENTIAL_LABELS[field]) },
    });
    return after;
  });
  // After the commit, so that nothing reads the old values again under the new version.
  credentialsChanged(parishId);
  return saved;
}

/** What the audit trail keeps of the credentials: which are set, the plain ids; never a secret. */
function auditView(answer: Credentials): Record<string, string | boolean> {
  const view: Record<string, string | boolean> = {};
  for (const field of PLAIN_CREDENTIAL_FIELDS) view[field] = answer.fields[field].value;
  for (const field of SECRET_CREDENTIAL_FIELDS) view[field] = answer.fields[field].set;
  return view;
}

/**
 * The parish whose Razorpay (or Worldline) order this is, across every parish (decision 0130): the
 * SECURITY DEFINER function of migration 0030, so that the row-level policies do not hide it before
 * the parish is known.
 * @returns the parish id, or null when no parish (or more than one) has the order
 */
export async function parishOfGatewayOrder(
  db: DbOrTx,
  gateway: 'razorpay' | 'worldline',
  orderId: string,
): Promise<number | null> {
  const [row] = await queryRows<{ parish_id: number | null }>(
    db,
    sql`select parish_of_gateway_order(${gateway}, ${orderId}) as parish_id`,
  );
  return row?.parish_id ?? null;
}

/**
 * The parish a plain id (Razorpay account id, WhatsApp phone number id) belongs to, across every
 * parish (migration 0030's SECURITY DEFINER function).
 * @returns the parish id, or null when no parish (or more than one) has it
 */
export async function parishOfCredential(db: DbOrTx, field: CredentialField, value: string): Promise<number | null> {
  const [row] = await queryRows<{ parish_id: number | null }>(
    db,
    sql`select parish_of_credential(${field}, ${value}) as parish_id`,
  );
  return row?.parish_id ?? null;
}

/** What the gateways and WhatsApp need of the configuration. */
type CredentialDeps = {
  db: DbOrTx;
  config: Pick<Config, 'settingsKey' | 'gatewaysWithoutCredentials' | 'whatsapp'> & GatewaySettings;
};

/**
 * The online payment settings of a parish (decision 0130): per gateway, the parish's own credentials
 * when it has them (`test` mode for a Razorpay `rzp_test_` key or a Worldline `T…` merchant, else
 * `live`); else, for the home parish, the environment's (`config`, as today); else the environment's
 * without credentials (sandbox with PAYMENTS_SANDBOX, else off).
 * @param parishId the parish (`parishInProgress()` for the request's)
 */
export async function parishGatewaySettings(deps: CredentialDeps, parishId: number): Promise<GatewaySettings> {
  const values = await openCredentials(deps.db, deps.config.settingsKey, parishId);
  const fallback = parishId === HOME_PARISH_ID ? deps.config : deps.config.gatewaysWithoutCredentials;
  const bare = deps.config.gatewaysWithoutCredentials;
  let razorpay: RazorpaySettings = fallback.razorpay;
  if (values.razorpayKeyId && values.razorpayKeySecret) {
    const apiUrl = bare.razorpay.apiUrl.startsWith('/') ? 'https://api.razorpay.com' : bare.razorpay.apiUrl;
    razorpay = {
      mode: values.razorpayKeyId.startsWith('rzp_test_') ? 'test' : 'live',
      keyId: values.razorpayKeyId,
      keySecret: values.razorpayKeySecret,
      webhookSecret: values.razorpayWebhookSecret ?? values.razorpayKeySecret,
      apiUrl,
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
    };
  }
  let worldline: WorldlineSettings = fallback.worldline;
  if (values.worldlineMerchantId && values.worldlineSalt && values.worldlineSchemeCode) {
    const real = bare.worldline.statusUrl.startsWith('/') ? null : bare.worldline;
    worldline = {
      mode: /^T/i.test(values.worldlineMerchantId) ? 'test' : 'live',
      merchantId: values.worldlineMerchantId,
      salt: values.worldlineSalt,
      schemeCode: values.worldlineSchemeCode,
      checkoutScriptUrl: real?.checkoutScriptUrl.startsWith('http')
        ? real.checkoutScriptUrl
        : 'https://www.paynimo.com/paynimocheckout/server/lib/checkout.js',
      jqueryScriptUrl: 'https://www.paynimo.com/paynimocheckout/client/lib/jquery.min.js',
      statusUrl: real?.statusUrl ?? 'https://www.paynimo.com/api/paynimoV2.req',
    };
  }
  return { worldline, razorpay, gatewayRecheckSeconds: deps.config.gatewayRecheckSeconds };
}

/**
 * The WhatsApp Cloud API settings of a parish (decision 0130): the parish's own phone number id,
 * access token, app secret and verify token when it has a phone number id; else, for the home
 * parish, the environment's (WHATSAPP_*); else none (not configured: nothing is sent, its webhooks
 * are refused). The other settings (API version, intervals, notifications) are the environment's.
 */
export async function parishWhatsAppConfig(deps: CredentialDeps, parishId: number): Promise<WhatsAppConfig> {
  const values = await openCredentials(deps.db, deps.config.settingsKey, parishId);
  const env = deps.config.whatsapp;
  if (values.whatsappPhoneNumberId) {
    return {
      ...env,
      phoneNumberId: values.whatsappPhoneNumberId,
      accessToken: values.whatsappAccessToken,
      appSecret: values.whatsappAppSecret,
      verifyToken: values.whatsappVerifyToken,
      configured: Boolean(values.whatsappAccessToken),
    };
  }
  if (parishId === HOME_PARISH_ID) return env;
  return {
    ...env,
    phoneNumberId: undefined,
    accessToken: undefined,
    appSecret: undefined,
    verifyToken: undefined,
    configured: false,
  };
}

/**
 * After a restore (decision 0130): every sealed value that does not open under `key` (sealed under
 * another SETTINGS_KEY) is cleared and marked for re-entry; nothing else changes. Runs over every
 * parish, as the migrations' owner (the restore's connection, before the app's role), or over one
 * (`parishId`: a parish just imported, decision 0127).
 * @returns one entry per cleared value: its parish and field, sorted
 */
export async function clearSecretsSealedUnderAnotherKey(
  db: DbOrTx,
  key: SettingsKey,
  parishId?: number,
): Promise<{ parishId: number; field: CredentialField; label: string }[]> {
  const rows = await db
    .select()
    .from(parishCredentials)
    .where(
      and(
        eq(parishCredentials.sealed, true),
        eq(parishCredentials.needsReentry, false),
        parishId === undefined ? undefined : eq(parishCredentials.parishId, parishId),
      ),
    );
  const cleared: { parishId: number; field: CredentialField; label: string }[] = [];
  for (const row of rows) {
    if (row.value === '' || !isField(row.field)) continue;
    if (row.keyId === key.id && openText(key.key, row.value) !== null) continue;
    await db
      .update(parishCredentials)
      .set({ value: '', needsReentry: true })
      .where(and(eq(parishCredentials.parishId, row.parishId), eq(parishCredentials.field, row.field)));
    credentialsChanged(row.parishId);
    cleared.push({ parishId: row.parishId, field: row.field, label: CREDENTIAL_LABELS[row.field] });
  }
  return cleared.sort((a, b) => a.parishId - b.parishId || a.field.localeCompare(b.field));
}
