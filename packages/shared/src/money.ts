import { z } from 'zod';

import { MSG } from './messages.ts';

/**
 * Money inside the product is an integer number of paise (1 rupee = 100 paise).
 * The API carries rupees as JSON numbers with at most two decimals (`api-contract.md`,
 * "money"); this module is the one place where the two meet, and it converts by
 * string parsing, never by float arithmetic.
 */
export type Paise = number;

const RUPEES_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses a rupee amount given as a string or number (`"1,250.5"`, `1250.5`, `"1500"`) into paise.
 * Grouping commas and a leading `₹` are accepted in strings.
 * @returns the amount in paise, or `null` when the text is not a non-negative amount with at
 *   most two decimals.
 */
export function parseRupeesToPaise(input: string | number): Paise | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Shortest round-trip text of the number, e.g. 1250.5 -> "1250.5"; 0.1+0.2 fails (3rd decimal).
    text = String(input);
    if (/e/i.test(text)) return null;
  } else {
    text = input.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  }
  const match = RUPEES_PATTERN.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const paise = whole * 100 + fraction;
  return Number.isSafeInteger(paise) ? paise : null;
}

/** Converts integer paise to a rupee number for the wire (`125050` -> `1250.5`). */
export function paiseToRupees(paise: Paise): number {
  return Number(formatPaisePlain(paise));
}

/** Plain decimal text of a paise amount, two decimals, no grouping (`125050` -> `"1250.50"`). */
export function formatPaisePlain(paise: Paise): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const INDIAN_GROUPING = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats paise as rupees with Indian digit grouping: `10000000` -> `"₹1,00,000.00"`; a negative
 * amount puts the minus sign first (`"-₹1,500.50"`).
 * @param options.symbol set to false for `"1,00,000.00"` without the rupee sign.
 */
export function formatINR(paise: Paise, options: { symbol?: boolean } = {}): string {
  const sign = paise < 0 ? '-' : '';
  const text = INDIAN_GROUPING.format(paiseToRupees(Math.abs(paise)));
  return `${sign}${options.symbol === false ? '' : '₹'}${text}`;
}

/**
 * Zod schema for a rupee amount on the wire: a non-negative JSON number with at most two
 * decimals, transformed to paise. A third decimal is a 400 (`api-contract.md`).
 */
export const rupeesSchema = z
  .number({ error: MSG.invalidAmount })
  .nonnegative({ error: MSG.invalidAmount })
  .refine((value) => parseRupeesToPaise(value) !== null, { error: MSG.invalidAmount });

/** A rupee amount that must be above zero (payment head amounts, section 5). */
export const positiveRupeesSchema = rupeesSchema.refine((value) => value > 0, {
  error: MSG.invalidAmount,
});

/** Converts a value already checked by {@link rupeesSchema} to paise. */
export function rupeesToPaise(value: number): Paise {
  const paise = parseRupeesToPaise(value);
  if (paise === null) throw new RangeError(`Not a rupee amount: ${value}`);
  return paise;
}
