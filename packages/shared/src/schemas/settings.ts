import { z } from 'zod';

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
});

/** Parish settings. */
export type ParishSettings = z.infer<typeof parishSettingsSchema>;

/** `PUT /api/settings` body: everything but the currency, which is always INR. */
export const updateParishSettingsSchema = parishSettingsSchema.omit({ currency: true });
