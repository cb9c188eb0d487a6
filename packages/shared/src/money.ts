/**
 * Money inside the product is an integer number of paise (1 rupee = 100 paise).
 * The API carries rupees as JSON numbers with at most two decimals (`docs/domain.md`, §7
 * "Conventions"); this module is the one place where the two meet, and it converts by string
 * parsing, never by float arithmetic.
 *
 * Units in the types (`docs/domain.md`, "Money, dates and time"): {@link Paise} and {@link Rupees}
 * are strictly branded numbers. A plain number is neither: it becomes one only through an explicit
 * conversion — {@link paise} and {@link rupees} (checked), {@link rupeesToPaise} /
 * {@link paiseToRupees} (between the units), {@link parseRupeesToPaise} (typed or sent text),
 * {@link paiseOfSum} (a SQL aggregate). An amount in one unit passed where the other is expected
 * fails to typecheck, and so does a plain number. Arithmetic on two amounts yields a plain
 * `number`; {@link addPaise} and {@link sumPaise} (or `paise(a - b)`) brand the result again.
 */

/** An integer amount in paise, made by {@link paise} or a conversion. Assignable to `number`. */
export type Paise = number & { readonly __unit: 'paise' };

/**
 * An amount in rupees as the wire carries it (a JSON number with at most two decimals), made by
 * {@link rupees}, {@link paiseToRupees} or a rupee schema (`money-schemas.ts`). Assignable to
 * `number`.
 */
export type Rupees = number & { readonly __unit: 'rupees' };

/** Zero paise: the default of a paise column, the start of a sum. */
export const ZERO_PAISE = 0 as Paise;

/** Zero rupees: an absent rupee amount shown as `₹0.00`. */
export const ZERO_RUPEES = 0 as Rupees;

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
  const amount = whole * 100 + fraction;
  return Number.isSafeInteger(amount) ? (amount as Paise) : null;
}

/**
 * Converts integer paise to a rupee number for the wire (`125050` -> `1250.5`).
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
  const text = INDIAN_GROUPING.format(Number(formatPaisePlain(paise).replace('-', '')));
  return `${sign}${options.symbol === false ? '' : '₹'}${text}`;
}

// The zod schemas of rupee amounts live in money-schemas.ts, so that formatting money loads no zod
// (issue 18: the member's dashboard formats amounts and must not download zod).
export { positiveRupeesSchema, rupeesOutputSchema, rupeesSchema } from './money-schemas.ts';

/**
 * Converts a rupee amount with at most 2 decimals to paise, exactly (by the digits): a value
 * already checked by {@link rupeesSchema}, or a signed figure the server computed in rupees (a
 * reversal's `-500.5` -> `-50050`, a day's net, a cash count's difference).
 * @throws RangeError for a value that is not a rupee amount with at most 2 decimals.
 */
export function rupeesToPaise(value: Rupees): Paise {
  const paise = parseRupeesToPaise(Math.abs(value));
  if (paise === null) throw new RangeError(`Not a rupee amount: ${value}`);
  return value < 0 && paise !== 0 ? (-paise as Paise) : paise;
}

/**
 * Checks and brands an amount in paise.
 * @param value a safe integer (negative allowed: a difference or a refund)
 * @throws RangeError when the value is not a safe integer (a fraction of a paisa, NaN, ±Infinity).
 */
export function paise(value: number): Paise {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an amount in paise: ${value}`);
  return value as Paise;
}

/**
 * Checks and brands an amount in rupees.
 * @param value a finite number with at most two decimals and at most 13 whole digits (negative
 *   allowed), e.g. `1250.5`
 * @throws RangeError for anything else (`1.005`, `0.1 + 0.2`, NaN, ±Infinity).
 */
export function rupees(value: number): Rupees {
  if (!Number.isFinite(value) || parseRupeesToPaise(Math.abs(value)) === null) {
    throw new RangeError(`Not a rupee amount: ${value}`);
  }
  return value as Rupees;
}

/** Another name of {@link rupeesToPaise}: rupees to paise, exactly, `rupees(1250.5)` -> `125050`. */
export const paiseFromRupees: (amount: Rupees) => Paise = rupeesToPaise;

/** Another name of {@link paiseToRupees}: paise to rupees for the wire, `paise(125050)` -> `1250.5`. */
export const rupeesFromPaise: (amount: Paise) => Rupees = paiseToRupees;

/**
 * The sum of amounts in paise, branded again: `addPaise(a, b, c)`.
 * @throws RangeError when the sum is not a safe integer (beyond ±2^53).
 */
export function addPaise(...amounts: Paise[]): Paise {
  return sumPaise(amounts);
}

/**
 * The sum of a list of amounts in paise ({@link ZERO_PAISE} for none).
 * @throws RangeError when the sum is not a safe integer (beyond ±2^53).
 */
export function sumPaise(amounts: Iterable<Paise>): Paise {
  let total = 0;
  for (const amount of amounts) total += amount;
  return paise(total);
}

/**
 * An amount in paise from a SQL aggregate or a raw row (`sum(amount_paise)`, a `bigint` column read
 * by `db.execute`), and the decoder of such a `sql` column (`.mapWith(paiseOfSum)`): node-postgres
 * sends `sum` of a `bigint` as `numeric` text, PGlite a number. `null` (a sum over no rows) is zero.
 * @param value what the driver gave: text, a number, a bigint, null or undefined
 * @throws RangeError when the value is not a whole number of paise within ±2^53.
 */
export function paiseOfSum(value: unknown): Paise {
  if (value === null || value === undefined) return ZERO_PAISE;
  return paise(Number(value));
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
  return formatINR(paise(amount < 0 && magnitude > 0 ? -magnitude : magnitude), options);
}
