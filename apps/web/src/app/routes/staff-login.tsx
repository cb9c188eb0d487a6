import { Anchor, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { HOME_BY_ROLE, MSG, staffLoginSchema } from '@parish/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { signInStaff, signInStaffWithCode, type SignInAnswer, type StaffSignInBody } from '../../features/auth/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { JUST_SIGNED_IN_KEY } from '../../lib/storage.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';

type Portal = 'admin' | 'cashier';

/**
 * The second step of a staff sign-in with two-step sign-in (`docs/domain.md`, "Two-step sign-in
 * for staff"): a code from the authenticator app or a recovery code, sent with the first step's
 * challenge. A challenge that expired sends the user back to the password.
 */
function CodeStep(props: {
  challenge: string;
  onSignedIn: (answer: SignInAnswer) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await props.onSignedIn(await signInStaffWithCode({ challenge: props.challenge, code }));
    } catch (caught) {
      setError(errorText(caught, MSG.loginFailed));
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={1} fz={26} ta="center">
          {t('twoStep.signInTitle')}
        </Title>
        <Text ta="center">{t('twoStep.signInText')}</Text>
        <FormError message={error} title={t('common.error')} />
        <TextInput
          label={t('twoStep.signInCode')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="one-time-code"
          data-autofocus
          required
        />
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? t('staffLogin.signingIn') : t('twoStep.signInSubmit')}
        </Button>
        <Anchor component="button" type="button" onClick={props.onBack} ta="center">
          {t('twoStep.signInBack')}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * The staff sign-in screen (`docs/domain.md`, §2 "Staff login screen" and §5 "Staff sign-in form"),
 * with the code step of two-step sign-in after the password when the account has it.
 */
export default function StaffLogin() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [portal, setPortal] = useState<Portal>('admin');
  const [challenge, setChallenge] = useState<string | null>(null);
  // Any problem of the shared staffLoginSchema shows as 'Please enter both username and password'.
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' } satisfies StaffSignInBody,
    validate: schemaValidator<StaffSignInBody>(staffLoginSchema, { message: () => MSG.staffLoginBlank }),
    transformValues: (values) => parseValues(staffLoginSchema, values),
  });
  const error = formErrorOf(form.errors)?.message ?? null;
  const busy = form.submitting;

  async function enter(answer: SignInAnswer) {
    // Just signed in: the admin's landing may be the new parish checklist instead (decision 0132).
    sessionStorage.setItem(JUST_SIGNED_IN_KEY, '1');
    signIn(answer.token, answer.user);
    await navigate(HOME_BY_ROLE[answer.user.role], { replace: true });
  }

  async function submit(body: StaffSignInBody) {
    try {
      const answer = await signInStaff(body);
      if ('challenge' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      await enter(answer);
    } catch (caught) {
      form.setErrors(formErrors(errorText(caught, MSG.loginFailed)));
    }
  }

  const isAdmin = portal === 'admin';
  if (challenge) {
    return (
      <AuthCard>
        <CodeStep
          challenge={challenge}
          onSignedIn={enter}
          onBack={() => {
            setChallenge(null);
            form.setFieldValue('password', '');
          }}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('staffLogin.roleLabel')}
            value={portal}
            onChange={(value) => setPortal(value as Portal)}
            data={[
              { value: 'admin', label: t('staffLogin.admin') },
              { value: 'cashier', label: t('staffLogin.cashier') },
            ]}
            fullWidth
          />
          <Title order={1} fz={26} ta="center">
            {isAdmin ? t('staffLogin.adminTitle') : t('staffLogin.cashierTitle')}
          </Title>
          <FormError message={error} title={t('common.error')} />
          <TextInput
            label={t('staffLogin.username')}
            autoComplete="username"
            {...form.getInputProps('username')}
            required
          />
          <PasswordInput
            label={t('staffLogin.password')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
            required
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('staffLogin.signingIn') : isAdmin ? t('staffLogin.adminSubmit') : t('staffLogin.cashierSubmit')}
          </Button>
          <Anchor component={Link} to="/" ta="center">
            {t('common.backToHome')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
