import { z } from 'zod';

import { toCanonicalHeadType } from './head-types.ts';

/** Zod schema for a head type in a request: canonical or legacy, transformed to canonical. */
export const headTypeInputSchema = z
  .string()
  .transform((value, ctx) => {
    const canonical = toCanonicalHeadType(value);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: 'Unknown payment head type' });
      return z.NEVER;
    }
    return canonical;
  })
  .meta({ description: 'arrear | current due | miscellaneous (legacy: arrears, normal, due, current, misc)' });
