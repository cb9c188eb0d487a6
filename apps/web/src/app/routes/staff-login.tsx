import { Anchor, Button, PasswordInput, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { HOME_BY_ROLE, MSG, staffLoginSchema } from '@parish/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { AuthCard } from '../../components/auth-card.tsx';
import { signInStaff } from '../../features/auth/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { errorText } from '../../lib/error-text.ts';
import { FormError } from '../../components/form-error.tsx';

type Portal = 'admin' | 'cashier';

/** The staff sign-in screen (specification sections 2 and 5). */
export default function StaffLogin() {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [portal, setPortal] = useState<Portal>('admin');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = staffLoginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(MSG.staffLoginBlank);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await signInStaff(parsed.data);
      signIn(answer.token, answer.user);
      await navigate(HOME_BY_ROLE[answer.user.role], { replace: true });
    } catch (caught) {
      setError(errorText(caught, MSG.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  const isAdmin = portal === 'admin';
  return (
    <AuthCard>
      <form onSubmit={(event) => void submit(event)} noValidate>
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
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            required
          />
          <PasswordInput
            label={t('staffLogin.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
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
