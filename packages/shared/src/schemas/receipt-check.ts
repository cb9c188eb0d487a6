import { z } from 'zod';

import { rupeesOutputSchema } from '../money.ts';

/**
 * A receipt anyone can check (issue 29 item 7; `docs/decisions/0137-receipt-check-links.md`): every
 * printed receipt carries a QR code of `{the parish's public address}/r/{token}`, a signed link to
 * a public page that says whether that receipt is genuine. Its data come from
 * `GET /api/receipt-check/{token}` (no sign-in).
 */

/** The token of a receipt check link: 44 characters of base64url (the receipt id and a MAC). */
export const receiptCheckParamsSchema = z.object({ token: z.string().max(200) });

/**
 * What the check page shows, and nothing more: no name, mobile or parish number, only the member's
 * initials (`T. M.` for Thomas Mathew).
 * - `receiptNumber`: `2026-27/000123`;
 * - `date`: the day it was issued, `YYYY-MM-DD` in the parish's time zone;
 * - `amount`: the receipt's total in rupees (the HTTP edge; paise inside);
 * - `status`: `valid` while it stands, `voided` after a reversal;
 * - `initials`: the member's initials;
 * - `test`: paid by a sandbox (test) checkout, so no money was received (decision 0114).
 */
export const receiptCheckSchema = z.object({
  receiptNumber: z.string(),
  date: z.iso.date(),
  amount: rupeesOutputSchema,
  status: z.enum(['valid', 'voided']),
  initials: z.string(),
  test: z.boolean(),
});

/** The answer of `GET /api/receipt-check/{token}`. */
export type ReceiptCheck = z.infer<typeof receiptCheckSchema>;

/** The texts of a receipt check. */
export const RECEIPT_CHECK_MSG = {
  /** 404: a token that is malformed, tampered, of another parish, or of no receipt. */
  unknown: 'This receipt could not be found. Check that the whole link was copied.',
} as const;

/**
 * A member's initials as a receipt check shows them: the first letter (grapheme cluster: a
 * Malayalam, Hindi or Tamil letter with its vowel sign stays whole) of each word of the name,
 * upper-cased, each followed by a dot: 'Thomas Mathew' → 'T. M.'. Words without a letter
 * (punctuation, a number) are skipped; an empty name gives ''.
 * @param name the member's name as registered
 */
export function memberInitials(name: string): string {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return name
    .normalize('NFC')
    .split(/[\s.]+/u)
    .filter((word) => /\p{L}/u.test(word))
    .map((word) => {
      const [first] = Array.from(segmenter.segment(word.replace(/^[^\p{L}\p{N}]+/u, '')), (part) => part.segment);
      return `${(first ?? '').toLocaleUpperCase('en-IN')}.`;
    })
    .join(' ');
}
