import { z } from 'zod';

import { LANGUAGES } from '../languages.ts';
import { lineAboveLimitMessage } from '../messages.ts';
import { positiveRupeesSchema } from '../money-schemas.ts';
import { formatINR, paiseToRupees } from '../money.ts';
import { MAX_LINE_PAISE } from '../payment-rules.ts';
import { WARD_LABELS } from './wards.ts';

/** A receipt's possible second languages: '' (English only), Malayalam, Hindi or Tamil. */
export const RECEIPT_LANGUAGES = ['', 'ml', 'hi', 'ta'] as const;

/** Longest accepted logo, as a data URL (about 200 KB of image). */
export const MAX_LOGO_LENGTH = 280_000;

/**
 * Parish settings (`docs/domain.md`, §3 "Staff accounts, audit trail, settings" and §7 "Routes"):
 * shown on the landing page, the loading text and receipts. `logoUrl` is an `https:` URL or a
 * `data:image/...;base64,` URL.
 */
export const parishSettingsSchema = z.object({
  name: z.string().trim().min(1).max(150),
  address: z.string().trim().max(500),
  contact: z.string().trim().max(200),
  logoUrl: z
    .string()
    .trim()
    .max(MAX_LOGO_LENGTH)
    .refine(
      (value) =>
        value === '' ||
        /^https:\/\/[^\s"'<>]+$/.test(value) ||
        /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(value),
      { message: 'The logo must be an https address or an uploaded PNG, JPEG, GIF or WebP image' },
    ),
  currency: z.literal('INR'),
  /**
   * The receipts' second language beside English, '' for none (`docs/domain.md`, §8 "Bilingual
   * receipt"). The server always answers it; a `PUT` without it keeps the receipts' language.
   */
  receiptLanguage: z.enum(RECEIPT_LANGUAGES).optional(),
  /**
   * The parish's bound on one line, in rupees, above 0 and at most ₹1,00,00,000 (`docs/domain.md`,
   * §4 "Limits on one line", decision 0105): a parish may lower the one-crore bound, never raise
   * it. The server always answers it (one crore when not set); a `PUT` without it keeps it.
   */
  maxLineAmount: positiveRupeesSchema
    .refine((value) => value <= paiseToRupees(MAX_LINE_PAISE), {
      error: lineAboveLimitMessage(formatINR(MAX_LINE_PAISE)),
    })
    .optional(),
  /**
   * What the parish calls its wards: 'ward' or 'family_unit' (decision 0126; `docs/domain.md`,
   * "Wards"). The server always answers it ('ward' by default); a `PUT` without it keeps it.
   */
  wardLabel: z.enum(WARD_LABELS).optional(),
  /**
   * The languages the parish offers its members, at least one of en, ml, hi, ta (issue 28 item 4,
   * decision 0135): the member side's language switcher offers only these. The server always
   * answers them (all four by default); a `PUT` without them keeps them.
   */
  memberLanguages: z
    .array(z.enum(LANGUAGES))
    .min(1, { error: 'Choose at least one language for members' })
    .max(LANGUAGES.length)
    .refine((list) => new Set(list).size === list.length, { error: 'A language is listed twice' })
    .optional(),
  /**
   * The language of a member whose browser has no saved choice (the sign-in and pay-link pages),
   * one of `memberLanguages` (decision 0135). Answered always ('en' by default); kept when absent.
   */
  defaultLanguage: z.enum(LANGUAGES).optional(),
  /**
   * Whether the member sign-in offers a code on WhatsApp (decision 0138): the parish's effective
   * WhatsApp Cloud API is configured. Answered by `GET /api/settings` only; never saved.
   */
  whatsAppSignIn: z.boolean().optional(),
});

/** Parish settings. */
export type ParishSettings = z.infer<typeof parishSettingsSchema>;

/** The message when the default language is not one the parish offers (decision 0135). */
export const DEFAULT_LANGUAGE_NOT_OFFERED = 'The default language must be one of the languages the parish offers';

/**
 * `PUT /api/settings` body: everything but the currency, which is always INR. When both
 * `memberLanguages` and `defaultLanguage` are given, the default must be one of the languages (the
 * server checks the pair as stored too: decision 0135).
 */
export const updateParishSettingsSchema = parishSettingsSchema
  .omit({ currency: true, whatsAppSignIn: true })
  .refine(
    (value) =>
      value.memberLanguages === undefined ||
      value.defaultLanguage === undefined ||
      value.memberLanguages.includes(value.defaultLanguage),
    { error: DEFAULT_LANGUAGE_NOT_OFFERED, path: ['defaultLanguage'] },
  );

/**
 * `GET /api/admin/time-zone` (admin): the parish's time zone, whether an admin chose it on Settings
 * (else it is the install's `PARISH_TIMEZONE`), and the IANA zones the database knows, sorted with
 * `DEFAULT_PARISH_TIMEZONE` (Asia/Kolkata) first (issue 28 item 4, decision 0135).
 */
export const parishTimeZoneSchema = z.object({
  timeZone: z.string(),
  chosen: z.boolean(),
  zones: z.array(z.string()),
});

/** A parish's time zone answer. */
export type ParishTimeZone = z.infer<typeof parishTimeZoneSchema>;

/** `PUT /api/admin/time-zone` body: an IANA zone name the database knows (checked by the server). */
export const updateParishTimeZoneSchema = z.object({
  timeZone: z.string().trim().min(1, { error: 'Choose a time zone' }).max(64),
});
