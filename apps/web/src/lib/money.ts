import {
  ZERO_PAISE,
  ZERO_RUPEES,
  formatRupees as formatRupeeAmount,
  paise,
  parseRupeesToPaise,
  type Paise,
  type Rupees,
} from '@parish/shared';

/**
 * Rupee amounts from the API on screen: the web's one home for turning the API's rupees into paise
 * and text. The API carries rupees (at most two decimals); the screens compute in paise and format
 * with the shared formatter (`formatINR` / `formatRupees` of `@parish/shared`: Indian grouping,
 * `₹1,00,000.00`). See docs/domain.md, "§3 Data", for money in paise inside and rupees at the edge.
 * Imports no zod: the member's pages use it.
 */

/**
 * A rupee amount from the API in paise, exactly (by the digits, never `× 100` in floats):
 * `1500.5` -> `150050`; 0 for null, undefined, a negative amount or one that is not rupees with at
 * most two decimals.
 */
export function paiseOf(rupees: Rupees | null | undefined): Paise {
  if (rupees === null || rupees === undefined) return ZERO_PAISE;
  return parseRupeesToPaise(rupees) ?? ZERO_PAISE;
}

/**
 * The size of a rupee amount from the API, in paise: the sign dropped (a screen shows it apart),
 * 0 for null, undefined or an amount that is not rupees with at most two decimals.
 */
export function amountPaise(rupees: Rupees | null | undefined): Paise {
  return rupees === null || rupees === undefined ? ZERO_PAISE : (parseRupeesToPaise(Math.abs(rupees)) ?? ZERO_PAISE);
}

/**
 * A signed rupee amount from the API in paise, exactly: `-500.5` -> `-50050` (a cash count short of
 * the net cash, a day whose reversals exceed its collections); 0 for null, undefined or an amount
 * that is not rupees with at most two decimals.
 */
export function signedPaiseOf(rupees: Rupees | null | undefined): Paise {
  const size = amountPaise(rupees);
  return rupees !== null && rupees !== undefined && rupees < 0 && size !== 0 ? paise(-size) : size;
}

/**
 * A rupee amount from the API as `₹1,00,000.00` (`-₹1,500.50` when negative; null and undefined
 * as `₹0.00`): the shared `formatRupees`. An amount with more than two decimals, which the API does
 * not send, is rounded to the nearest paisa.
 */
export function formatRupees(rupees: Rupees | null | undefined): string {
  return formatRupeeAmount(rupees ?? ZERO_RUPEES);
}
