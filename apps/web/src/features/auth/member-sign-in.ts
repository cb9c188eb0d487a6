import { MSG, type authContracts, type ContractBody } from '@parish/shared';

/**
 * The member sign-in form's check, as plain functions: the same rules and messages as the shared
 * `memberLoginSchema` (docs/domain.md, "§5 Validation"; a test holds the two together), without
 * loading zod into the member's sign-in screen, the first screen of a reminder link on a phone.
 */

/** The sign-in body: the identifier (mobile or parish number) trimmed, the password as typed. */
export type MemberSignInBody = ContractBody<typeof authContracts.memberLogin>;

/** Longest identifier and password the schema takes. */
const IDENTIFIER_MAX = 100;
const PASSWORD_MAX = 200;

/**
 * The first problem of the typed values, in the schema's order (identifier, then password), or
 * the body to send: 'Please enter your mobile number or parish number' for a blank (or over 100
 * characters) identifier, 'Please enter your password' for a blank (or over 200 characters)
 * password; the schema gives each field one text for any of its problems. `key` names the text in
 * the catalogue's `messages`, so the screen shows it in the member's language.
 */
export function checkMemberSignIn(values: {
  identifier: string;
  password: string;
}):
  | { ok: true; body: MemberSignInBody }
  | { ok: false; message: string; key: 'memberIdentifierBlank' | 'memberPasswordBlank' } {
  const identifier = values.identifier.trim();
  if (identifier.length === 0 || identifier.length > IDENTIFIER_MAX) {
    return { ok: false, message: MSG.memberIdentifierBlank, key: 'memberIdentifierBlank' };
  }
  const { password } = values;
  if (password.length === 0 || password.length > PASSWORD_MAX) {
    return { ok: false, message: MSG.memberPasswordBlank, key: 'memberPasswordBlank' };
  }
  return { ok: true, body: { identifier, password } };
}
