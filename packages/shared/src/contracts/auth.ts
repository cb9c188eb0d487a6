import { z } from 'zod';

import {
  changePasswordSchema,
  loginResponseSchema,
  memberCodeRequestSchema,
  memberCodeSentSchema,
  memberCodeVerifySchema,
  memberLoginSchema,
  sessionUserSchema,
  staffLoginResponseSchema,
  staffLoginSchema,
  twoStepCodeSchema,
  twoStepEnabledSchema,
  twoStepSetupSchema,
  twoStepSignInSchema,
  twoStepStatusSchema,
} from '../schemas/auth.ts';
import { successSchema } from '../schemas/common.ts';
import { defineContract } from './contract.ts';

/** Sign-in, session and password endpoints (docs/domain.md, "§7 API"; "§6 Roles" for who may call). */
export const authContracts = {
  /**
   * `POST /api/auth/admin/login`: a staff member signs in; the refresh cookie comes with the
   * answer. With a second factor the answer is a challenge instead (no session, no cookie).
   */
  staffLogin: defineContract({
    method: 'POST',
    path: '/api/auth/admin/login',
    body: staffLoginSchema,
    output: staffLoginResponseSchema,
  }),
  /** `POST /api/auth/admin/login/code`: the second step, the challenge and a code; a session as the first step's. */
  staffLoginCode: defineContract({
    method: 'POST',
    path: '/api/auth/admin/login/code',
    body: twoStepSignInSchema,
    output: loginResponseSchema,
  }),
  /** `GET /api/auth/two-step`: the caller's two-step sign-in state (staff). */
  twoStepStatus: defineContract({
    method: 'GET',
    path: '/api/auth/two-step',
    output: twoStepStatusSchema,
  }),
  /** `POST /api/auth/two-step/setup`: a new secret (QR code and key) to confirm with a code. */
  twoStepSetup: defineContract({
    method: 'POST',
    path: '/api/auth/two-step/setup',
    output: twoStepSetupSchema,
  }),
  /** `POST /api/auth/two-step/enable`: confirms the setup with a code; answers the recovery codes once. */
  twoStepEnable: defineContract({
    method: 'POST',
    path: '/api/auth/two-step/enable',
    body: twoStepCodeSchema,
    output: twoStepEnabledSchema,
  }),
  /** `POST /api/auth/two-step/disable`: turns it off with a current code or a recovery code. */
  twoStepDisable: defineContract({
    method: 'POST',
    path: '/api/auth/two-step/disable',
    body: twoStepCodeSchema,
    output: successSchema,
  }),
  /** `POST /api/auth/customer/login`: a member signs in with a mobile number or parish number. */
  memberLogin: defineContract({
    method: 'POST',
    path: '/api/auth/customer/login',
    body: memberLoginSchema,
    output: loginResponseSchema,
  }),
  /**
   * `POST /api/auth/customer/code`: sends a 6-digit sign-in code on WhatsApp (decision 0138); the
   * same answer whether or not the member exists; 409 `NOT_CONFIGURED` without WhatsApp.
   */
  memberCode: defineContract({
    method: 'POST',
    path: '/api/auth/customer/code',
    body: memberCodeRequestSchema,
    output: memberCodeSentSchema,
  }),
  /**
   * `POST /api/auth/customer/code/verify`: signs in with the code (answering like the password
   * sign-in), and with `newPassword` also sets the member's password (forgot password).
   */
  memberCodeVerify: defineContract({
    method: 'POST',
    path: '/api/auth/customer/code/verify',
    body: memberCodeVerifySchema,
    output: loginResponseSchema,
  }),
  /** `GET /api/auth/verify`: the signed-in user of the bearer token. */
  verify: defineContract({
    method: 'GET',
    path: '/api/auth/verify',
    output: z.object({ user: sessionUserSchema }),
  }),
  /** `POST /api/auth/refresh`: a new access token for the refresh cookie. */
  refresh: defineContract({
    method: 'POST',
    path: '/api/auth/refresh',
    output: z.object({ token: z.string() }),
  }),
  /** `POST /api/auth/logout`: ends the session (the refresh cookie is revoked). */
  logout: defineContract({
    method: 'POST',
    path: '/api/auth/logout',
    output: successSchema,
  }),
  /** `POST /api/auth/change-password`: a new password; answers a new access token. */
  changePassword: defineContract({
    method: 'POST',
    path: '/api/auth/change-password',
    body: changePasswordSchema,
    output: z.object({ success: z.literal(true), token: z.string() }),
  }),
};
