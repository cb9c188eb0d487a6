import { MSG } from './messages.ts';

/**
 * Normalises a member's mobile number as the member form does (`docs/domain.md`, §5 "Member form"):
 * spaces, dashes, brackets and a leading `+` are dropped, a 10-digit number gets the `91`
 * prefix, and the result must be 12 digits starting with `91`.
 * @returns `{ ok: true, mobile }` with the 12-digit number, or `{ ok: false, error }` with the
 *   product's message (`docs/domain.md`, §5 "Error and outcome messages").
 */
export function normalizeMobile(input: string): { ok: true; mobile: string } | { ok: false; error: string } {
  const digits = input.trim().replace(/[\s\-().+]/g, '');
  if (!/^\d+$/.test(digits)) return { ok: false, error: MSG.invalidMobile };
  const withCountry = digits.length === 10 ? `91${digits}` : digits;
  if (withCountry.length !== 12 || !withCountry.startsWith('91')) {
    return { ok: false, error: MSG.invalidMobile };
  }
  return { ok: true, mobile: withCountry };
}

/**
 * An Indian mobile number without the country code: 10 digits starting with 6, 7, 8 or 9 (the
 * National Numbering Plan; decision 0118 replaces the specification's "starting with 9").
 */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * The phone helper for WhatsApp (`docs/domain.md`, §5 "Phone numbers for WhatsApp", decision
 * 0118): accepts 10 to 15 digits after stripping everything else; an Indian mobile
 * ({@link INDIAN_MOBILE}: 10 digits starting with 6, 7, 8 or 9, or those after a trunk `0`) gets
 * `91` in front; any other number is sent as its digits.
 * @returns the digits to send to, or `null` when there are not 10 to 15 digits.
 */
export function toWhatsAppNumber(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length < 10 || digits.length > 15) return null;
  if (INDIAN_MOBILE.test(digits)) return `91${digits}`;
  if (digits.startsWith('0') && INDIAN_MOBILE.test(digits.slice(1))) return `91${digits.slice(1)}`;
  return digits;
}

/**
 * Reads a member login identifier: a 10- or 12-digit mobile (spaces, `+` and dashes ignored,
 * a leading 0 trunk prefix dropped) or a parish number (case-insensitive).
 * @returns which kind it is and its canonical value (12-digit mobile, upper-case parish number).
 */
export function parseLoginIdentifier(
  input: string,
): { kind: 'mobile'; value: string } | { kind: 'parishNumber'; value: string } {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[\s\-().+]/g, '');
  if (/^\d+$/.test(digits)) {
    const local = digits.length === 11 && digits.startsWith('0') ? digits.slice(1) : digits;
    const normalized = normalizeMobile(local);
    if (normalized.ok) return { kind: 'mobile', value: normalized.mobile };
  }
  return { kind: 'parishNumber', value: trimmed.toUpperCase() };
}

/**
 * A stored mobile as people read it (issue 29 item 4): `919847012345` → `+91 98470 12345`; any
 * other number (foreign, or not yet normalised) as it is.
 */
export function displayMobile(mobile: string): string {
  return /^91\d{10}$/.test(mobile) ? `+91 ${mobile.slice(2, 7)} ${mobile.slice(7)}` : mobile;
}
