import { z } from 'zod';

import { LANGUAGES } from '../languages.ts';
import { MSG } from '../messages.ts';
import { ROLES } from '../roles.ts';

/** `POST /api/auth/admin/login` body (`docs/domain.md`, §5 "Staff sign-in form": both must be non-blank). */
export const staffLoginSchema = z.object({
  username: z.string({ error: MSG.staffLoginBlank }).trim().min(1, MSG.staffLoginBlank).max(100),
  password: z.string({ error: MSG.staffLoginBlank }).min(1, MSG.staffLoginBlank).max(200),
});

/** `POST /api/auth/customer/login` body: a mobile (10 or 12 digits) or a parish number. */
export const memberLoginSchema = z.object({
  identifier: z.string({ error: MSG.memberIdentifierBlank }).trim().min(1, MSG.memberIdentifierBlank).max(100),
  password: z.string({ error: MSG.memberPasswordBlank }).min(1, MSG.memberPasswordBlank).max(200),
});

/** `POST /api/auth/change-password` body. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(8, MSG.passwordTooShort).max(200),
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
  /** The member's chosen language (`docs/domain.md`, "Member languages"), once they chose one. */
  language: z.enum(LANGUAGES).optional(),
});

/** The signed-in user. */
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login answer: a short-lived access token and the user. */
export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
