import { Alert, Anchor, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { HOME_BY_ROLE, MSG, memberLoginSchema } from '@parish/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { signInMember } from '../../features/auth/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { PAYMENT_LINK_MOBILE_KEY } from '../../lib/storage.ts';
import { FormError } from '../../components/form-error.tsx';

type Mode = 'mobile' | 'code';

/**
 * Reads the payment-link parameters (section 2, "Member login screen"): `mobile` (also kept in
 * session storage as paymentLinkMobile), `code` (parish number) and `type`.
 */
function usePaymentLink() {
  const [params] = useSearchParams();
  const queryMobile = params.get('mobile')?.trim() ?? '';
  if (queryMobile) sessionStorage.setItem(PAYMENT_LINK_MOBILE_KEY, queryMobile);
  const mobile = queryMobile || (sessionStorage.getItem(PAYMENT_LINK_MOBILE_KEY) ?? '');
  const code = params.get('code')?.trim() ?? '';
  return { mobile, code, isPaymentType: params.get('type') === 'payment' };
}

/** The member sign-in screen, with its 'Payment Portal' mode for reminder links. */
export default function MemberLogin() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const link = usePaymentLink();
  const fromLink = Boolean(link.mobile || link.code);
  const [mode, setMode] = useState<Mode>(link.mobile ? 'mobile' : link.code ? 'code' : 'mobile');
  const [identifier, setIdentifier] = useState(link.mobile || link.code);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function switchMode(next: Mode) {
    setMode(next);
    setIdentifier('');
    setPassword('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberLoginSchema.safeParse({ identifier, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.loginFailed);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await signInMember(parsed.data);
      signIn(answer.token, answer.user);
      await navigate(HOME_BY_ROLE.customer, { replace: true });
    } catch (caught) {
      setError(errorText(caught, MSG.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  const isMobile = mode === 'mobile';
  return (
    <AuthCard>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
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
            value={identifier}
            readOnly={fromLink}
            onChange={(event) => setIdentifier(event.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t('memberLogin.password')}
            description={t('memberLogin.passwordHint')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
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
