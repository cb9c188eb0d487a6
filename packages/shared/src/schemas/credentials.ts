import { z } from 'zod';

/**
 * A parish's gateway credentials and WhatsApp Cloud API settings (issue 28 item 4, decision 0130):
 * entered on the Settings page, kept sealed with SETTINGS_KEY, never answered back. The answer
 * says of each field whether it is set (and when it was last changed); the non-secret ids (key id,
 * merchant code, phone number id, account ids) are also answered as they are.
 */

/** The secret fields: sealed in the database, never answered. */
export const SECRET_CREDENTIAL_FIELDS = [
  'razorpayKeySecret',
  'razorpayWebhookSecret',
  'worldlineSalt',
  'whatsappAccessToken',
  'whatsappAppSecret',
  'whatsappVerifyToken',
] as const;

/** The non-secret ids: kept plain, answered, and (account and phone number ids) used to find a webhook's parish. */
export const PLAIN_CREDENTIAL_FIELDS = [
  'razorpayKeyId',
  'razorpayAccountId',
  'worldlineMerchantId',
  'worldlineSchemeCode',
  'whatsappPhoneNumberId',
  'whatsappBusinessAccountId',
] as const;

/** Every credential field. */
export const CREDENTIAL_FIELDS = [...PLAIN_CREDENTIAL_FIELDS, ...SECRET_CREDENTIAL_FIELDS] as const;

/** A credential field's name. */
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/** A secret field's name. */
export type SecretCredentialField = (typeof SECRET_CREDENTIAL_FIELDS)[number];

/** A plain field's name. */
export type PlainCredentialField = (typeof PLAIN_CREDENTIAL_FIELDS)[number];

/** What each field is called in messages (the audit trail, the restore's "Re-enter: …" list). */
export const CREDENTIAL_LABELS: Record<CredentialField, string> = {
  razorpayKeyId: 'Razorpay key id',
  razorpayAccountId: 'Razorpay account id',
  razorpayKeySecret: 'Razorpay key secret',
  razorpayWebhookSecret: 'Razorpay webhook secret',
  worldlineMerchantId: 'Worldline merchant code',
  worldlineSchemeCode: 'Worldline scheme code',
  worldlineSalt: 'Worldline salt',
  whatsappPhoneNumberId: 'WhatsApp phone number id',
  whatsappBusinessAccountId: 'WhatsApp business account id',
  whatsappAccessToken: 'WhatsApp access token',
  whatsappAppSecret: 'WhatsApp app secret',
  whatsappVerifyToken: 'WhatsApp verify token',
};

/** Messages of the credential checks (the form shows them beside the field). */
export const CREDENTIALS_MSG = {
  razorpayKeyId: 'The Razorpay key id starts with rzp_live_ or rzp_test_',
  razorpayAccountId: 'The Razorpay account id starts with acc_',
  worldlineMerchantId: 'The Worldline merchant code is letters and digits',
  worldlineSchemeCode: 'The Worldline scheme code is letters, digits, - or _',
  whatsappPhoneNumberId: 'The WhatsApp phone number id is the digits Meta shows for the number (not the phone number)',
  whatsappBusinessAccountId: 'The WhatsApp business account id is digits',
  secret: 'Paste the value without spaces (at most 500 characters)',
  razorpayPair: 'Razorpay needs both the key id and the key secret',
  worldlinePair: 'Worldline needs the merchant code, the salt and the scheme code',
  whatsappPair: 'WhatsApp needs both the phone number id and the access token',
  takenByOtherParish: 'Another parish already uses this id: each parish has its own',
} as const;

const plain = (pattern: RegExp, message: string) => z.string().trim().max(100).regex(pattern, { message });
const secret = z
  .string()
  .trim()
  .min(1, { message: CREDENTIALS_MSG.secret })
  .max(500, { message: CREDENTIALS_MSG.secret })
  .regex(/^\S+$/, { message: CREDENTIALS_MSG.secret });

/** Each plain field's shape. */
const plainShapes = {
  razorpayKeyId: plain(/^rzp_(live|test)_[A-Za-z0-9]{6,40}$/, CREDENTIALS_MSG.razorpayKeyId),
  razorpayAccountId: plain(/^acc_[A-Za-z0-9]{6,40}$/, CREDENTIALS_MSG.razorpayAccountId),
  worldlineMerchantId: plain(/^[A-Za-z0-9]{2,40}$/, CREDENTIALS_MSG.worldlineMerchantId),
  worldlineSchemeCode: plain(/^[A-Za-z0-9_-]{1,40}$/, CREDENTIALS_MSG.worldlineSchemeCode),
  whatsappPhoneNumberId: plain(/^\d{6,30}$/, CREDENTIALS_MSG.whatsappPhoneNumberId),
  whatsappBusinessAccountId: plain(/^\d{6,30}$/, CREDENTIALS_MSG.whatsappBusinessAccountId),
};

/**
 * `PUT /api/admin/credentials` body: each field a new value, `null` to clear it, or absent to keep
 * it. Unknown fields are refused (400). Secret values are never logged or audited.
 */
export const updateCredentialsSchema = z.strictObject({
  ...Object.fromEntries(Object.entries(plainShapes).map(([name, shape]) => [name, shape.nullable().optional()])),
  ...Object.fromEntries(SECRET_CREDENTIAL_FIELDS.map((name) => [name, secret.nullable().optional()])),
}) as z.ZodType<Partial<Record<CredentialField, string | null>>>;

/** `PUT /api/admin/credentials` body. */
export type UpdateCredentials = Partial<Record<CredentialField, string | null>>;

/** One field's state: whether it is set, when it last changed, whether a restore cleared it. */
export const credentialStateSchema = z.object({
  set: z.boolean(),
  /** ISO time of the last change; null when never set. */
  updatedAt: z.string().nullable(),
  /** True when a restore found it sealed under another SETTINGS_KEY and cleared it. */
  needsReentry: z.boolean(),
});

/** One plain field's state: as {@link credentialStateSchema}, with its value ('' when not set). */
export const plainCredentialStateSchema = credentialStateSchema.extend({ value: z.string() });

/**
 * `GET|PUT /api/admin/credentials` answer: every field's state (never a secret's value), and
 * `homeEnvFallback` true when this is the home parish, whose empty fields fall back to the
 * environment's (RAZORPAY_*, WORLDLINE_*, WHATSAPP_*).
 */
export const credentialsSchema = z.object({
  fields: z.object({
    ...Object.fromEntries(PLAIN_CREDENTIAL_FIELDS.map((name) => [name, plainCredentialStateSchema])),
    ...Object.fromEntries(SECRET_CREDENTIAL_FIELDS.map((name) => [name, credentialStateSchema])),
  }) as unknown as z.ZodType<
    Record<PlainCredentialField, z.infer<typeof plainCredentialStateSchema>> &
      Record<SecretCredentialField, z.infer<typeof credentialStateSchema>>
  >,
  homeEnvFallback: z.boolean(),
});

/** `GET|PUT /api/admin/credentials` answer. */
export type Credentials = z.infer<typeof credentialsSchema>;
