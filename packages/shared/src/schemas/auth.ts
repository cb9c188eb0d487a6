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
  /** A ward leader's ward (decision 0129): the only members they see. Absent for every other role. */
  wardId: z.string().optional(),
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

// ---- Two-step sign-in for staff (docs/domain.md, "Two-step sign-in for staff") ----

/**
 * A code typed for the second step: six digits from an authenticator app (spaces ignored), or a
 * recovery code (letters and digits, dashes and spaces ignored; case-insensitive).
 */
const twoStepCode = z
  .string({ error: MSG.twoStepCodeWrong })
  .trim()
  .min(1, MSG.twoStepCodeWrong)
  .max(40, MSG.twoStepCodeWrong)
  .refine(isStorableText, storable);

/**
 * `POST /api/auth/admin/login` when the account has a second factor: no session yet, only a
 * challenge (a signed token that lives 5 minutes) to send with the code to
 * `POST /api/auth/admin/login/code`.
 */
export const twoStepChallengeSchema = z.object({
  twoStepRequired: z.literal(true),
  challenge: z.string(),
});

/** The staff sign-in's answer: a session, or (with a second factor) a challenge for the code. */
export const staffLoginResponseSchema = z.union([loginResponseSchema, twoStepChallengeSchema]);

/** `POST /api/auth/admin/login/code` body: the challenge of the first step and the code. */
export const twoStepSignInSchema = z.object({
  challenge: z.string().min(1).max(2000).refine(isStorableText, storable),
  code: twoStepCode,
});

/** A code that confirms a setup or turns two-step sign-in off (authenticator or recovery code). */
export const twoStepCodeSchema = z.object({ code: twoStepCode });

/**
 * `GET /api/auth/two-step`: whether the caller has a second factor, whether the parish requires
 * it of them (STAFF_MFA=required and an admin), and how many unused recovery codes are left.
 */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

/**
 * `POST /api/auth/two-step/setup`: a new secret to add to an authenticator app, as an
 * `otpauth://totp/...` URI, the same as an SVG QR code (`data:image/svg+xml` URL), and as the
 * base32 key to type by hand. Not active until confirmed with a code.
 */
export const twoStepSetupSchema = z.object({
  otpauthUri: z.string(),
  qrCode: z.string(),
  secret: z.string(),
});

/** `POST /api/auth/two-step/enable`'s answer: the recovery codes, shown this once only. */
export const twoStepEnabledSchema = z.object({ success: z.literal(true), recoveryCodes: z.array(z.string()) });

/**
 * `POST /api/auth/customer/code` body (decision 0138; `docs/domain.md`, "Sign-in with a code on
 * WhatsApp"): the member's mobile (10 or 12 digits) or parish number, as the password sign-in takes it.
 */
export const memberCodeRequestSchema = memberLoginSchema.pick({ identifier: true });

/**
 * `POST /api/auth/customer/code/verify` body (decision 0138): the identifier, the 6-digit code from
 * WhatsApp and, to reset a forgotten password with the same code, the new password (at least 8
 * characters, as Change Password asks), and the consent tick box.
 */
export const memberCodeVerifySchema = z.object({
  identifier: memberLoginSchema.shape.identifier,
  code: z
    .string({ error: MSG.signInCodeFormat })
    .trim()
    .regex(/^\d{6}$/, MSG.signInCodeFormat),
  newPassword: changePasswordSchema.shape.newPassword.optional(),
  /**
   * The code screen's tick box under the DPDP notice (unticked by default): true records the
   * member's consent to WhatsApp messages, method `sign_in_code`, when they have no record yet
   * (decision 0144).
   */
  whatsappConsent: z.boolean().optional(),
});

/** The answer of `POST /api/auth/customer/code`: always the same, whether or not the member exists. */
export const memberCodeSentSchema = z.object({
  sent: z.literal(true),
  /** Minutes the code works (5). */
  validMinutes: z.number().int(),
});
