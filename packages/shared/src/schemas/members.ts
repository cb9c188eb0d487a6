import { z } from 'zod';

import { MSG } from '../messages.ts';
import { normalizeParishNumber } from '../parish-number.ts';
import { normalizeMobile } from '../phone.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional free text: blank becomes undefined ("optional fields are sent only when filled"). */
const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The member form and member CSV row (specification section 5, "Member form"), used by the
 * web form, the CSV import and the server alike. Output: `mobile` is 12 digits starting 91,
 * `parishNumber` is upper-case; blank optional fields are `undefined`.
 * Messages are the specification's.
 */
export const memberInputSchema = z.object({
  name: z
    .string({ error: MSG.memberRequired })
    .trim()
    .min(1, MSG.memberRequired)
    .max(100, MSG.nameTooLong),
  mobile: z
    .string({ error: MSG.memberRequired })
    .trim()
    .min(1, MSG.memberRequired)
    .transform((value, ctx) => {
      const result = normalizeMobile(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.mobile;
    }),
  parishNumber: z
    .string({ error: MSG.memberRequired })
    .trim()
    .min(1, MSG.memberRequired)
    .transform((value, ctx) => {
      const result = normalizeParishNumber(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.parishNumber;
    }),
  alternateContact: optionalText(20, 'Alternate contact must be at most 20 characters'),
  currentLocation: optionalText(100, 'Location must be at most 100 characters'),
  email: optionalText(254, MSG.invalidEmail).refine(
    (value) => value === undefined || EMAIL_PATTERN.test(value),
    MSG.invalidEmail,
  ),
  address: optionalText(500, MSG.addressTooLong),
});

/** A member as entered (before normalisation). */
export type MemberInputRaw = z.input<typeof memberInputSchema>;
/** A member after validation and normalisation. */
export type MemberInput = z.output<typeof memberInputSchema>;
