import { MSG } from '@parish/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-client.ts';
import { memberErrorOfMessage, memberErrorOfSaveFailure } from './member-errors.ts';

describe('memberErrorOfMessage and memberErrorOfSaveFailure', () => {
  it('titles a member form message by what it says', () => {
    expect(memberErrorOfMessage(MSG.invalidMobile)).toEqual({
      titleKey: 'members.errorTitles.mobile',
      message: MSG.invalidMobile,
    });
    expect(memberErrorOfMessage(MSG.duplicateMember).titleKey).toBe('members.errorTitles.duplicate');
    expect(memberErrorOfMessage('Location must be at most 100 characters').titleKey).toBe(
      'members.errorTitles.validation',
    );
  });

  it("titles a 400 or 409 by its text, another 4xx as a Save Error with the server's text", () => {
    expect(memberErrorOfSaveFailure(new ApiError(MSG.duplicateMember, 409), 'Failed to save member')).toEqual({
      titleKey: 'members.errorTitles.duplicate',
      message: MSG.duplicateMember,
    });
    expect(memberErrorOfSaveFailure(new ApiError('Forbidden', 403), 'Failed to save member')).toEqual({
      titleKey: 'members.errorTitles.save',
      message: 'Forbidden',
    });
  });

  it('titles a duplicate by its domain code, whatever the wording', () => {
    for (const code of ['DUPLICATE_MOBILE', 'DUPLICATE_PARISH_NUMBER']) {
      expect(memberErrorOfSaveFailure(new ApiError('Some other wording', 409, code), 'Failed to save member')).toEqual({
        titleKey: 'members.errorTitles.duplicate',
        message: 'Some other wording',
      });
    }
    expect(memberErrorOfSaveFailure(new ApiError('Some other wording', 409, 'CONFLICT'), 'x').titleKey).toBe(
      'members.errorTitles.validation',
    );
  });

  it("shows 'Failed to save member' for a server or network failure", () => {
    const saveFailed = 'Failed to save member';
    expect(memberErrorOfSaveFailure(new ApiError('Internal', 500), saveFailed).message).toBe(saveFailed);
    expect(memberErrorOfSaveFailure(new ApiError('Failed to fetch', 0, 'NETWORK'), saveFailed).message).toBe(
      saveFailed,
    );
    expect(memberErrorOfSaveFailure(new TypeError('x'), saveFailed).titleKey).toBe('members.errorTitles.save');
  });
});
