import { MSG, type ErrorCodeValue } from '@parish/shared';

import { ApiError } from '../../lib/api-client.ts';

/** The dialog title (catalogue key under `members.errorTitles`) of each member form message. */
const TITLE_OF_MESSAGE: Record<string, string> = {
  [MSG.memberRequired]: 'validation',
  [MSG.invalidMobile]: 'mobile',
  [MSG.invalidParishNumber]: 'parishNumber',
  [MSG.nameTooLong]: 'nameTooLong',
  [MSG.invalidEmail]: 'email',
  [MSG.addressTooLong]: 'addressTooLong',
  [MSG.duplicateMember]: 'duplicate',
};

/** The domain codes of a save refused because another active member has the mobile or parish number. */
const DUPLICATE_CODES: readonly string[] = [
  'DUPLICATE_MOBILE',
  'DUPLICATE_PARISH_NUMBER',
] satisfies readonly ErrorCodeValue[];

/** A member form error as the dialog shows it: a title key and the message. */
export interface MemberFormError {
  titleKey: string;
  message: string;
}

/**
 * The title of a member form message (`docs/domain.md`, §5 "Error and outcome messages"):
 * Validation Error, Invalid Mobile Number, Invalid Parish Number, Name Too Long, Invalid Email,
 * Address Too Long or Duplicate Member; any other validation text is a Validation Error.
 */
export function memberErrorOfMessage(message: string): MemberFormError {
  return { titleKey: `members.errorTitles.${TITLE_OF_MESSAGE[message] ?? 'validation'}`, message };
}

/**
 * A failed save as the dialog shows it: a duplicate (by its code `DUPLICATE_MOBILE` or
 * `DUPLICATE_PARISH_NUMBER`) as Duplicate Member; a 400 or 409 text under its title (above); another 4xx
 * (session, permission, not found) as a Save Error with the server's text; anything else
 * (network, 5xx) as the Save Error 'Failed to save member'.
 */
export function memberErrorOfSaveFailure(error: unknown, saveFailed: string): MemberFormError {
  if (error instanceof ApiError && error.code !== undefined && DUPLICATE_CODES.includes(error.code)) {
    // A duplicate is known by its domain code, whatever the server's wording.
    return { titleKey: 'members.errorTitles.duplicate', message: error.message || MSG.duplicateMember };
  }
  if (error instanceof ApiError && error.message) {
    if (error.status === 400 || error.status === 409) return memberErrorOfMessage(error.message);
    if (error.status >= 400 && error.status < 500) {
      return { titleKey: 'members.errorTitles.save', message: error.message };
    }
  }
  return { titleKey: 'members.errorTitles.save', message: saveFailed };
}
