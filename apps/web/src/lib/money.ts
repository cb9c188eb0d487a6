import { formatINR, parseRupeesToPaise, type Paise } from '@parish/shared';

/**
 * Rupee amounts from the API on screen. The API carries rupees (at most two decimals); the screens
 * format paise with the shared `formatINR` (Indian grouping, `₹1,00,000.00`). See docs/domain.md,
 * "§3 Data", for money in paise inside and rupees at the edge.
 */

/**
 * The size of a rupee amount from the API, in paise: the sign dropped (a screen shows it apart),
 * 0 for null, undefined or an amount that is not rupees with at most two decimals.
 */
export function amountPaise(rupees: number | null | undefined): Paise {
  if (rupees === null || rupees === undefined) return 0;
  return parseRupeesToPaise(Math.abs(rupees)) ?? 0;
}

/**
 * A rupee amount from the API as `₹1,00,000.00` (`-₹1,500.50` when negative; null and undefined
 * as `₹0.00`). An amount with more than two decimals, which the API does not send, is rounded to
 * the nearest paisa.
 */
export function formatRupees(rupees: number | null | undefined): string {
  const value = rupees ?? 0;
  const paise = parseRupeesToPaise(Math.abs(value)) ?? Math.round(Math.abs(value) * 100);
  return formatINR(value < 0 ? -paise : paise);
}
