import { z } from 'zod';

import { MSG } from './messages.ts';
import { parseRupeesToPaise } from './money.ts';

/**
 * Zod schema for a rupee amount on the wire: a non-negative JSON number with at most two
 * decimals, transformed to paise. A third decimal is a 400 (`docs/domain.md`, §7 "Conventions").
 */
export const rupeesSchema = z
  .number({ error: MSG.invalidAmount })
  .nonnegative({ error: MSG.invalidAmount })
  .refine((value) => parseRupeesToPaise(value) !== null, { error: MSG.invalidAmount });

/** A rupee amount that must be above zero (payment head amounts, `docs/domain.md`, §5 "Account head form"). */
export const positiveRupeesSchema = rupeesSchema.refine((value) => value > 0, {
  error: MSG.invalidAmount,
});
