import type { authContracts, ContractBody, ContractOutput, ContractPath } from '@parish/shared';

import { requestJson } from '../../lib/api-client.ts';

/**
 * The sign-in calls of the two sign-in screens. They use the plain API client, typed by the shared
 * contracts' types only: the member's sign-in screen is the first screen of a reminder link on a
 * phone, and must not load zod schemas (the contract objects hold them).
 */

const STAFF_LOGIN_PATH: ContractPath<typeof authContracts.staffLogin> = '/api/auth/admin/login';
const STAFF_LOGIN_CODE_PATH: ContractPath<typeof authContracts.staffLoginCode> = '/api/auth/admin/login/code';
const MEMBER_LOGIN_PATH: ContractPath<typeof authContracts.memberLogin> = '/api/auth/customer/login';

/** The staff sign-in body: username and password. */
export type StaffSignInBody = ContractBody<typeof authContracts.staffLogin>;

/** The answer of a sign-in: the access token and the signed-in user. */
export type SignInAnswer = ContractOutput<typeof authContracts.memberLogin>;

/**
 * The staff sign-in's answer: a session, or for an account with two-step sign-in a challenge for
 * the code (`docs/domain.md`, "Two-step sign-in for staff").
 */
export type StaffSignInAnswer = ContractOutput<typeof authContracts.staffLogin>;

/**
 * `POST /api/auth/admin/login` (no refresh-and-replay on a 401: a wrong password is a 401).
 * @throws ApiError with the server's text ('Invalid username or password', too many attempts...).
 */
export function signInStaff(body: StaffSignInBody): Promise<StaffSignInAnswer> {
  return requestJson<StaffSignInAnswer>(STAFF_LOGIN_PATH, { method: 'POST', body, retryOnUnauthorized: false });
}

/**
 * `POST /api/auth/admin/login/code`: the second step, the challenge of the first and a code from
 * the authenticator app or a recovery code.
 * @throws ApiError with the server's text (a wrong or used code, an expired challenge, too many attempts).
 */
export function signInStaffWithCode(body: ContractBody<typeof authContracts.staffLoginCode>): Promise<SignInAnswer> {
  return requestJson<SignInAnswer>(STAFF_LOGIN_CODE_PATH, { method: 'POST', body, retryOnUnauthorized: false });
}

/**
 * `POST /api/auth/customer/login` with a mobile number or parish number and the password.
 * @throws ApiError with the server's text ('Invalid mobile number/parish number or password'...).
 */
export function signInMember(body: ContractBody<typeof authContracts.memberLogin>): Promise<SignInAnswer> {
  return requestJson<SignInAnswer>(MEMBER_LOGIN_PATH, { method: 'POST', body, retryOnUnauthorized: false });
}

const MEMBER_CODE_PATH: ContractPath<typeof authContracts.memberCode> = '/api/auth/customer/code';
const MEMBER_CODE_VERIFY_PATH: ContractPath<typeof authContracts.memberCodeVerify> = '/api/auth/customer/code/verify';

/**
 * `POST /api/auth/customer/code`: asks for a 6-digit sign-in code on WhatsApp (decision 0138). The
 * same answer whether or not the member exists.
 * @throws ApiError 409 `NOT_CONFIGURED` without WhatsApp; 429 `ACCOUNT_LOCKED` (detail `lockedMinutes`).
 */
export function requestMemberCode(
  body: ContractBody<typeof authContracts.memberCode>,
): Promise<ContractOutput<typeof authContracts.memberCode>> {
  return requestJson(MEMBER_CODE_PATH, { method: 'POST', body, retryOnUnauthorized: false });
}

/**
 * `POST /api/auth/customer/code/verify`: signs in with the code, answering like the password
 * sign-in; with `newPassword` also sets the member's password (forgot password).
 * @throws ApiError 401 `SIGN_IN_CODE_WRONG`, 400 for a refused new password, 409 `NOT_CONFIGURED`, 429.
 */
export function verifyMemberCode(body: ContractBody<typeof authContracts.memberCodeVerify>): Promise<SignInAnswer> {
  return requestJson<SignInAnswer>(MEMBER_CODE_VERIFY_PATH, { method: 'POST', body, retryOnUnauthorized: false });
}
