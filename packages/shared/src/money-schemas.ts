import { z } from 'zod';

import { MSG } from './messages.ts';
import { parseRupeesToPaise, type Rupees } from './money.ts';

/**
 * Zod schema for a rupee amount on the wire: a non-negative JSON number with at most two
 * decimals. A third decimal is a 400 (`docs/domain.md`, §7 "Conventions"). Its output is typed
 * {@link Rupees}, so a validated wire amount passed where paise are expected fails to typecheck;
 * the route converts it with `rupeesToPaise` (the value itself is the number sent). The brand is
 * a cast of the checked number (no transform, so the JSON schema stays a plain number).
 */
export const rupeesSchema = z
  .number({ error: MSG.invalidAmount })
  .nonnegative({ error: MSG.invalidAmount })
  .refine((value) => parseRupeesToPaise(value) !== null, {
    error: MSG.invalidAmount,
  }) as z.ZodType<number, number> as z.ZodType<Rupees, number>;

/** A rupee amount that must be above zero (payment head amounts, `docs/domain.md`, §5 "Account head form"). */
export const positiveRupeesSchema = rupeesSchema.refine((value) => value > 0, {
  error: MSG.invalidAmount,
});

/**
 * A rupee amount in an answer (a JSON number, at most two decimals as the server writes it with
 * `paiseToRupees`). The same number as `z.number()` at run time; its type is {@link Rupees}, so
 * the server cannot put an amount in paise into an answer's rupee field without converting it
 * (`docs/domain.md`, §7 "Conventions").
 */
export const rupeesOutputSchema = z.number() as z.ZodType<number, number> as z.ZodType<Rupees, Rupees>;
