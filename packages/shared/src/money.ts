/**
 * Money inside the product is an integer number of paise (1 rupee = 100 paise).
 * The API carries rupees as JSON numbers with at most two decimals (`docs/domain.md`, §7
 * "Conventions"); this module is the one place where the two meet, and it converts by string
 * parsing, never by float arithmetic.
 *
 * Units in the types (`docs/domain.md`, "§3 Data"): {@link PaiseAmount} and {@link RupeeAmount}
 * are branded numbers made only by {@link paise}, {@link rupees} and the typed conversions
 * {@link paiseFromRupees} / {@link rupeesFromPaise}, so an amount in one unit passed where the
 * other is expected fails to typecheck. {@link Paise} and {@link Rupees} are their lenient forms:
 * a plain number is accepted (the code written before the brands), an amount branded with the
 * other unit is not.
 */

/**
 * An amount in paise as the existing functions take it: any number, but not a
 * {@link RupeeAmount} (nor a {@link Rupees} value). New code uses {@link PaiseAmount}.
 */
export type Paise = number & { readonly __unit?: 'paise' };

/**
 * An amount in rupees as the wire carries it (a JSON number with at most two decimals): any
 * number, but not a {@link PaiseAmount} (nor a {@link Paise} value). New code uses
 * {@link RupeeAmount}.
 */
export type Rupees = number & { readonly __unit?: 'rupees' };

/** An integer amount in paise, checked by {@link paise}. Assignable to `number` and {@link Paise}. */
export type PaiseAmount = number & { readonly __unit: 'paise' };

/**
 * An amount in rupees with at most two decimals, checked by {@link rupees}. Assignable to
 * `number` and {@link Rupees}.
 */
export type RupeeAmount = number & { readonly __unit: 'rupees' };

const RUPEES_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * Parses a rupee amount given as a string or number (`"1,250.5"`, `1250.5`, `"1500"`) into paise.
 * Grouping commas and a leading `₹` are accepted in strings.
 * @returns the amount in paise, or `null` when the text is not a non-negative amount with at
 *   most two decimals.
 */
export function parseRupeesToPaise(input: string | Rupees): Paise | null {
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

/**
 * Converts integer paise to a rupee number for the wire (`125050` -> `1250.5`).
 * Typed variant: {@link rupeesFromPaise}.
 */
export function paiseToRupees(paise: Paise): Rupees {
  return Number(formatPaisePlain(paise)) as Rupees;
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

// The zod schemas of rupee amounts live in money-schemas.ts, so that formatting money loads no zod
// (issue 18: the member's dashboard formats amounts and must not download zod).
export { positiveRupeesSchema, rupeesOutputSchema, rupeesSchema } from './money-schemas.ts';

/**
 * Converts a rupee amount with at most 2 decimals to paise, exactly (by the digits): a value
 * already checked by {@link rupeesSchema}, or a signed figure the server computed in rupees (a
 * reversal's `-500.5` -> `-50050`, a day's net, a cash count's difference).
 * Typed variant: {@link paiseFromRupees}.
 * @throws RangeError for a value that is not a rupee amount with at most 2 decimals.
 */
export function rupeesToPaise(value: Rupees): Paise {
  const paise = parseRupeesToPaise(Math.abs(value));
  if (paise === null) throw new RangeError(`Not a rupee amount: ${value}`);
  return value < 0 && paise !== 0 ? -paise : paise;
}

/**
 * Checks and brands an amount in paise.
 * @param value a safe integer (negative allowed: a difference or a refund)
 * @throws RangeError when the value is not a safe integer (a fraction of a paisa, NaN, ±Infinity).
 */
export function paise(value: number): PaiseAmount {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an amount in paise: ${value}`);
  return value as PaiseAmount;
}

/**
 * Checks and brands an amount in rupees.
 * @param value a finite number with at most two decimals and at most 13 whole digits (negative
 *   allowed), e.g. `1250.5`
 * @throws RangeError for anything else (`1.005`, `0.1 + 0.2`, NaN, ±Infinity).
 */
export function rupees(value: number): RupeeAmount {
  if (!Number.isFinite(value) || parseRupeesToPaise(Math.abs(value)) === null) {
    throw new RangeError(`Not a rupee amount: ${value}`);
  }
  return value as RupeeAmount;
}

/**
 * The typed {@link rupeesToPaise}: rupees to paise, exactly (by the digits, never by float
 * multiplication): `rupees(1250.5)` -> `125050`. Negative amounts keep their sign.
 * @throws RangeError for a value that was not made by {@link rupees} and is not a rupee amount.
 */
export function paiseFromRupees(amount: RupeeAmount): PaiseAmount {
  const magnitude = parseRupeesToPaise(Math.abs(amount));
  if (magnitude === null) throw new RangeError(`Not a rupee amount: ${amount}`);
  return paise(amount < 0 ? -magnitude : magnitude);
}

/** The typed {@link paiseToRupees}: paise to rupees for the wire, `paise(125050)` -> `1250.5`. */
export function rupeesFromPaise(amount: PaiseAmount): RupeeAmount {
  return paiseToRupees(amount) as RupeeAmount;
}

/**
 * Formats a rupee amount as the wire carries it with {@link formatINR}, the one rupee formatter:
 * `100000` -> `"₹1,00,000.00"`, `-1500.5` -> `"-₹1,500.50"`. A value with more than two decimals
 * (a sum of floats such as `0.1 + 0.2`) is rounded to the nearest paisa first.
 * @param options.symbol set to false for `"1,00,000.00"` without the rupee sign.
 * @throws RangeError for NaN or ±Infinity (JSON cannot carry them, so an API value never is one).
 */
export function formatRupees(amount: Rupees, options: { symbol?: boolean } = {}): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a rupee amount: ${amount}`);
  const text = Math.abs(amount).toFixed(2);
  const magnitude = parseRupeesToPaise(text) ?? Math.round(Math.abs(amount) * 100);
  return formatINR(amount < 0 && magnitude > 0 ? -magnitude : magnitude, options);
}
