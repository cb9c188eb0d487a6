import { HOME_BY_ROLE, type ErrorCodeValue, type Language } from '@parish/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { changeLanguage, storedLanguage } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { saveMemberLanguage } from '../../lib/member-language.ts';
import type { SignInAnswer } from './api.ts';

/**
 * What a member's sign-in does once the server said yes, by password or by a code on WhatsApp
 * (decision 0138): keeps the session and opens the dashboard in a language: `picked`, the one the
 * member chose on the sign-in screen's switcher, wins and is saved as the member's own (decision
 * 0140); else the member's own language (any browser); else the browser's, kept for them.
 */
export function useFinishMemberSignIn(): (answer: SignInAnswer, picked?: Language | null) => Promise<void> {
  const { i18n } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  return async (answer, picked) => {
    signIn(answer.token, answer.user);
    const chosen = answer.user.language;
    if (picked) await saveMemberLanguage({ language: picked }).catch(() => {});
    else if (chosen && chosen !== i18n.language) await changeLanguage(chosen);
    else if (!chosen && i18n.language !== 'en') void saveMemberLanguage({ language: storedLanguage() }).catch(() => {});
    await navigate(HOME_BY_ROLE.customer, { replace: true });
  };
}

/** The minutes a lock still holds, from the `lockedMinutes` detail of a 429 (decision 0138); null without it. */
export function lockedMinutesOf(caught: unknown): number | null {
  if (!(caught instanceof ApiError)) return null;
  const minutes = Number(caught.details?.find((detail) => detail.field === 'lockedMinutes')?.message);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : null;
}

/**
 * A failed member sign-in (password or code) in the member's language: the wrong-credentials,
 * wrong-code and locked answers by their error codes (named by type only: the codes' module holds
 * zod schemas this screen must not load), a lock saying for how many minutes; anything else as the
 * server words it, else 'Login failed'.
 */
export function memberSignInErrorText(caught: unknown, t: TFunction): string {
  const code = caught instanceof ApiError ? caught.code : undefined;
  if (code === ('INVALID_CREDENTIALS' satisfies ErrorCodeValue)) return t('messages.invalidMemberLogin');
  if (code === ('SIGN_IN_CODE_WRONG' satisfies ErrorCodeValue)) return t('messages.signInCodeWrong');
  if (code === ('NOT_CONFIGURED' satisfies ErrorCodeValue)) return t('messages.signInCodeNotConfigured');
  if (code === ('ACCOUNT_LOCKED' satisfies ErrorCodeValue)) {
    const minutes = lockedMinutesOf(caught);
    return minutes ? t('memberLogin.lockedFor', { minutes }) : t('messages.tooManyAttempts');
  }
  return errorText(caught, t('messages.loginFailed'));
}
