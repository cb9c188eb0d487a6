import { Anchor, Button, PasswordInput, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { HOME_BY_ROLE, MSG, staffLoginSchema } from '@parish/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { signInStaff, type StaffSignInBody } from '../../features/auth/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formErrorOf, formErrors, parseValues, schemaValidator } from '../../lib/form-validation.ts';

type Portal = 'admin' | 'cashier';

/** The staff sign-in screen (`docs/domain.md`, §2 "Staff login screen" and §5 "Staff sign-in form"). */
export default function StaffLogin() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [portal, setPortal] = useState<Portal>('admin');
  // Any problem of the shared staffLoginSchema shows as 'Please enter both username and password'.
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' } satisfies StaffSignInBody,
    validate: schemaValidator<StaffSignInBody>(staffLoginSchema, { message: () => MSG.staffLoginBlank }),
    transformValues: (values) => parseValues(staffLoginSchema, values),
  });
  const error = formErrorOf(form.errors)?.message ?? null;
  const busy = form.submitting;

  async function submit(body: StaffSignInBody) {
    try {
      const answer = await signInStaff(body);
      signIn(answer.token, answer.user);
      await navigate(HOME_BY_ROLE[answer.user.role], { replace: true });
    } catch (caught) {
      form.setErrors(formErrors(errorText(caught, MSG.loginFailed)));
    }
  }

  const isAdmin = portal === 'admin';
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
