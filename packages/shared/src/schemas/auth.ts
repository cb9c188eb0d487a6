import { z } from 'zod';

import { LANGUAGES } from '../languages.ts';
import { MSG } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { isStorableText } from '../safe-text.ts';

/** The text rule of every field (`isStorableText`): the same message on the web and the server. */
const storable = { message: MSG.unstorableText };

/** `POST /api/auth/admin/login` body (`docs/domain.md`, §5 "Staff sign-in form": both must be non-blank). */
export const staffLoginSchema = z.object({
  username: z
    .string({ error: MSG.staffLoginBlank })
    .trim()
    .min(1, MSG.staffLoginBlank)
    .max(100)
    .refine(isStorableText, storable),
  password: z
    .string({ error: MSG.staffLoginBlank })
    .min(1, MSG.staffLoginBlank)
    .max(200)
    .refine(isStorableText, storable),
});

/** `POST /api/auth/customer/login` body: a mobile (10 or 12 digits) or a parish number. */
export const memberLoginSchema = z.object({
  identifier: z
    .string({ error: MSG.memberIdentifierBlank })
    .trim()
    .min(1, MSG.memberIdentifierBlank)
    .max(100)
    .refine(isStorableText, storable),
  password: z
    .string({ error: MSG.memberPasswordBlank })
    .min(1, MSG.memberPasswordBlank)
    .max(200)
    .refine(isStorableText, storable),
});

/** `POST /api/auth/change-password` body. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(200).refine(isStorableText, storable),
  newPassword: z.string().min(8, MSG.passwordTooShort).max(200).refine(isStorableText, storable),
});

/** The signed-in user as login and verify return it (`docs/domain.md`, §7 "Entities on the wire"). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  username: z.string().optional(),
  mobile: z.string().optional(),
  parishNumber: z.string().optional(),
  memberId: z.string().optional(),
  /** True while a member still signs in with the initial password. */
  mustChangePassword: z.boolean().optional(),
  /**
   * True for a session signed in with a one-time password (an admin's reset): every route but
   * changing the password answers 403 `PASSWORD_CHANGE_REQUIRED` until it is changed.
   */
  passwordChangeRequired: z.boolean().optional(),
  /** The member's chosen language (`docs/domain.md`, "Member languages"), once they chose one. */
  language: z.enum(LANGUAGES).optional(),
});

/** The signed-in user. */
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login answer: a short-lived access token and the user. */
export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });

/**
 * `POST /api/admin/members/{id}/reset-password` body: back to the initial password (the
 * specification's, no forced change), or a one-time code shown once (`docs/domain.md`, "Password resets").
 */
export const resetMemberPasswordSchema = z.object({ to: z.enum(['initial', 'one-time']) }).strict();

/** A password reset's answer: the one-time password, shown once and never stored in clear. */
export const passwordResetResultSchema = z.object({
  success: z.literal(true),
  oneTimePassword: z.string().optional(),
});
