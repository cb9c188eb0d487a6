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
import type { Language } from '@parish/shared';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { LanguageSwitcher, useParishDefaultLanguage } from '../../components/language-switcher.tsx';
import { signInMember } from '../../features/auth/api.ts';
import type { CodePurpose } from '../../features/auth/code-sign-in.tsx';
import {
  lockedMinutesOf,
  memberSignInErrorText,
  useFinishMemberSignIn,
} from '../../features/auth/finish-member-sign-in.ts';
import { checkMemberSignIn, type MemberSignInBody } from '../../features/auth/member-sign-in.ts';
import { useParishSettings } from '../../lib/settings.ts';
import { PAYMENT_LINK_MOBILE_KEY } from '../../lib/storage.ts';
import { loadCustomerDashboard } from '../first-screen.ts';
import { releasePrerender } from '../prerendered.ts';

/** The code on WhatsApp and forgot password: loaded only when the member asks (decision 0042's budget). */
const CodeSignIn = lazy(() => import('../../features/auth/code-sign-in.tsx'));

type Mode = 'mobile' | 'code';

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
  const { t } = useTranslation();
  const finish = useFinishMemberSignIn();
  const [mode, setMode] = useState<Mode>(link.mobile ? 'mobile' : link.code ? 'code' : 'mobile');
  // Checked by plain functions with the shared schema's rules, in plain state: this screen loads
  // neither zod nor @mantine/form (about 6 KB), to stay within its budget (docs/decisions/0042).
  const [values, setValues] = useState<MemberSignInBody>({ identifier: link.mobile || link.code, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The language the member chose on this screen's switcher, if they did. */
  const chosenHereRef = useRef<Language | null>(null);
  // The screen the server sent drawn is the app's now: it takes taps and typing (decision 0159).
  useEffect(releasePrerender, []);

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
    setLocked(false);
    setBusy(true);
    try {
      await submit(checked.body);
    } finally {
      setBusy(false);
    }
  }

  async function submit(body: MemberSignInBody) {
    // The dashboard's code downloads while the password is checked (issue 18).
    void loadCustomerDashboard();
    try {
      await finish(await signInMember(body), chosenHereRef.current);
    } catch (caught) {
      setError(memberSignInErrorText(caught, t));
      setLocked(lockedMinutesOf(caught) !== null);
    }
  }

  return { mode, switchMode, values, setValues, error, locked, busy, onSubmit, chosenHereRef };
}

/**
 * The password field's hint: the initial password's format, then "Passwords are case-sensitive."
 * on a line of its own (the format hint has no full stop, so the two sentences ran together).
 */
function PasswordHint() {
  const { t } = useTranslation();
  return (
    <>
      {t('memberLogin.passwordHint')}
      <br />
      {t('memberLogin.caseSensitive')}
    </>
  );
}

/**
 * The member sign-in screen, with its 'Payment Portal' mode for reminder links. Its first-visit
 * form (English, no link) is also drawn at build time into the page the server sends for
 * `/customer/login` (decision 0159), which this component then hydrates.
 */
export default function MemberLogin() {
  const { t } = useTranslation();
  useParishDefaultLanguage();
  const link = usePaymentLink();
  const fromLink = Boolean(link.mobile || link.code);
  const { mode, switchMode, values, setValues, error, locked, busy, onSubmit, chosenHereRef } = useMemberSignIn(link);
  // Offered only when the parish's WhatsApp Cloud API is configured (decision 0138).
  const codeOffered = useParishSettings().data?.whatsAppSignIn === true;
  const [codePurpose, setCodePurpose] = useState<CodePurpose | null>(null);

  const isMobile = mode === 'mobile';
  if (codePurpose) {
    return (
      <AuthCard>
        <Stack gap="md">
          <Group justify="flex-end">
            <LanguageSwitcher />
          </Group>
          <Suspense fallback={<Text ta="center">{t('common.loading')}</Text>}>
            <CodeSignIn
              purpose={codePurpose}
              identifier={values.identifier}
              identifierReadOnly={fromLink}
              onBack={() => setCodePurpose(null)}
            />
          </Suspense>
        </Stack>
      </AuthCard>
    );
  }
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
          {locked && codeOffered ? (
            <Button variant="light" color="green" onClick={() => setCodePurpose('sign-in')}>
              {t('memberLogin.codeOffer')}
            </Button>
          ) : null}
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
            description={<PasswordHint />}
            autoComplete="current-password"
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.currentTarget.value })}
            required
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('memberLogin.signingIn') : fromLink ? t('memberLogin.submitPayment') : t('memberLogin.submit')}
          </Button>
          {codeOffered ? (
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={() => setCodePurpose('sign-in')}>
                {t('memberLogin.codeOffer')}
              </Anchor>
              <Anchor component="button" type="button" size="sm" onClick={() => setCodePurpose('reset')}>
                {t('memberLogin.forgotPassword')}
              </Anchor>
            </Group>
          ) : null}
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
