import { z } from 'zod';

/**
 * Donations under section 80G of the Income-tax Act, 1961 (issue 30 item 8, decision 0148;
 * `docs/domain.md`, "Donations under section 80G"): the PAN and 80G registration number formats,
 * the trust's registration in Parish Settings, the donor's PAN on a member.
 */

/**
 * The fourth character of a PAN: the holder's type, as the Income-tax department assigns it
 * (P person, C company, H Hindu undivided family, F firm, A association of persons, T trust,
 * B body of individuals, L local authority, J artificial juridical person, G government).
 */
export const PAN_HOLDER_TYPES = ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'] as const;

/** A PAN: five letters (the fourth the holder type), four digits, one letter; upper case. */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z]$/;

/** Message for text that is not 5 letters, 4 digits and a letter. */
export const PAN_FORMAT_MESSAGE = 'A PAN is 10 characters: 5 letters, 4 digits, then a letter (e.g. ABCPE1234F)';

/** Message for a PAN whose fourth character is not a holder type. */
export const PAN_HOLDER_MESSAGE = `The 4th character of a PAN must be one of ${PAN_HOLDER_TYPES.join(', ')} (the holder type)`;

/**
 * An 80G registration number (URN) as the Income-tax department issues it since 2021 (Form 10AC):
 * the trust's PAN, a letter, then five digits, e.g. AAATT1234AF20214 (16 characters).
 */
export const URN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z][0-9]{4}[A-Z][A-Z][0-9]{5}$/;

/** Message for text that is not a 16-character URN. */
export const URN_FORMAT_MESSAGE =
  'The 80G registration number is 16 characters: the trust PAN, a letter and 5 digits (e.g. AAATT1234AF20214)';

/** Message for a URN that does not start with the trust's PAN. */
export const URN_PAN_MESSAGE = "The 80G registration number must start with the trust's PAN";

/** Message for a registration given in part. */
export const REGISTRATION_80G_INCOMPLETE_MESSAGE =
  'Fill in the trust name, trust PAN, 80G registration number and both validity dates, or leave them all empty';

/** Message for a validity that ends before it starts. */
export const REGISTRATION_80G_DATES_MESSAGE = 'The validity must end on or after the day it starts';

/** Message for a date that is not a real `YYYY-MM-DD` calendar date. */
export const REGISTRATION_80G_DATE_MESSAGE = 'Please enter a valid date';

/**
 * What is wrong with a PAN as typed, or null when it is a PAN. Spaces are ignored and letters
 * upper-cased first ({@link normalizePan}).
 * @returns {@link PAN_FORMAT_MESSAGE}, {@link PAN_HOLDER_MESSAGE} or null
 */
export function panProblem(value: string): string | null {
  const pan = normalizePan(value);
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) return PAN_FORMAT_MESSAGE;
  if (!PAN_PATTERN.test(pan)) return PAN_HOLDER_MESSAGE;
  return null;
}

/** A PAN as stored: spaces removed, upper case (not checked: see {@link panProblem}). */
export function normalizePan(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * A PAN as staff other than admins see it (decision 0148): the first five and the last character,
 * the four digits hidden, e.g. ABCPE1234F -> ABCPE****F.
 */
export function maskPan(pan: string): string {
  return pan.length === 10 ? `${pan.slice(0, 5)}****${pan.slice(9)}` : '**********';
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A PAN in a request: blank or null means none; otherwise checked and stored upper case. */
export const panInputSchema = z
  .string()
  .max(20, PAN_FORMAT_MESSAGE)
  .nullish()
  .transform((value, ctx) => {
    const pan = normalizePan(value ?? '');
    if (pan === '') return null;
    const problem = panProblem(pan);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return pan;
  })
  .meta({ description: 'PAN: 5 letters (4th the holder type), 4 digits, 1 letter; blank for none' });

const optionalDate = z
  .string()
  .trim()
  .max(10, REGISTRATION_80G_DATE_MESSAGE)
  .refine((value) => value === '' || isCalendarDate(value), { error: REGISTRATION_80G_DATE_MESSAGE });

/**
 * The parish trust's 80G registration (Parish Settings, admin; decision 0148): the trust's name and
 * PAN, the registration number (URN) and the calendar dates (YYYY-MM-DD, parish time) it is valid
 * from and to. All empty: the parish has none, and receipts carry no 80G lines.
 */
export const registration80gSchema = z.object({
  trustName: z.string().trim().max(200, 'The trust name must be at most 200 characters'),
  trustPan: z.string().max(20, PAN_FORMAT_MESSAGE),
  registrationNumber: z.string().max(30, URN_FORMAT_MESSAGE),
  validFrom: optionalDate,
  validTo: optionalDate,
});

/** The trust's 80G registration: `''` for every field not set. */
export type Registration80g = z.infer<typeof registration80gSchema>;

/**
 * `PUT /api/admin/registration-80g` body: {@link registration80gSchema}, with the PAN and URN
 * upper-cased and checked (format, holder type, URN starts with the trust PAN), all fields or none,
 * and the validity's end not before its start.
 */
export const updateRegistration80gSchema = registration80gSchema.transform((value, ctx) => {
  const out: Registration80g = {
    ...value,
    trustPan: normalizePan(value.trustPan),
    registrationNumber: normalizePan(value.registrationNumber),
  };
  const filled = [out.trustName, out.trustPan, out.registrationNumber, out.validFrom, out.validTo];
  if (filled.every((field) => field === '')) return out;
  if (filled.some((field) => field === '')) {
    ctx.addIssue({ code: 'custom', message: REGISTRATION_80G_INCOMPLETE_MESSAGE, path: ['trustName'] });
    return z.NEVER;
  }
  const panIssue = panProblem(out.trustPan);
  if (panIssue) {
    ctx.addIssue({ code: 'custom', message: panIssue, path: ['trustPan'] });
    return z.NEVER;
  }
  if (!URN_PATTERN.test(out.registrationNumber)) {
    ctx.addIssue({ code: 'custom', message: URN_FORMAT_MESSAGE, path: ['registrationNumber'] });
    return z.NEVER;
  }
  if (!out.registrationNumber.startsWith(out.trustPan)) {
    ctx.addIssue({ code: 'custom', message: URN_PAN_MESSAGE, path: ['registrationNumber'] });
    return z.NEVER;
  }
  if (out.validTo < out.validFrom) {
    ctx.addIssue({ code: 'custom', message: REGISTRATION_80G_DATES_MESSAGE, path: ['validTo'] });
    return z.NEVER;
  }
  return out;
});

/**
 * `GET|PUT /api/members/{id}/pan` answer: the member's PAN as the caller may see it — in full for
 * an admin, masked (ABCPE****F) for other staff ({@link maskPan}); null when none is stored.
 * `masked` says which.
 */
export const memberPanSchema = z.object({ pan: z.string().nullable(), masked: z.boolean() });

/** A member's PAN answer. */
export type MemberPan = z.infer<typeof memberPanSchema>;

/** `PUT /api/members/{id}/pan` body (admin): the PAN, or blank / null to remove it. */
export const updateMemberPanSchema = z.object({ pan: panInputSchema });

/** `GET /api/accounts/form-10bd.csv` and `/api/accounts/form-10be/{memberId}` query: the financial year, e.g. 2026-27. */
export const financialYearQuerySchema = z.object({
  fy: z
    .string({ error: 'Choose a financial year, e.g. 2026-27' })
    .trim()
    .regex(/^20\d\d-\d\d$/, { error: 'Choose a financial year, e.g. 2026-27' }),
});
