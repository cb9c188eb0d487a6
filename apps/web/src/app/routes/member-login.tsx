import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { HOME_BY_ROLE, type ErrorCodeValue, type Language } from '@parish/shared';
import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { LanguageSwitcher, useParishDefaultLanguage } from '../../components/language-switcher.tsx';
import { signInMember } from '../../features/auth/api.ts';
import { checkMemberSignIn, type MemberSignInBody } from '../../features/auth/member-sign-in.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { changeLanguage, storedLanguage } from '../../i18n/index.ts';
import { errorText } from '../../lib/error-text.ts';
import { saveMemberLanguage } from '../../lib/member-language.ts';
import { PAYMENT_LINK_MOBILE_KEY } from '../../lib/storage.ts';

type Mode = 'mobile' | 'code';

/**
 * A failed sign-in in the member's language: the wrong-credentials and locked answers by their
 * error codes (named by type only: the codes' module holds zod schemas this screen must not load);
 * anything else as the server words it, else 'Login failed'.
 */
function signInErrorText(caught: unknown, t: TFunction): string {
  const code = caught instanceof ApiError ? caught.code : undefined;
  if (code === ('INVALID_CREDENTIALS' satisfies ErrorCodeValue)) return t('messages.invalidMemberLogin');
  if (code === ('ACCOUNT_LOCKED' satisfies ErrorCodeValue)) return t('messages.tooManyAttempts');
  return errorText(caught, t('messages.loginFailed'));
}

/**
 * Reads the payment-link parameters (`docs/domain.md`, §2 "Member login screen"): `mobile` (also kept in
 * session storage as paymentLinkMobile), `code` (parish number) and `type`. A remembered
 * paymentLinkMobile fills the form only when the address names neither `mobile` nor `code`.
 */
function usePaymentLink() {
  const [params] = useSearchParams();
  const queryMobile = params.get('mobile')?.trim() ?? '';
  if (queryMobile) sessionStorage.setItem(PAYMENT_LINK_MOBILE_KEY, queryMobile);
  const code = params.get('code')?.trim() ?? '';
  // A link's own `code` wins over a mobile remembered from an earlier link in this tab.
  const mobile = queryMobile || (code ? '' : (sessionStorage.getItem(PAYMENT_LINK_MOBILE_KEY) ?? ''));
  return { mobile, code, isPaymentType: params.get('type') === 'payment' };
}

/**
 * The member sign-in form's state and submit (`docs/domain.md`, §2 "Member login screen"): the
 * mode (mobile or parish number; a link's own decides), the typed values, the error shown and
 * whether a sign-in runs. Submit checks the values (`checkMemberSignIn`), signs in and opens the
 * dashboard in a language: the one chosen on this screen wins and is saved as the member's own
 * (decision 0140); else the member's own language (any browser); else the browser's, kept for them.
 */
function useMemberSignIn(link: ReturnType<typeof usePaymentLink>) {
  const { t, i18n } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(link.mobile ? 'mobile' : link.code ? 'code' : 'mobile');
  // Checked by plain functions with the shared schema's rules, in plain state: this screen loads
  // neither zod nor @mantine/form (about 6 KB), to stay within its budget (docs/decisions/0042).
  const [values, setValues] = useState<MemberSignInBody>({ identifier: link.mobile || link.code, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The language the member chose on this screen's switcher, if they did. */
  const chosenHereRef = useRef<Language | null>(null);

  function switchMode(next: Mode) {
    setMode(next);
    // Replacing the values also clears the message.
    setValues({ identifier: '', password: '' });
    setError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkMemberSignIn(values);
    if (!checked.ok) {
      setError(t(`messages.${checked.key}`));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await submit(checked.body);
    } finally {
      setBusy(false);
    }
  }

  async function submit(body: MemberSignInBody) {
    // The dashboard's code downloads while the password is checked (issue 18).
    void import('./customer/customer-dashboard.tsx');
    try {
      const answer = await signInMember(body);
      signIn(answer.token, answer.user);
      // A choice made on this screen wins and becomes the member's own (decision 0140); else the
      // member's own language (any browser); else the browser's first choice is kept for them.
      const picked = chosenHereRef.current;
      const chosen = answer.user.language;
      if (picked) await saveMemberLanguage({ language: picked }).catch(() => {});
      else if (chosen && chosen !== i18n.language) await changeLanguage(chosen);
      else if (!chosen && i18n.language !== 'en')
        void saveMemberLanguage({ language: storedLanguage() }).catch(() => {});
      await navigate(HOME_BY_ROLE.customer, { replace: true });
    } catch (caught) {
      setError(signInErrorText(caught, t));
    }
  }

  return { mode, switchMode, values, setValues, error, busy, onSubmit, chosenHereRef };
}

/** The member sign-in screen, with its 'Payment Portal' mode for reminder links. */
export default function MemberLogin() {
  const { t } = useTranslation();
  useParishDefaultLanguage();
  const link = usePaymentLink();
  const fromLink = Boolean(link.mobile || link.code);
  const { mode, switchMode, values, setValues, error, busy, onSubmit, chosenHereRef } = useMemberSignIn(link);

  const isMobile = mode === 'mobile';
  return (
    <AuthCard>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <Group justify="flex-end">
            <LanguageSwitcher
              onChange={(language) => {
                chosenHereRef.current = language;
              }}
            />
          </Group>
          <Title order={1} fz={26} ta="center">
            {fromLink ? t('memberLogin.paymentPortalTitle') : t('memberLogin.title')}
          </Title>
          {link.isPaymentType ? (
            <Alert color="blue" title={t('common.information')}>
              {t('memberLogin.paymentInfo')}
            </Alert>
          ) : null}
          {fromLink ? (
            <Alert color="indigo" variant="light" title={t('memberLogin.paymentReminderAccess')}>
              {t('memberLogin.paymentReminderText')}
            </Alert>
          ) : (
            <SegmentedControl
              aria-label={t('memberLogin.modeLabel')}
              value={mode}
              onChange={(value) => switchMode(value as Mode)}
              data={[
                { value: 'mobile', label: t('memberLogin.mobileMode') },
                { value: 'code', label: t('memberLogin.parishMode') },
              ]}
              fullWidth
            />
          )}
          <FormError message={error} title={t('common.error')} />
          <TextInput
            label={isMobile ? t('memberLogin.mobileLabel') : t('memberLogin.parishLabel')}
            description={isMobile ? t('memberLogin.mobileHint') : t('memberLogin.parishHint')}
            placeholder={isMobile ? t('memberLogin.mobilePlaceholder') : t('memberLogin.parishPlaceholder')}
            inputMode={isMobile ? 'numeric' : 'text'}
            autoComplete="username"
            value={values.identifier}
            onChange={(event) => setValues({ ...values, identifier: event.currentTarget.value })}
            readOnly={fromLink}
            required
          />
          <PasswordInput
            label={t('memberLogin.password')}
            description={t('memberLogin.passwordHint')}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
            required
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('memberLogin.signingIn') : fromLink ? t('memberLogin.submitPayment') : t('memberLogin.submit')}
          </Button>
          {fromLink ? null : (
            <>
              <Text ta="center" size="sm">
                <Anchor component="button" type="button" onClick={() => switchMode(isMobile ? 'code' : 'mobile')}>
                  {isMobile ? t('memberLogin.useParishInstead') : t('memberLogin.useMobileInstead')}
                </Anchor>
              </Text>
              <Anchor component={Link} to="/" ta="center">
                {t('common.backToHome')}
              </Anchor>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
